/// A set of a segment's documents, one bit each: membership costs a shift and a mask, and the
/// members come out in ascending order without sorting.
public struct DocumentBits: Sendable {
    @usableFromInline var words: [UInt64]

    /// An empty set of documents below `count`.
    public init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Whether `document` (below the count) is in the set.
    @inlinable
    public func contains(_ document: UInt32) -> Bool {
        words[Int(document) >> 6] & (1 << UInt64(document & 63)) != 0
    }

    /// Puts `document` (below the count) in the set.
    @inlinable
    public mutating func insert(_ document: UInt32) {
        words[Int(document) >> 6] |= 1 << UInt64(document & 63)
    }

    /// The documents in the set that `isKept` accepts, ascending.
    public func documents(where isKept: (UInt32) -> Bool = { _ in true }) -> [UInt32] {
        var result: [UInt32] = []
        for (index, word) in words.enumerated() where word != 0 {
            var left = word
            while left != 0 {
                let document = UInt32(index << 6 | left.trailingZeroBitCount)
                if isKept(document) { result.append(document) }
                left &= left &- 1
            }
        }
        return result
    }
}
