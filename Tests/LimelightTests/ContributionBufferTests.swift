@testable import LimelightRanking
import Testing

/// A word's contributions reduce to one sum per document, added in the order they came, with the
/// fields they came from: whether they came in ascending, in several ascending runs (one per field
/// or per word a prefix starts), or so many that the buffer sums them in place.
@Suite struct ContributionBufferTests {
    /// What a reduction must give: per document, ascending, the sum in arrival order and the mask.
    private func expected(_ contributions: [(UInt32, Double, UInt64)]) -> SegmentScorer.WordMatches {
        var sums: [UInt32: (Double, UInt64)] = [:]
        for (document, weight, bit) in contributions {
            let (sum, mask) = sums[document] ?? (0, 0)
            sums[document] = (sum + weight, mask | bit)
        }
        var result = SegmentScorer.WordMatches()
        for document in sums.keys.sorted() {
            result.documents.append(document)
            result.scores.append(sums[document]!.0 * 2)
            result.fieldMasks.append(sums[document]!.1)
        }
        return result
    }

    @Test func reducesLikeSummingInArrivalOrder() {
        var state: UInt64 = 5
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let documentCount = 4_096
        var shapes: Set<String> = []
        for round in 0..<300 {
            // 1–6 runs (fields), each ascending, of up to 600 documents: past 256 contributions in
            // all, the buffer turns dense.
            var contributions: [(UInt32, Double, UInt64)] = []
            for run in 0..<(1 + next(6)) {
                var document = next(64)
                for _ in 0..<next(round % 3 == 0 ? 600 : 40) {
                    document += 1 + next(16)
                    guard document < documentCount else { break }
                    contributions.append((UInt32(document), Double(1 + next(1_000)) / 7, 1 << UInt64(run)))
                }
            }
            var buffer = ContributionBuffer(documentCount: documentCount, expected: next(50))
            for (document, weight, bit) in contributions { buffer.add(document, weight, bit) }
            let reduced = buffer.reduce { $0 * 2 }
            let want = expected(contributions)
            #expect(reduced.documents == want.documents)
            #expect(reduced.scores == want.scores)
            #expect(reduced.fieldMasks == want.fieldMasks)
            shapes.insert(contributions.count > documentCount / 16 ? "dense" : Set(contributions.map(\.2)).count == 1 ? "one run" : "runs")
        }
        #expect(shapes == ["dense", "one run", "runs"])
    }

    /// A run that starts at the document the previous one ended at sums the two contributions.
    @Test func aDocumentEndingOneRunAndStartingTheNextIsSummedOnce() {
        var buffer = ContributionBuffer(documentCount: 100)
        buffer.add(3, 1, 1)
        buffer.add(5, 2, 1)
        buffer.add(5, 4, 2)
        buffer.add(9, 8, 2)
        let reduced = buffer.reduce { $0 }
        #expect(reduced.documents == [3, 5, 9])
        #expect(reduced.scores == [1, 6, 8])
        #expect(reduced.fieldMasks == [1, 3, 2])
    }
}
