import LimelightCore
import Testing

/// The radix sort of document keys orders by document and keeps each document's keys in order.
@Suite struct DocumentKeySortTests {
    /// Documents below each bound: the passes depend on the highest one.
    @Test(arguments: [1, 2, 255, 256, 257, 65_536, 1 << 20, Int(UInt32.max) + 1])
    func sortsLikeAStableSortByDocument(documentBound: Int) {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(documentBound)
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 11
        }
        for count in [0, 1, 2, 100, 255, 256, 1_000, 20_000] {
            // Payloads are the keys' places in the input: a stable sort keeps them ascending within
            // a document.
            var keys = (0..<count).map { place in (next() % UInt64(documentBound)) << 32 | UInt64(place) }
            let expected = keys.sorted()
            DocumentKeySort.sort(&keys)
            #expect(keys == expected, "\(count) keys below \(documentBound)")
        }
        // Runs of ascending documents, as postings of several terms are.
        var runs: [UInt64] = []
        for run in 0..<40 {
            var document: UInt64 = 0
            for _ in 0..<50 {
                document = min(document + next() % 97, UInt64(documentBound - 1))
                runs.append(document << 32 | UInt64(run))
            }
        }
        var sorted = runs
        DocumentKeySort.sort(&sorted)
        #expect(sorted.map { $0 >> 32 } == runs.map { $0 >> 32 }.sorted())
        #expect(sorted == runs.enumerated().sorted { ($0.element >> 32, $0.offset) < ($1.element >> 32, $1.offset) }.map(\.element))
    }
}
