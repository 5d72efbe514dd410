import LimelightCore
import LimelightTestSupport
import Testing

/// Phrases against a brute-force check of the same texts: random documents over a five-word
/// vocabulary, so that words repeat and phrases overlap, with long lists (skip tables) included,
/// and last words typed as prefixes of several terms.
@Suite struct PhraseMatchingTests {
    @Test func phrasesMatchConsecutiveWordsExactly() throws {
        var random = SplitMix64(state: 7)
        let vocabulary = ["ab", "abc", "b", "bc", "c"]
        var texts: [[String]] = []
        var batch = WriteBatch()
        for i in 0..<600 {
            let words = (0..<Int.random(in: 0..<13, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
            texts.append(words)
            batch.append(.upsert(document("k\(i)", title: words.joined(separator: " "), size: Double(i))))
        }
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(batch)
        let snapshot = engine.snapshot()
        for _ in 0..<120 {
            var phrase = (0..<Int.random(in: 2...4, using: &random)).map { _ in vocabulary.randomElement(using: &random)! }
            // The last word as a prefix: "a" and "b" expand to several terms.
            let lastIsPrefix = Bool.random(using: &random)
            if lastIsPrefix { phrase[phrase.count - 1] = String(phrase[phrase.count - 1].prefix(1)) }
            let expected = texts.indices.filter { index in
                let words = texts[index]
                guard words.count >= phrase.count else { return false }
                return (0...(words.count - phrase.count)).contains { start in
                    phrase.indices.allSatisfy { offset in
                        let word = words[start + offset]
                        return lastIsPrefix && offset == phrase.count - 1 ? word.hasPrefix(phrase[offset]) : word == phrase[offset]
                    }
                }
            }
            let keys = expected.map { "k\($0)" }.sorted()
            #expect(try snapshot.keys(.phrase(field: "title", terms: phrase, lastIsPrefix: lastIsPrefix)) == keys, "\(phrase) \(lastIsPrefix)")
            // Within candidates: a range keeps every third document.
            let range = EngineQuery.range(field: "size", lower: 200, upper: 400, includeLower: true, includeUpper: false)
            let within = expected.filter { $0 >= 200 && $0 < 400 }.map { "k\($0)" }.sorted()
            #expect(try snapshot.keys(.and([range, .phrase(field: "title", terms: phrase, lastIsPrefix: lastIsPrefix)])) == within, "\(phrase) in range")
        }
        try engine.close()
    }

    /// A document deleted (or replaced) after its segment was written no longer matches a phrase
    /// its old text held, whether the phrase's words are whole or its last is a prefix.
    @Test func deletedDocumentsDoNotMatchPhrases() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        var batch = WriteBatch()
        for i in 0..<40 { batch.append(.upsert(document("k\(i)", title: i % 2 == 0 ? "tools for the garden" : "the garden for tools"))) }
        try engine.commit(batch)
        var changes = WriteBatch()
        changes.append(.deleteKey("k0"))
        changes.append(.upsert(document("k2", title: "garden tools")))
        try engine.commit(changes)
        let snapshot = engine.snapshot()
        let expected = (4..<40).filter { $0 % 2 == 0 }.map { "k\($0)" }.sorted()
        #expect(try snapshot.keys(.phrase(field: "title", terms: ["for", "the"], lastIsPrefix: false)) == expected)
        #expect(try snapshot.keys(.phrase(field: "title", terms: ["for", "th"], lastIsPrefix: true)) == expected)
        try engine.close()
    }
}
