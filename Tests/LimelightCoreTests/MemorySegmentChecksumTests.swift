import LimelightCore
import LimelightTestSupport
import Testing

/// In-memory segments carry no checksum; whatever flush writes to disk must still pass verification.
@Suite struct MemorySegmentChecksumTests {
    private func reopenVerified(_ directory: TemporaryDirectory) throws -> [String] {
        var options = SearchEngine.Options()
        options.verifyChecksumsOnOpen = true
        let engine = try SearchEngine.open(directory: directory.path, options: options)
        defer { try? engine.close() }
        return try engine.snapshot().keys(.all)
    }

    @Test func oneFlushedMemorySegmentPassesItsChecksum() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([.upsert(document("a", title: "alpha")), .upsert(document("b", title: "beta"))]))
        try engine.flush()
        try engine.close()
        #expect(try reopenVerified(directory) == ["a", "b"])
    }

    @Test func mergedMemorySegmentsPassTheirChecksum() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        for key in 0..<40 {
            try engine.commit(WriteBatch([.upsert(document("k\(key)", title: "title \(key)"))]))
        }
        try engine.commit(WriteBatch([.deleteKey("k3")]))
        try engine.flush()
        try engine.close()
        let keys = try reopenVerified(directory)
        #expect(keys.count == 39)
        #expect(!keys.contains("k3"))
    }
}
