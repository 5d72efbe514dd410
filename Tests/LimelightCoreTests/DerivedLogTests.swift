import Foundation
@testable import LimelightCore
import LimelightTestSupport
import Testing

/// Documents the layer above can rebuild from their stored bytes are logged by those alone and
/// rebuilt on replay; an index whose log holds them refuses to open without the deriver, and
/// cuts nothing.
@Suite struct DerivedLogTests {
    /// A toy mapping: the stored bytes are the title, analysed into one text field, and its length
    /// is a number.
    static let deriver: DocumentDeriver = { key, stored in
        derivedDocument(key: key, title: String(decoding: stored, as: UTF8.self))
    }

    static func derivedDocument(key: String, title: String) -> IndexDocument {
        let words = title.split(separator: " ").enumerated().map { TermOccurrence(term: String($0.element), position: UInt32($0.offset)) }
        return IndexDocument(
            key: key, fields: [FieldTerms(field: "title", kind: .text, terms: words)], numbers: ["size": Double(title.count)],
            stored: Array(title.utf8), isDerivedFromStored: true)
    }

    private static var options: SearchEngine.Options {
        var options = SearchEngine.Options()
        options.documentDeriver = deriver
        return options
    }

    @Test func derivedDocumentsAreLoggedByTheirStoredBytes() throws {
        let derived = Self.derivedDocument(key: "a", title: "red green blue red")
        var whole = derived
        whole.isDerivedFromStored = false
        let batch = WriteBatch([.upsert(derived), .upsert(whole), .deleteKey("b"), .setMetadata(key: "m", value: [1, 2])])
        let compact = BatchCodec.encode(batch, derivable: true)
        let full = BatchCodec.encode(batch, derivable: false)
        #expect(compact.count < full.count)
        let decoded = try compact.withUnsafeBytes { try BatchCodec.decode($0, deriver: Self.deriver) }
        #expect(decoded.operations.count == 4)
        guard case .upsert(let first) = decoded.operations[0], case .upsert(let second) = decoded.operations[1] else {
            Issue.record("upserts expected")
            return
        }
        #expect(first == derived)
        #expect(second == whole)
        #expect(throws: StorageError.documentDeriverRequired(path: "")) {
            try compact.withUnsafeBytes { try BatchCodec.decode($0) }
        }
        // A record without derived documents needs no deriver.
        let plain = BatchCodec.encode(WriteBatch([.upsert(whole)]), derivable: true)
        #expect(try plain.withUnsafeBytes { try BatchCodec.decode($0) }.operations.count == 1)
    }

    @Test func replayRebuildsDerivedDocuments() throws {
        let directory = TemporaryDirectory()
        let titles = (0..<300).map { "item \($0) colour \($0 % 7 == 0 ? "red" : "blue")" }
        let before: [String]
        do {
            let engine = try SearchEngine.open(directory: directory.path, options: Self.options)
            for chunk in stride(from: 0, to: titles.count, by: 100) {
                let batch = WriteBatch((chunk..<chunk + 100).map { .upsert(Self.derivedDocument(key: "k\($0)", title: titles[$0])) })
                try engine.commit(batch)
            }
            before = try engine.snapshot().keys(.term(field: "title", term: "red"))
            // No close: the batches live only in the log.
        }
        let engine = try SearchEngine.open(directory: directory.path, options: Self.options)
        #expect(engine.recovery.replayedBatches == 3)
        #expect(try engine.snapshot().keys(.term(field: "title", term: "red")) == before)
        #expect(try engine.snapshot().keys(.range(field: "size", lower: 0, upper: nil, includeLower: true, includeUpper: false)).count == 300)
        try engine.close()
    }

    @Test func aRecordOfANewerFormatIsRefusedNotCut() throws {
        let directory = TemporaryDirectory()
        do {
            let engine = try SearchEngine.open(directory: directory.path)
            try engine.commit(WriteBatch([.upsert(Self.derivedDocument(key: "k", title: "kept safe"))]))
            // No close: the batch lives only in the log.
        }
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasPrefix("wal-") })
        let log = try WriteAheadLog(path: directory.appending(name), key: nil)
        try log.append(sequence: 2, payload: [99, 0])  // intact, but version 99
        log.close()
        let size = try FileManager.default.attributesOfItem(atPath: directory.appending(name))[.size] as? Int
        do {
            _ = try SearchEngine.open(directory: directory.path)
            Issue.record("a record of a newer format was accepted")
        } catch StorageError.unsupportedVersion(let what) {
            #expect(what.contains(name))
        }
        #expect(try FileManager.default.attributesOfItem(atPath: directory.appending(name))[.size] as? Int == size)
    }

    @Test func withoutTheDeriverOpeningFailsAndCutsNothing() throws {
        let directory = TemporaryDirectory()
        do {
            let engine = try SearchEngine.open(directory: directory.path, options: Self.options)
            try engine.commit(WriteBatch([.upsert(Self.derivedDocument(key: "k", title: "kept safe"))]))
            // No close: the batch lives only in the log.
        }
        let logs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("wal-") }
        let sizes = try logs.map { try FileManager.default.attributesOfItem(atPath: directory.appending($0))[.size] as? Int }

        do {
            _ = try SearchEngine.open(directory: directory.path)
            Issue.record("the index opened without its deriver")
        } catch StorageError.documentDeriverRequired(let path) {
            #expect(path.hasSuffix(".log"))
        }
        #expect(try logs.map { try FileManager.default.attributesOfItem(atPath: directory.appending($0))[.size] as? Int } == sizes)
        let reopened = try SearchEngine.open(directory: directory.path, options: Self.options)
        #expect(try reopened.snapshot().keys(.term(field: "title", term: "safe")) == ["k"])
        try reopened.close()
    }
}
