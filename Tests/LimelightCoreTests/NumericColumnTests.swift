@testable import LimelightCore
import Testing
import LimelightTestSupport

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

    /// The column sorted by value finds, for every range, the documents a scan finds (in value
    /// order), ties and documents without a value included.
    @Test func theSortedColumnFindsWhatAScanFinds() throws {
        Self.values.withUnsafeBytes { bytes in
            let column = NumericColumn(bytes: bytes)
            let sorted = SortedColumn(column, count: Self.values.count)
            #expect(sorted.count == Self.values.count - 2, "documents without a value are left out")
            for lower in Self.bounds {
                for upper in Self.bounds {
                    for includeLower in [false, true] {
                        for includeUpper in [false, true] {
                            let label = "\(String(describing: lower)) \(includeLower) … \(String(describing: upper)) \(includeUpper)"
                            let scanned = column.documents(lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper, limit: Self.values.count)
                            guard let (low, high) = NumericColumn.closedBounds(lower, upper, includeLower, includeUpper) else {
                                #expect(scanned.isEmpty, "\(label)")
                                continue
                            }
                            let found = Array(sorted.documents(from: low, through: high))
                            #expect(found.sorted() == scanned, "\(label)")
                            #expect(found.map { Self.values[Int($0)] } == found.map { Self.values[Int($0)] }.sorted(), "\(label): in value order")
                        }
                    }
                }
            }
        }
    }

    /// A narrow range over a large segment is taken from the sorted column; it must match what a
    /// scan matches, with deleted documents left out, and wide ranges still scan.
    @Test func rangesOverALargeSegmentMatchWhatAScanMatches() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        var batch = WriteBatch()
        var sizes: [Int: Double] = [:]
        for i in 0..<6_000 {
            // Ties (a thousand values), and every seventh document without a size.
            let size: Double? = i % 7 == 3 ? nil : Double((i * 7_919) % 1_000)
            sizes[i] = size
            batch.append(.upsert(document("k\(i)", title: "item", size: size)))
        }
        try engine.commit(batch)
        var deletions = WriteBatch()
        for i in stride(from: 5, to: 6_000, by: 11) { deletions.append(.deleteKey("k\(i)")) }
        try engine.commit(deletions)
        let snapshot = engine.snapshot()
        #expect(snapshot.segments.count == 1 && snapshot.segments[0].reader.documentCount >= 4_096)
        for (low, high, includeLower, includeUpper) in [
            (10.0, 20.0, true, true), (10, 20, false, false), (0, 0, true, true), (999, 2_000, true, false), (-5, 3, true, true),
            (100, 349, true, true), (0, 999, true, true), (500, 500, false, true),
        ] {
            let expected = (0..<6_000).filter { i in
                guard i % 11 != 5, let size = sizes[i] else { return false }
                return (includeLower ? size >= low : size > low) && (includeUpper ? size <= high : size < high)
            }.map { "k\($0)" }.sorted()
            let range = EngineQuery.range(field: "size", lower: low, upper: high, includeLower: includeLower, includeUpper: includeUpper)
            #expect(try snapshot.keys(range) == expected, "\(low) \(includeLower) … \(high) \(includeUpper)")
        }
        try engine.close()
    }
}
