@testable import LimelightCore
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

    /// Dictionaries of any block size read back: the 16-term blocks written now, the 32-term ones
    /// of format versions 2 and 3 (segments an earlier build wrote), and a size that leaves a short
    /// last block; with short terms, and with terms whose first eight bytes all agree from the first
    /// block on. Read with the wrong size, the header no longer adds up and is refused.
    @Test func dictionariesOfEachBlockSizeReadBack() throws {
        let short = (0..<500).map { "w\($0 * 7919 % 100_000)" }
        let long = (0..<300).map { "wordlist\($0 * 7919 % 100_000)" }
        for blockSize in [SegmentFormat.blockSize, SegmentFormat.dictionaryBlockSize(version: 3), 7] {
            try checkDictionary(of: short, blockSize: blockSize, prefix: "w1")
            try checkDictionary(of: long, blockSize: blockSize, prefix: "wordlist1")
        }
        #expect(SegmentFormat.dictionaryBlockSize(version: 2) == 32)
        #expect(SegmentFormat.dictionaryBlockSize(version: SegmentFormat.version) == SegmentFormat.blockSize)
    }

    /// Writes `terms` into a dictionary of `blockSize`-term blocks and checks exact lookups, absent
    /// terms and the terms starting with `prefix`.
    private func checkDictionary(of unsorted: [String], blockSize: Int, prefix: String) throws {
        let terms = unsorted.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let document: [UInt32] = [3]
        let frequency: [UInt32] = [1]
        var writer = FieldIndexWriter(kind: .keyword, blockSize: blockSize)
        for term in terms {
            var term = term
            term.withUTF8 { bytes in
                document.withUnsafeBufferPointer { documents in
                    frequency.withUnsafeBufferPointer { writer.add(term: UnsafeRawBufferPointer(bytes), documents: documents, freqs: $0, positions: .none) }
                }
            }
        }
        try writer.dictionarySection().withUnsafeBytes { bytes in
            let dictionary = try TermDictionary(bytes, hasPositions: false, blockSize: blockSize)
            for (ordinal, term) in terms.enumerated() {
                #expect(try dictionary.lookup(term)?.ordinal == ordinal, "\(term) in blocks of \(blockSize)")
            }
            for absent in ["w", "wordlist", "wordlist0", "a", "zz"] where !terms.contains(absent) {
                #expect(try dictionary.lookup(absent) == nil, "\(absent)")
            }
            var found: [String] = []
            try dictionary.forEachTerm(withPrefix: prefix) { term, _ in
                found.append(String(decoding: term, as: UTF8.self))
                return true
            }
            #expect(found == terms.filter { $0.hasPrefix(prefix) })
            #expect(throws: StorageError.self) { try TermDictionary(bytes, hasPositions: false, blockSize: blockSize * 2) }
        }
    }
}
