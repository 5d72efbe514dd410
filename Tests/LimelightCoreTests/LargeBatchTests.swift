import LimelightCore
import LimelightTestSupport
import Testing

/// Large batches build their segment while the log record is synced; the result must match what
/// applying the operations in order gives, in memory and after reopening.
@Suite struct LargeBatchTests {
    @Test func laterOperationsOfALargeBatchWinOverEarlierUpserts() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(WriteBatch([.upsert(document("old", title: "stale"))]))
        var batch = WriteBatch()
        for key in 0..<100 { batch.append(.upsert(document("k\(key)", title: key == 7 ? "doomed" : "plain \(key)"))) }
        batch.append(.upsert(document("k1", title: "replaced")))
        batch.append(.deleteKey("k2"))
        batch.append(.deleteTerm(field: "title", term: "doomed"))
        batch.append(.upsert(document("old", title: "fresh")))
        try engine.commit(batch)

        func check(_ snapshot: Snapshot) throws {
            let keys = try snapshot.keys(.all)
            #expect(keys.count == 99)
            #expect(!keys.contains("k2") && !keys.contains("k7") && keys.contains("old"))
            #expect(try snapshot.keys(.term(field: "title", term: "replaced")) == ["k1"])
            #expect(try snapshot.keys(.term(field: "title", term: "stale")).isEmpty)
            #expect(try snapshot.keys(.term(field: "title", term: "fresh")) == ["old"])
        }
        try check(engine.snapshot())
        try engine.close()
        let reopened = try SearchEngine.open(directory: directory.path)
        try check(reopened.snapshot())
        try reopened.close()
    }
}
