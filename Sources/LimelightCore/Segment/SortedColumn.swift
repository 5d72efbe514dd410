/// A numeric column's documents in order of their values: the documents whose value lies in a
/// range are found with two binary searches, where a scan reads every value of the column.
/// Documents without a value are left out.
public struct SortedColumn: Sendable {
    /// The values, ascending.
    private let values: [Double]
    /// The document of each value (aligned with ``values``; ascending among equal values).
    private let documents: [UInt32]

    /// Sorts the values of `column`'s documents below `count`.
    init(_ column: NumericColumn, count: Int) {
        var pairs: [(value: Double, document: UInt32)] = []
        pairs.reserveCapacity(count)
        for document in 0..<UInt32(count) {
            if let value = column.value(document) { pairs.append((value, document)) }
        }
        pairs.sort { $0.value != $1.value ? $0.value < $1.value : $0.document < $1.document }
        values = pairs.map(\.value)
        documents = pairs.map(\.document)
    }

    /// How many documents have a value.
    public var count: Int { values.count }

    /// The documents whose value lies in `low...high`, in order of their values.
    public func documents(from low: Double, through high: Double) -> ArraySlice<UInt32> {
        let start = firstIndex { $0 >= low }
        let end = firstIndex { $0 > high }
        return start < end ? documents[start..<end] : []
    }

    /// The first index whose value satisfies `isPast` (which holds from some index on), or the count.
    private func firstIndex(where isPast: (Double) -> Bool) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(values[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
