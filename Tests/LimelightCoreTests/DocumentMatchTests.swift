import LimelightCore
import LimelightTestSupport
import Testing

/// Testing one document against a query gives what evaluating the query over the whole segment
/// gives for that document: ranges with open, closed and missing bounds, presence, the boolean
/// operators, and clauses that fall back to evaluation (terms, prefixes).
@Suite struct DocumentMatchTests {
    @Test func oneDocumentMatchesAsTheWholeSegmentDoes() throws {
        var batch = WriteBatch()
        for i in 0..<300 {
            // Every seventh document has no size: a missing value is in no range.
            let size: Double? = i % 7 == 0 ? nil : Double(i % 50)
            batch.append(.upsert(document("k\(i)", title: i % 3 == 0 ? "alpha beta" : "gamma", size: size, domain: i % 2 == 0 ? "even" : "odd")))
        }
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(batch)
        let segment = engine.snapshot().segments[0]
        let evaluator = QueryEvaluator(segment: segment)
        let ranges: [EngineQuery] = [
            .range(field: "size", lower: 10, upper: 20, includeLower: true, includeUpper: true),
            .range(field: "size", lower: 10, upper: 20, includeLower: false, includeUpper: false),
            .range(field: "size", lower: nil, upper: 5, includeLower: false, includeUpper: true),
            .range(field: "size", lower: 45, upper: nil, includeLower: true, includeUpper: false),
            .range(field: "missing", lower: 0, upper: nil, includeLower: true, includeUpper: false),
        ]
        let others: [EngineQuery] = [
            .all, .none, .hasNumber(field: "size"), .term(field: "title", term: "alpha"), .prefix(field: "title", prefix: "gam"),
            .term(field: "domain", term: "even"),
        ]
        var queries = ranges + others
        queries += [
            .and([ranges[0], .term(field: "domain", term: "even")]), .or([ranges[1], ranges[3]]), .not(ranges[0]),
            .and([]), .or([]), .not(.and([.hasNumber(field: "size"), .not(ranges[2])])),
        ]
        for query in queries {
            let matching = Set(try evaluator.evaluate(query))
            for document in 0..<UInt32(segment.reader.documentCount) {
                #expect(try evaluator.matches(query, document: document) == matching.contains(document), "\(query) document \(document)")
            }
        }
        try engine.close()
    }
}
