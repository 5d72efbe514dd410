import Foundation
import LimelightCore
import LimelightTestSupport
import Testing

@Suite struct SearchEngineTests {
    @Test func indexesAndFindsByTermPrefixAndPhrase() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([
            .upsert(document("a", title: "Paris in the spring", size: 10)),
            .upsert(document("b", title: "Parisian cafes", size: 20)),
            .upsert(document("c", title: "Spring in Berlin", size: 30)),
        ]))
        let snapshot = engine.snapshot()
        #expect(try snapshot.keys(.term(field: "title", term: "paris")) == ["a"])
        #expect(try snapshot.keys(.prefix(field: "title", prefix: "pari")) == ["a", "b"])
        #expect(try snapshot.keys(.phrase(field: "title", terms: ["in", "the"], lastIsPrefix: false)) == ["a"])
        #expect(try snapshot.keys(.phrase(field: "title", terms: ["spring", "in"], lastIsPrefix: false)) == ["c"])
        #expect(try snapshot.keys(.phrase(field: "title", terms: ["in", "b"], lastIsPrefix: true)) == ["c"])
        #expect(try snapshot.keys(.range(field: "size", lower: 15, upper: 30, includeLower: true, includeUpper: false)) == ["b"])
        #expect(try snapshot.keys(.and([.prefix(field: "title", prefix: "spr"), .not(.term(field: "title", term: "paris"))])) == ["c"])
        #expect(try snapshot.keys(.or([.term(field: "title", term: "cafes"), .term(field: "title", term: "berlin")])) == ["b", "c"])
        #expect(try snapshot.keys(.matching(field: "title", TermMatcher { $0.count > 7 })) == ["b"])
        try engine.close()
    }

    @Test func upsertReplacesAndDeletesApply() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([.upsert(document("a", title: "old title", domain: "mail.inbox"))]))
        try engine.commit(WriteBatch([.upsert(document("a", title: "new title", domain: "mail.inbox"))]))
        #expect(try engine.snapshot().keys(.term(field: "title", term: "old")) == [])
        #expect(try engine.snapshot().keys(.term(field: "title", term: "new")) == ["a"])
        #expect(engine.snapshot().documentCount == 1)
        try engine.commit(WriteBatch([.upsert(document("b", title: "other", domain: "mail.sent"))]))
        try engine.commit(WriteBatch([.deleteTerm(field: "domain", term: "mail.inbox")]))
        #expect(try engine.snapshot().keys(.all) == ["b"])
        try engine.commit(WriteBatch([.deleteKey("b")]))
        #expect(engine.snapshot().documentCount == 0)
    }

    @Test func snapshotsAreIsolatedFromLaterCommits() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([.upsert(document("a", title: "first"))]))
        let before = engine.snapshot()
        try engine.commit(WriteBatch([.upsert(document("b", title: "first second")), .deleteKey("a")]))
        #expect(try before.keys(.term(field: "title", term: "first")) == ["a"])
        #expect(try engine.snapshot().keys(.term(field: "title", term: "first")) == ["b"])
    }

    @Test func metadataCommitsWithTheBatchAndPreconditionsGuardIt() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([.upsert(document("a", title: "x")), .setMetadata(key: "state", value: [1])]))
        #expect(engine.snapshot().metadata["state"] == [1])
        #expect(throws: StorageError.self) {
            try engine.commit(WriteBatch(
                [.upsert(document("b", title: "y")), .setMetadata(key: "state", value: [2])],
                preconditions: [MetadataPrecondition(key: "state", expected: [9])]))
        }
        #expect(engine.snapshot().documentCount == 1)
        try engine.commit(WriteBatch(
            [.setMetadata(key: "state", value: [2])], preconditions: [MetadataPrecondition(key: "state", expected: [1])]))
        #expect(engine.snapshot().metadata["state"] == [2])
    }

    @Test func reopenReplaysTheLogAndFlushedSegments() throws {
        let directory = TemporaryDirectory()
        do {
            let engine = try SearchEngine.open(directory: directory.path)
            try engine.commit(WriteBatch([.upsert(document("a", title: "alpha")), .setMetadata(key: "cs", value: [7])]))
            try engine.flush()
            try engine.commit(WriteBatch([.upsert(document("b", title: "beta")), .deleteKey("a")]))
            // No close: the second batch lives only in the log.
        }
        let reopened = try SearchEngine.open(directory: directory.path)
        #expect(reopened.recovery.replayedBatches == 1)
        #expect(try reopened.snapshot().keys(.all) == ["b"])
        #expect(reopened.snapshot().metadata["cs"] == [7])
        try reopened.close()
        let again = try SearchEngine.open(directory: directory.path)
        #expect(again.recovery.replayedBatches == 0)
        #expect(try again.snapshot().keys(.all) == ["b"])
    }

    @Test func mergingKeepsLiveDocumentsAndDropsDeleted() throws {
        let directory = TemporaryDirectory()
        var options = SearchEngine.Options()
        options.backgroundMerges = false
        let engine = try SearchEngine.open(directory: directory.path, options: options)
        for i in 0..<40 {
            try engine.commit(WriteBatch([.upsert(document("k\(i)", title: "item number\(i) common", size: Double(i)))]))
            if i % 5 == 0 { try engine.flush() }
        }
        try engine.commit(WriteBatch([.deleteKey("k3"), .deleteKey("k17")]))
        try engine.mergeNow(force: true)
        let snapshot = engine.snapshot()
        #expect(snapshot.segments.count == 1)
        #expect(snapshot.documentCount == 38)
        #expect(try snapshot.keys(.term(field: "title", term: "number17")) == [])
        #expect(try snapshot.keys(.term(field: "title", term: "number18")) == ["k18"])
        #expect(try snapshot.count(.range(field: "size", lower: 10, upper: 19, includeLower: true, includeUpper: true)) == 9)
        #expect(try snapshot.keys(.phrase(field: "title", terms: ["number39", "common"], lastIsPrefix: false)) == ["k39"])
        try engine.close()
        let reopened = try SearchEngine.open(directory: directory.path)
        #expect(reopened.snapshot().documentCount == 38)
    }

    @Test func backgroundMergesRunWhileCommitting() throws {
        let directory = TemporaryDirectory()
        var options = SearchEngine.Options()
        options.mergeFactor = 3
        let engine = try SearchEngine.open(directory: directory.path, options: options)
        for i in 0..<30 {
            try engine.commit(WriteBatch([.upsert(document("k\(i)", title: "word\(i) shared"))]))
            try engine.flush()
            if i % 7 == 0 { try engine.commit(WriteBatch([.deleteKey("k\(i / 2)")])) }
        }
        engine.waitForMerges()
        let expected = Set((0..<30).map { "k\($0)" }).subtracting([0, 7, 14, 21, 28].map { "k\($0 / 2)" })
        #expect(Set(try engine.snapshot().keys(.all)) == expected)
        #expect(engine.snapshot().segments.count < 30)
        try engine.close()
        #expect(Set(try SearchEngine.open(directory: directory.path).snapshot().keys(.all)) == expected)
    }

    @Test func backgroundMergeLeavesInMemorySegmentsToTheLog() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch((0..<100).map { .upsert(document("k\($0)", title: "first\($0) shared")) }))
        try engine.flush()
        // Replacing half of the flushed segment makes it sparse: a background merge rewrites it
        // while the replacements stay in memory, recorded only in the log.
        try engine.commit(WriteBatch((0..<50).map { .upsert(document("k\($0)", title: "second\($0) shared")) }))
        engine.waitForMerges()
        let snapshot = engine.snapshot()
        #expect(snapshot.segments.contains { !$0.isOnDisk })
        #expect(snapshot.segments.filter(\.isOnDisk).map(\.reader.documentCount) == [50])
        #expect(try snapshot.count(.prefix(field: "title", prefix: "second")) == 50)

        // The directory as a crash would leave it: the log brings the replacements back.
        let copy = TemporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != "LOCK" {
            try FileManager.default.copyItem(atPath: directory.appending(name), toPath: copy.appending(name))
        }
        let recovered = try SearchEngine.open(directory: copy.path).snapshot()
        #expect(recovered.documentCount == 100)
        #expect(try recovered.count(.prefix(field: "title", prefix: "second")) == 50)
        #expect(try recovered.count(.prefix(field: "title", prefix: "first")) == 50)
        try engine.close()
    }

    @Test func largePostingListsUseSkipsCorrectly() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        var batch = WriteBatch()
        for i in 0..<1000 {
            batch.append(.upsert(document("k\(i)", title: i % 3 == 0 ? "common rare\(i)" : "common", size: Double(i))))
        }
        try engine.commit(batch)
        let snapshot = engine.snapshot()
        #expect(try snapshot.count(.term(field: "title", term: "common")) == 1000)
        let both = try snapshot.count(.and([
            .term(field: "title", term: "common"),
            .range(field: "size", lower: 900, upper: nil, includeLower: true, includeUpper: false),
        ]))
        #expect(both == 100)
        #expect(try snapshot.keys(.and([.prefix(field: "title", prefix: "rare99"), .term(field: "title", term: "common")])) == ["k99", "k990", "k993", "k996", "k999"])
    }

    @Test func topDocumentsOrdersByScore() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch((0..<50).map { .upsert(document("k\($0)", title: "x", size: Double($0))) }))
        let snapshot = engine.snapshot()
        let top = try snapshot.topDocuments(.term(field: "title", term: "x"), limit: 3) { segment, document in
            snapshot.segments[segment].reader.column("size")?.value(document) ?? 0
        }
        #expect(try top.map { try snapshot.segments[$0.segment].reader.key(of: $0.document) } == ["k49", "k48", "k47"])
    }
}
