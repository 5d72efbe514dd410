import LimelightCore
import LimelightTestSupport
import Testing

/// Simplifying a filter with what a segment settles (its column bounds, the fields and terms it
/// holds) never changes what it matches, settles the ranges and terms every document (or no
/// document) satisfies, and leaves the others alone.
@Suite struct FilterSimplificationTests {
    /// 200 documents: `size` 10...59 with every fifth missing, so its bounds settle only ranges
    /// that no document satisfies; `stamp` 100...299 on every document.
    private func makeSegment(_ directory: TemporaryDirectory) throws -> (SearchEngine, SegmentSnapshot) {
        var batch = WriteBatch()
        for i in 0..<200 {
            var item = document("k\(i)", title: i % 2 == 0 ? "alpha" : "beta", size: i % 5 == 0 ? nil : Double(10 + i % 50))
            item.numbers["stamp"] = Double(100 + i)
            item.appendKeywords("kind", ["item"])
            batch.append(.upsert(item))
        }
        let engine = try SearchEngine.open(directory: directory.path)
        try engine.commit(batch)
        return (engine, engine.snapshot().segments[0])
    }

    private static func range(_ field: String, _ lower: Double?, _ upper: Double?, closed: Bool = true) -> EngineQuery {
        .range(field: field, lower: lower, upper: upper, includeLower: closed, includeUpper: closed)
    }

    @Test func columnBoundsAreTheValuesExtremes() throws {
        let directory = TemporaryDirectory()
        let (engine, segment) = try makeSegment(directory)
        let stamp = try #require(segment.reader.columnBounds("stamp"))
        #expect(stamp.lowest == 100 && stamp.highest == 299 && !stamp.hasMissing)
        let size = try #require(segment.reader.columnBounds("size"))
        #expect(size.lowest == 11 && size.highest == 59 && size.hasMissing)
        #expect(segment.reader.columnBounds("absent") == nil)
        try engine.close()
    }

    @Test func rangesTheBoundsSettleBecomeAllOrNone() throws {
        let directory = TemporaryDirectory()
        let (engine, segment) = try makeSegment(directory)
        let evaluator = QueryEvaluator(segment: segment)
        func isAll(_ query: EngineQuery) -> Bool { if case .all = evaluator.simplified(query) { true } else { false } }
        func isNone(_ query: EngineQuery) -> Bool { if case .none = evaluator.simplified(query) { true } else { false } }
        // Every document's stamp is in these.
        #expect(isAll(Self.range("stamp", 100, 299)))
        #expect(isAll(Self.range("stamp", 99, nil, closed: false)))
        #expect(isAll(.hasNumber(field: "stamp")))
        // No document's value is in these (an open bound at the extreme excludes it).
        #expect(isNone(Self.range("stamp", 299, nil, closed: false)))
        #expect(isNone(Self.range("stamp", nil, 100, closed: false)))
        #expect(isNone(Self.range("size", 60, 70)))
        #expect(isNone(Self.range("absent", 0, nil)))
        #expect(isNone(.hasNumber(field: "absent")))
        // A missing size keeps a range over all the values from matching everything.
        #expect(!isAll(Self.range("size", 0, 100)))
        #expect(!isAll(.hasNumber(field: "size")))
        #expect(!isAll(Self.range("stamp", 150, nil)))
        // Boolean clauses fold.
        #expect(isAll(.and([Self.range("stamp", 0, nil), .not(Self.range("size", 100, nil))])))
        #expect(isNone(.and([.term(field: "title", term: "alpha"), Self.range("size", 60, nil)])))
        #expect(isAll(.or([.term(field: "title", term: "alpha"), Self.range("stamp", nil, 1000)])))
        if case .term = evaluator.simplified(.and([.term(field: "title", term: "alpha"), Self.range("stamp", 0, nil)])) {} else {
            Issue.record("a conjunction with one unsettled clause should become that clause")
        }
        try engine.close()
    }

    @Test func termsEveryOrNoDocumentHoldsBecomeAllOrNone() throws {
        let directory = TemporaryDirectory()
        let (engine, _) = try makeSegment(directory)
        // Deleted documents still hold their terms: `.all` is every live document.
        try engine.commit(WriteBatch((0..<10).map { .deleteKey("k\($0 * 7)") }))
        let segment = engine.snapshot().segments[0]
        let evaluator = QueryEvaluator(segment: segment)
        func simplified(_ query: EngineQuery) -> String { "\(evaluator.simplified(query))" }
        #expect(simplified(.term(field: "kind", term: "item")) == "all")
        #expect(simplified(.term(field: "kind", term: "activity")) == "none")
        #expect(simplified(.term(field: "absent", term: "item")) == "none")
        #expect(simplified(.prefix(field: "absent", prefix: "i")) == "none")
        #expect(simplified(.not(.term(field: "kind", term: "item"))) == "none")
        #expect(simplified(.and([.term(field: "kind", term: "item"), .term(field: "title", term: "alpha")])) != "all")
        for query: EngineQuery in [
            .term(field: "kind", term: "item"), .not(.term(field: "kind", term: "item")), .term(field: "kind", term: "activity"),
            .and([.term(field: "kind", term: "item"), .term(field: "title", term: "beta")]),
            .or([.prefix(field: "absent", prefix: "a"), .term(field: "title", term: "alpha")]),
        ] {
            #expect(try evaluator.evaluate(evaluator.simplified(query)) == evaluator.evaluate(query), "\(query)")
        }
        #expect(try evaluator.evaluate(.term(field: "kind", term: "item")).count == 190)
        try engine.close()
    }

    @Test func simplifiedFiltersMatchTheSameDocuments() throws {
        let directory = TemporaryDirectory()
        let (engine, segment) = try makeSegment(directory)
        let evaluator = QueryEvaluator(segment: segment)
        let alpha = EngineQuery.term(field: "title", term: "alpha")
        var queries: [EngineQuery] = []
        for lower in [nil, 0, 11, 30, 59, 100, 150, 299, 300] as [Double?] {
            for upper in [nil, 11, 40, 59, 120, 299, 1000] as [Double?] {
                for closed in [true, false] {
                    for field in ["size", "stamp", "absent"] {
                        let range = Self.range(field, lower, upper, closed: closed)
                        queries += [range, .not(range), .and([alpha, range]), .or([alpha, range]), .and([range, .not(alpha)])]
                    }
                }
            }
        }
        queries += [.hasNumber(field: "size"), .not(.hasNumber(field: "size")), .and([]), .or([]), .not(.and([]))]
        for query in queries {
            #expect(try evaluator.evaluate(evaluator.simplified(query)) == evaluator.evaluate(query), "\(query)")
        }
        try engine.close()
    }
}
