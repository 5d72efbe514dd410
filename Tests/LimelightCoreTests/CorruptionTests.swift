import Foundation
import LimelightCore
import LimelightTestSupport
import Testing

/// Damaged files give a clean recovery or a clear error, never a crash or silently wrong data.
@Suite struct CorruptionTests {
    private func logFile(in directory: TemporaryDirectory) throws -> String {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("wal-") }.sorted().last)
        return directory.appending(name)
    }

    private func mutate(_ path: String, _ change: (inout Data) -> Void) throws {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        change(&data)
        try data.write(to: URL(fileURLWithPath: path))
    }

    private func commitThree(_ directory: TemporaryDirectory) throws {
        let engine = try SearchEngine.open(directory: directory.path)
        for key in ["a", "b", "c"] {
            try engine.commit(WriteBatch([.upsert(document(key, title: "title \(key)")), .setMetadata(key: "last", value: Array(key.utf8))]))
        }
    }

    @Test func tornLogTailIsCutCleanly() throws {
        let directory = TemporaryDirectory()
        try commitThree(directory)
        try mutate(try logFile(in: directory)) { $0.removeLast(5) }
        let engine = try SearchEngine.open(directory: directory.path)
        #expect(engine.recovery.truncatedLogBytes > 0)
        #expect(try engine.snapshot().keys(.all) == ["a", "b"])
        #expect(engine.snapshot().metadata["last"] == Array("b".utf8))
        // The log is usable again after the cut.
        try engine.commit(WriteBatch([.upsert(document("d", title: "d"))]))
        try engine.close()
        #expect(try SearchEngine.open(directory: directory.path).snapshot().keys(.all) == ["a", "b", "d"])
    }

    @Test func corruptLastRecordIsCutAsATornTail() throws {
        let directory = TemporaryDirectory()
        try commitThree(directory)
        try mutate(try logFile(in: directory)) { $0[$0.count - 3] ^= 0xFF }
        let engine = try SearchEngine.open(directory: directory.path)
        #expect(try engine.snapshot().keys(.all) == ["a", "b"])
    }

    @Test func damageInTheMiddleOfTheLogIsReported() throws {
        let directory = TemporaryDirectory()
        try commitThree(directory)
        try mutate(try logFile(in: directory)) { $0[30] ^= 0xFF }
        #expect {
            _ = try SearchEngine.open(directory: directory.path)
        } throws: { error in
            if case .corruptLog(_, let offset, let after) = error as? StorageError { return offset == 0 && after == 2 }
            return false
        }
        var options = SearchEngine.Options()
        options.repairCorruptLog = true
        let repaired = try SearchEngine.open(directory: directory.path, options: options)
        #expect(try repaired.snapshot().keys(.all) == [])
    }

    @Test func damagedSegmentFailsItsChecksum() throws {
        let directory = TemporaryDirectory()
        do {
            let engine = try SearchEngine.open(directory: directory.path)
            try engine.commit(WriteBatch((0..<100).map { .upsert(document("k\($0)", title: "word\($0) text")) }))
            try engine.close()
        }
        let segment = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first { $0.hasSuffix(".seg") })
        try mutate(directory.appending(segment)) { $0[$0.count / 2] ^= 0x40 }
        #expect(throws: StorageError.self) { _ = try SearchEngine.open(directory: directory.path) }
        try mutate(directory.appending(segment)) { $0.removeLast($0.count / 3) }
        #expect(throws: StorageError.self) { _ = try SearchEngine.open(directory: directory.path) }
    }

    @Test func damagedManifestIsAnError() throws {
        let directory = TemporaryDirectory()
        do {
            let engine = try SearchEngine.open(directory: directory.path)
            try engine.commit(WriteBatch([.upsert(document("a", title: "a"))]))
            try engine.close()
        }
        try mutate(directory.appending("MANIFEST")) { $0[10] ^= 1 }
        #expect(throws: StorageError.self) { _ = try SearchEngine.open(directory: directory.path) }
    }

    /// Random single-byte flips and truncations in every file: opening either throws a
    /// `StorageError` or yields an index whose queries run without crashing.
    @Test func randomDamageNeverCrashes() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<40 {
            let directory = TemporaryDirectory()
            do {
                let engine = try SearchEngine.open(directory: directory.path)
                try engine.commit(WriteBatch((0..<200).map { .upsert(document("k\($0)", title: "alpha beta\($0 % 17) gamma", size: Double($0))) }))
                try engine.flush()
                try engine.commit(WriteBatch([.deleteKey("k5"), .upsert(document("z", title: "zeta"))]))
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { !$0.hasSuffix(".tmp") }
            let target = directory.appending(files[Int.random(in: 0..<files.count, using: &generator)])
            try mutate(target) { data in
                guard !data.isEmpty else { return }
                if round % 3 == 0 {
                    data.removeLast(Int.random(in: 1...data.count, using: &generator))
                } else {
                    data[Int.random(in: 0..<data.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                }
            }
            var options = SearchEngine.Options()
            options.repairCorruptLog = round % 2 == 0
            do {
                let engine = try SearchEngine.open(directory: directory.path, options: options)
                let snapshot = engine.snapshot()
                _ = try? snapshot.count(.prefix(field: "title", prefix: "be"))
                _ = try? snapshot.count(.phrase(field: "title", terms: ["alpha", "beta3"], lastIsPrefix: false))
                _ = try? snapshot.count(.range(field: "size", lower: 10, upper: 50, includeLower: true, includeUpper: true))
                try? snapshot.forEachDocument { _, _ in }
            } catch is StorageError {
                // A clear, typed error is an acceptable outcome.
            }
        }
    }
}
