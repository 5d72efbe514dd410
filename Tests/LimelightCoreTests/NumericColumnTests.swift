@testable import LimelightCore
import Testing

/// The branch-free range scans of a numeric column select exactly what comparing each value with
/// the bounds selects: open and closed bounds, infinite bounds, and documents without a value.
@Suite struct NumericColumnTests {
    /// Values with ties, infinities, zeros of both signs and missing values (NaN).
    static let values: [Double] = [
        3, -1, .nan, 3, 0, -0.0, 7.5, .infinity, -.infinity, 2.999_999, 3.000_001, .nan, 100, -100, 3,
    ] + (0..<2_500).map { Double(($0 * 7_919) % 1_000) / 10 }

    static let bounds: [Double?] = [nil, 3, -1, 0, -0.0, 7.5, .infinity, -.infinity, .nan, 50, 99.9]

    /// What a scan must return: the documents whose value is inside, by plain comparisons.
    static func expected(_ documents: [UInt32], _ lower: Double?, _ upper: Double?, _ includeLower: Bool, _ includeUpper: Bool) -> [UInt32] {
        documents.filter { document in
            guard Int(document) < values.count else { return false }
            let value = values[Int(document)]
            if value.isNaN { return false }
            if let lower, includeLower ? !(value >= lower) : !(value > lower) { return false }
            if let upper, includeUpper ? !(value <= upper) : !(value < upper) { return false }
            return true
        }
    }

    @Test func scansSelectWhatComparisonsSelect() {
        Self.values.withUnsafeBytes { bytes in
            let column = NumericColumn(bytes: bytes)
            let everyDocument = (0..<UInt32(Self.values.count)).map { $0 }
            // Candidates skip some documents and include some past the column's end.
            let candidates = everyDocument.filter { $0 % 3 != 1 } + [UInt32(Self.values.count), UInt32(Self.values.count) + 5]
            for lower in Self.bounds {
                for upper in Self.bounds {
                    for includeLower in [false, true] {
                        for includeUpper in [false, true] {
                            let label = "\(String(describing: lower)) \(includeLower) … \(String(describing: upper)) \(includeUpper)"
                            #expect(
                                column.documents(lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper, limit: Self.values.count)
                                    == Self.expected(everyDocument, lower, upper, includeLower, includeUpper), "\(label)")
                            #expect(
                                column.documents(among: candidates, lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper)
                                    == Self.expected(candidates, lower, upper, includeLower, includeUpper), "\(label)")
                        }
                    }
                }
            }
            #expect(column.documents(lower: nil, upper: nil, includeLower: true, includeUpper: true, limit: 10).count == 9, "the limit bounds the scan")
        }
    }
}
