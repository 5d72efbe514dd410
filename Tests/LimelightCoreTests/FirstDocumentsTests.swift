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
            // "tok…" gives the title field 1,500 terms of four documents each, spread over the
            // segment, so that substring scans use its trigram index and the spans of its terms.
            let title = (i % 2 == 0 ? "even " : "odd ") + (i % 997 == 0 ? "rare" : "common") + " n\(i % 50) tok\(i * 7 % 1500)"
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
            .matching(field: "title", Self.containing("k12")),
            .matching(field: "title", Self.containing("599")),
            .matching(field: "title", Self.containing("45")),
            .and([.matching(field: "title", Self.containing("ok3")), .term(field: "title", term: "odd")]),
            .or([.matching(field: "title", Self.containing("k59")), .matching(field: "missing", Self.containing("k59"))]),
            .not(.matching(field: "title", Self.containing("ok1"))),
            // Containment tests that the trigram index settles (three bytes) and does not (more).
            .matching(field: "title", Self.containing("k12", declared: true)),
            .matching(field: "title", Self.containing("599", declared: true)),
            .and([.matching(field: "title", Self.containing("tok1", declared: true)), .term(field: "title", term: "even")]),
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

    /// A matcher of the terms that contain `text`, saying so when `declared`.
    private static func containing(_ text: String, declared: Bool = false) -> TermMatcher {
        let wanted = Array(text.utf8)
        return TermMatcher(requiredSubstring: wanted, isContainment: declared) { term in
            let bytes = Array(term)
            return bytes.count >= wanted.count && (0...(bytes.count - wanted.count)).contains { Array(bytes[$0..<$0 + wanted.count]) == wanted }
        }
    }
}
