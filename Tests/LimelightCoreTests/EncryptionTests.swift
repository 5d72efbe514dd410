import Foundation
import LimelightCore
import LimelightTestSupport
import Testing

/// An index opened with an encryption key keeps nothing readable on disk, opens only with that
/// key, and recovers from torn or damaged files as an unencrypted one does.
@Suite struct EncryptionTests {
    private let key = EncryptionKey.random()
    private let secretWord = "zanzibarquokka"

    private func options(_ key: EncryptionKey?) -> SearchEngine.Options {
        var options = SearchEngine.Options()
        options.encryptionKey = key
        options.backgroundMerges = false
        return options
    }

    /// Every file of the directory, as one byte string per file.
    private func files(in directory: TemporaryDirectory) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            contents[name] = try Data(contentsOf: URL(fileURLWithPath: directory.appending(name)))
        }
        return contents
    }

    private func expectNoPlaintext(in directory: TemporaryDirectory) throws {
        let needle = Data(secretWord.utf8)
        for (name, data) in try files(in: directory) {
            #expect(data.range(of: needle) == nil, "\(name) holds the indexed word in clear")
        }
    }

    @Test func logRecordsSegmentsAndManifestAreSealed() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path, options: options(key))
        try engine.commit(WriteBatch([
            .upsert(document("a", title: "the \(secretWord) island", body: "\(secretWord) everywhere")),
            .setMetadata(key: "state", value: Array(secretWord.utf8)),
        ]))
        try expectNoPlaintext(in: directory)  // only the log so far
        try engine.commit(WriteBatch([.upsert(document("b", title: "plain")), .deleteKey("a")]))
        try engine.commit(WriteBatch([.upsert(document("a", title: secretWord))]))
        try engine.flush()
        try engine.commit(WriteBatch([.upsert(document("c", title: "\(secretWord) again")), .deleteKey("b")]))
        try engine.close()
        let names = try files(in: directory).keys
        #expect(names.contains("MANIFEST") && names.contains { $0.hasSuffix(".seg") } && names.contains { $0.hasSuffix(".del") })
        try expectNoPlaintext(in: directory)

        let reopened = try SearchEngine.open(directory: directory.path, options: options(key))
        #expect(try reopened.snapshot().keys(.term(field: "title", term: secretWord)) == ["a", "c"])
        #expect(reopened.snapshot().metadata["state"] == Array(secretWord.utf8))
        try reopened.mergeNow(force: true)
        try reopened.close()
        try expectNoPlaintext(in: directory)
        let merged = try SearchEngine.open(directory: directory.path, options: options(key))
        #expect(try merged.snapshot().keys(.all) == ["a", "c"])
    }

    @Test func opensOnlyWithItsKey() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path, options: options(key))
        try engine.commit(WriteBatch([.upsert(document("a", title: "alpha"))]))
        try engine.close()

        #expect(throws: StorageError.keyRequired(path: directory.path)) {
            _ = try SearchEngine.open(directory: directory.path)
        }
        #expect(throws: StorageError.wrongKey(path: directory.path)) {
            _ = try SearchEngine.open(directory: directory.path, options: options(EncryptionKey.random()))
        }
        // A wrong key must not have been taken for a torn log and cut it.
        #expect(try SearchEngine.open(directory: directory.path, options: options(key)).snapshot().keys(.all) == ["a"])
    }

    @Test func aKeyDoesNotOpenAnUnencryptedIndex() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([.upsert(document("a", title: "alpha"))]))
        try engine.close()
        #expect(throws: StorageError.notEncrypted(path: directory.path)) {
            _ = try SearchEngine.open(directory: directory.path, options: options(key))
        }
        #expect(try SearchEngine.open(directory: directory.path).snapshot().keys(.all) == ["a"])
    }

    @Test func aTornSealedRecordIsCutCleanly() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path, options: options(key))
        for name in ["a", "b", "c"] { try engine.commit(WriteBatch([.upsert(document(name, title: name))])) }
        try engine.close()  // flushes: the three are in a segment, the new log is empty
        do {
            // Simulate a crash: the engine is dropped without closing.
            let more = try SearchEngine.open(directory: directory.path, options: options(key))
            for name in ["d", "e"] { try more.commit(WriteBatch([.upsert(document(name, title: name))])) }
        }
        // Cut the last record short.
        let log = try #require(try files(in: directory).keys.filter { $0.hasPrefix("wal-") }.sorted().last)
        var data = try Data(contentsOf: URL(fileURLWithPath: directory.appending(log)))
        data.removeLast(7)
        try data.write(to: URL(fileURLWithPath: directory.appending(log)))
        let reopened = try SearchEngine.open(directory: directory.path, options: options(key))
        #expect(reopened.recovery.truncatedLogBytes > 0)
        #expect(try reopened.snapshot().keys(.all) == ["a", "b", "c", "d"])
    }

    @Test func aChangedSegmentFailsAuthentication() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path, options: options(key))
        try engine.commit(WriteBatch([.upsert(document("a", title: "alpha beta gamma"))]))
        try engine.close()
        let segment = try #require(try files(in: directory).keys.first { $0.hasSuffix(".seg") })
        var data = try Data(contentsOf: URL(fileURLWithPath: directory.appending(segment)))
        data[data.count / 2] ^= 0x01
        try data.write(to: URL(fileURLWithPath: directory.appending(segment)))
        #expect {
            _ = try SearchEngine.open(directory: directory.path, options: options(key))
        } throws: { error in
            guard case .corrupt(let what) = error as? StorageError else { return false }
            return what.contains("authentication")
        }
    }

    @Test func sealedBytesAreBoundToTheirContext() throws {
        let sealed = try key.seal(Array("hello".utf8), context: "one")
        #expect(key.open(sealed, context: "one") == Array("hello".utf8))
        #expect(key.open(sealed, context: "two") == nil)
        #expect(EncryptionKey.random().open(sealed, context: "one") == nil)
        #expect(sealed.count == 5 + EncryptionKey.overhead)
        #expect(throws: StorageError.self) { _ = try EncryptionKey(bytes: [1, 2, 3]) }
        #expect(try EncryptionKey(bytes: key.bytes).open(sealed, context: "one") == Array("hello".utf8))
    }
}
