import LimelightCore
import LimelightTestSupport
import Testing

/// Exact and prefix lookups in a flushed segment's term dictionary, across block boundaries and
/// among terms whose first eight bytes agree (where the block search compares whole terms).
@Suite struct TermDictionaryTests {
    @Test func everyTermIsFoundAndAbsentOnesAreNot() throws {
        // Short terms, terms that are prefixes of others, and runs of long terms sharing more than
        // eight leading bytes, enough of each to fill many blocks.
        var terms = Set<String>()
        for number in 0..<600 {
            terms.insert("t\(number)")
            terms.insert("internationalisation\(number)")
            terms.insert("internat\(number % 40)")
            terms.insert("interna\(number % 7)x")
        }
        terms.insert("a")
        terms.insert("internat")
        terms.insert("internationalisation")
        let sorted = terms.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        var batch = WriteBatch()
        // Ten terms per document, so each is in one or a few documents.
        for (index, start) in stride(from: 0, to: sorted.count, by: 10).enumerated() {
            let text = sorted[start..<min(start + 10, sorted.count)].joined(separator: " ")
            batch.append(.upsert(IndexDocument(key: "k\(index)", fields: [textField("body", text)], numbers: [:], stored: [])))
        }
        try engine.commit(batch)
        try engine.flush()
        let dictionary = try #require(engine.snapshot().segments.first?.reader.field("body")).dictionary
        #expect(dictionary.termCount == sorted.count)

        for (ordinal, term) in sorted.enumerated() {
            #expect(try dictionary.lookup(term)?.ordinal == ordinal, "\(term)")
        }
        for absent in ["", "0", "b", "internat7x", "internationalisation6000", "internationalisatio", "t5999", "zzz"] {
            #expect(try dictionary.lookup(absent) == nil, "\(absent)")
        }
        for prefix in ["", "a", "int", "internat", "internationalisation1", "internationalisation59", "interna3", "t1", "z"] {
            var found: [String] = []
            try dictionary.forEachTerm(withPrefix: prefix) { term, _ in
                found.append(String(decoding: term, as: UTF8.self))
                return true
            }
            #expect(found == sorted.filter { $0.hasPrefix(prefix) }, "\(prefix)")
        }
        try engine.close()
    }
}
