import LimelightCore
import LimelightTestSupport
import Testing

/// Substring scans of large dictionaries go through a trigram index; they must find exactly the
/// terms a scan of the whole dictionary finds.
@Suite struct SubstringScanTests {
    @Test func trigramNarrowedScansEqualWholeScans() throws {
        var random = SplitMix64(state: 11)
        let letters = Array("abcdeéx".utf8)
        var terms = Set<String>()
        while terms.count < 4000 {
            let length = Int.random(in: 1...9, using: &random)
            terms.insert(String(decoding: (0..<length).map { _ in letters.randomElement(using: &random)! }, as: UTF8.self))
        }
        let sorted = terms.sorted()
        var batch = WriteBatch()
        for (index, term) in sorted.enumerated() {
            batch.append(.upsert(document("k\(index)", title: term)))
        }
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(batch)
        let snapshot = engine.snapshot()
        for literal in ["abc", "aaa", "cab", "xxxx", "dex", "bcdea", "zzz", "éx", "eéx", "abcabc"] {
            let wanted = Array(literal.utf8)
            let contains: @Sendable (UnsafeRawBufferPointer) -> Bool = { bytes in
                guard bytes.count >= wanted.count else { return false }
                return (0...(bytes.count - wanted.count)).contains { bytes[$0..<$0 + wanted.count].elementsEqual(wanted) }
            }
            let narrowed = try snapshot.keys(.matching(field: "title", TermMatcher(requiredSubstring: wanted, matches: contains)))
            let whole = try snapshot.keys(.matching(field: "title", TermMatcher(matches: contains)))
            let expected = sorted.indices.filter { sorted[$0].utf8.count >= wanted.count && sorted[$0].contains(literal) }.map { "k\($0)" }.sorted()
            #expect(narrowed == whole, "\(literal)")
            #expect(whole == expected, "\(literal)")
        }
        try engine.close()
    }
}
