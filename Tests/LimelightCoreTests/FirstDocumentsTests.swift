import LimelightCore
import LimelightTestSupport
import Testing

/// The first matches of a query, found window by window, are the start of its full evaluation,
/// deleted documents left out.
@Suite struct FirstDocumentsTests {
    @Test func windowsGiveTheStartOfTheFullAnswer() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        var batch = WriteBatch()
        for i in 0..<6000 {
            let title = (i % 2 == 0 ? "even " : "odd ") + (i % 997 == 0 ? "rare" : "common") + " n\(i % 50)"
            batch.append(.upsert(document("k\(i)", title: title, size: Double(i))))
        }
        try engine.commit(batch)
        try engine.commit(WriteBatch((0..<300).map { .deleteKey("k\($0 * 3)") }))
        let snapshot = engine.snapshot()
        let queries: [EngineQuery] = [
            .term(field: "title", term: "odd"),
            .term(field: "title", term: "rare"),
            .prefix(field: "title", prefix: "n4"),
            .and([.term(field: "title", term: "even"), .range(field: "size", lower: 2500, upper: nil, includeLower: true, includeUpper: false)]),
            .or([.term(field: "title", term: "rare"), .term(field: "title", term: "n7")]),
            .not(.term(field: "title", term: "common")),
        ]
        for segment in snapshot.segments {
            let evaluator = QueryEvaluator(segment: segment)
            for query in queries {
                let all = try evaluator.evaluate(query)
                for limit in [1, 5, 37, 100, 5000] {
                    #expect(try evaluator.firstDocuments(query, limit: limit) == Array(all.prefix(limit)), "\(limit)")
                }
            }
        }
        try engine.close()
    }
}
