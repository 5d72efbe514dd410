import LimelightCore
import LimelightTestSupport
import Testing

@Suite struct IndexDocumentTests {
    @Test func fieldsAreKeptInOneArrayOfTerms() {
        let title = FieldTerms(field: "title", kind: .text, terms: [TermOccurrence(term: "paris", position: 0), TermOccurrence(term: "spring", position: 2)], length: 3)
        var document = IndexDocument(key: "k", fields: [title])
        document.appendKeywords("kind", ["item", "note"])
        document.appendField("empty", kind: .text) { _ in }

        #expect(document.occurrences.map(\.term) == ["paris", "spring", "item", "note"])
        #expect(document.fieldSpans.map(\.field) == ["title", "kind", "empty"])
        #expect(document.fieldSpans.map(\.terms) == [0..<2, 2..<4, 4..<4])
        // The length given wins; otherwise it is the number of terms added.
        #expect(document.fieldSpans.map(\.length) == [3, 2, 0])
        #expect(document.terms(of: document.fieldSpans[1]).map(\.term) == ["item", "note"])
        #expect(document.fields == [title, .keywords("kind", ["item", "note"]), FieldTerms(field: "empty", kind: .text, terms: [])])
        #expect(IndexDocument(key: "k", fields: document.fields) == document)
    }

    @Test func aFieldWhoseTermsFailIsNotAdded() {
        struct Failure: Error {}
        var document = IndexDocument(key: "k")
        document.appendKeywords("kind", ["item"])
        let before = document
        #expect(throws: Failure.self) {
            try document.appendField("title", kind: .text) { terms in
                terms.append("half", position: 0)
                throw Failure()
            }
        }
        #expect(document == before)
        document.appendKeywords("domain", ["mail"])
        #expect(document.fieldSpans.map(\.terms) == [0..<1, 1..<2])
    }

    /// A segment stores a length of at least 1 for a field with words, whatever length the
    /// document gave, so that a length of 0 tells that a document has no word in the field.
    @Test func aFieldWithWordsIsAtLeastOneLong() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        var batch = WriteBatch()
        let words = FieldTerms(field: "title", kind: .text, terms: [TermOccurrence(term: "paris", position: 0)], length: 0)
        batch.append(.upsert(IndexDocument(key: "zero", fields: [words])))
        batch.append(.upsert(IndexDocument(key: "none", fields: [FieldTerms(field: "body", kind: .text, terms: [])])))
        batch.append(.upsert(IndexDocument(key: "three", fields: [FieldTerms(field: "title", kind: .text, terms: words.terms, length: 3)])))
        try engine.commit(batch)
        let reader = try #require(engine.snapshot().segments.first?.reader)
        let title = try #require(reader.field("title"))
        let lengths = try (0..<3).map { document in (try reader.key(of: UInt32(document)), title.lengthTable.length(of: UInt32(document))) }
        #expect(Dictionary(uniqueKeysWithValues: lengths) == ["zero": 1, "none": 0, "three": 3])
        try engine.close()
    }
}
