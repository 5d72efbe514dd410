import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// Queries of several frequent words answered from one word's cached best documents must rank
/// exactly as a full evaluation does, and the shortcut must actually be taken where its bound
/// holds.
@Suite struct CachedPivotTests {
    /// Items whose words are all frequent, with features (dates, flags, hints) that vary.
    static func fixture() throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        let vocabulary = ["alpha", "alpine", "almond", "beta", "better", "bravo", "carbon", "cargo", "delta", "data", "echo", "east"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Skewed word choice: the first words of the vocabulary are much more frequent, and most
        // words are rarer fillers, so that the frequent ones keep a meaningful idf.
        func word() -> String {
            next(10) < 3 ? vocabulary[min(next(vocabulary.count), next(vocabulary.count))] : "filler\(next(80))"
        }
        var items: [StoredItem] = []
        for number in 0..<600 {
            let title = (0..<(2 + next(3))).map { _ in word() }.joined(separator: " ")
            // "the" is in most items (a low idf), as stop words are.
            let text = (next(10) < 7 ? "the " : "") + (0..<(4 + next(12))).map { _ in word() }.joined(separator: " ")
            var attributes: [String: AttributeValue] = ["title": .string(title), "textContent": .string(text)]
            if next(3) == 0 { attributes["userCreated"] = .bool(true) }
            if next(2) == 0 { attributes["rankingHint"] = .number(Double(1 + next(100))) }
            attributes["contentCreationDate"] = .date(fixture.now.addingTimeInterval(-Double(next(400)) * 86_400))
            items.append(try SearchTestFixture.item("item-\(number)", attributes))
        }
        try fixture.index(items)
        return fixture
    }

    @Test func multiWordQueriesAroundACachedWordRankLikeAFullEvaluation() throws {
        let rankers = try WarmedRankers(Self.fixture())
        let (now, cache, cached) = (rankers.now, rankers.cache, rankers.cached)
        let scorer = rankers.scorer()
        var answeredAround = 0
        var fellBack = 0
        let queries: [[QueryWord]] = [
            [.init(term: "alpha", isPrefix: false), .init(term: "b", isPrefix: true)],
            [.init(term: "alpha", isPrefix: false), .init(term: "al", isPrefix: true)],
            [.init(term: "beta", isPrefix: false), .init(term: "a", isPrefix: true)],
            [.init(term: "a", isPrefix: true), .init(term: "b", isPrefix: true)],
            [.init(term: "alp", isPrefix: true), .init(term: "bet", isPrefix: true)],
            [.init(term: "almond", isPrefix: true), .init(term: "alpha", isPrefix: true)],
            [.init(term: "alpha", isPrefix: false), .init(term: "beta", isPrefix: false), .init(term: "al", isPrefix: true)],
            [.init(term: "carbon", isPrefix: false), .init(term: "d", isPrefix: true)],
            [.init(term: "the", isPrefix: false), .init(term: "car", isPrefix: true)],
            [.init(term: "the", isPrefix: false), .init(term: "ec", isPrefix: true)],
            [.init(term: "the", isPrefix: true), .init(term: "bravo", isPrefix: true)],
        ]
        for words in queries {
            for limit in [1, 5, 20] {
                for filter in [nil, EngineQuery.term(field: "textContent", term: "alpha")] {
                    let request = UserQueryRanker.Request(words: words, filter: filter, limit: limit, now: now)
                    let label = "\(words.map(\.term)) limit \(limit) filter \(filter != nil)"
                    let evaluated = try rankers.fullEvaluationMatchingCache(request, label)
                    var collector = TopCollector(limit: limit)
                    if try cached.searchAroundCachedPivot(cache, scorer, scorer.resolve(words), 0, request, &collector) {
                        answeredAround += 1
                        #expect(collector.results().map(\.document) == evaluated.map(\.document), "\(label)")
                    } else {
                        fellBack += 1
                        #expect(collector.results().isEmpty, "a declined shortcut leaves the collector unchanged")
                    }
                }
            }
        }
        #expect(
            cache.freshEntry(for: scorer, word: QueryWord(term: "the", isPrefix: false), parameters: rankers.parameters, now: now) != nil,
            "warming caches the best documents of frequent whole words")
        #expect(answeredAround > 0, "the bound holds for some queries")
        #expect(fellBack > 0, "and not for others")
    }

    /// Items the user engaged with rank above their cached keys, so the walks that stop at a key
    /// (a prefix's cached documents, the lists around a pivot) must go on for them as far as
    /// engagement can lift them, and take those left out of the lists too; they must still rank
    /// exactly as a full evaluation does. Two fixtures: the varied one above, and items of the same
    /// text a few hours apart, whose keys are so close that engagement lifts the oldest to the top.
    @Test func engagedItemsRankLikeAFullEvaluationInCachedWalks() throws {
        let close = try SearchTestFixture()
        try close.index((0..<200).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("alpha bravo"), "textContent": .string("the filler\(number % 5) alpha"),
                "contentCreationDate": .date(close.now.addingTimeInterval(-Double(number) * 3_600)),
            ])
        })
        var answeredAround = 0
        var lifted = 0
        for fixture in [try Self.fixture(), close] {
            let rankers = try WarmedRankers(fixture)
            let (snapshot, now, cache, cached, full) = (rankers.snapshot, rankers.now, rankers.cache, rankers.cached, rankers.full)
            // Every seventh item engaged with as much as counts, and a few once.
            var engagement: [String: Double] = [:]
            for number in stride(from: 0, to: 600, by: 7) { engagement[StoredRecord.key(indexName: "", identifier: "item-\(number)")] = 20 }
            for number in [3, 50, 199, 301] { engagement[StoredRecord.key(indexName: "", identifier: "item-\(number)")] = 1 }
            let scorer = rankers.scorer(engagement: engagement)
            let queries: [[QueryWord]] = [
                [.init(term: "a", isPrefix: true)],
                [.init(term: "b", isPrefix: true)],
                [.init(term: "al", isPrefix: true)],
                [.init(term: "alpha", isPrefix: false)],
                [.init(term: "the", isPrefix: false), .init(term: "a", isPrefix: true)],
                [.init(term: "alpha", isPrefix: false), .init(term: "b", isPrefix: true)],
                [.init(term: "a", isPrefix: true), .init(term: "b", isPrefix: true)],
            ]
            for words in queries {
                for limit in [1, 5, 20] {
                    for filter in [nil, EngineQuery.term(field: "textContent", term: "the")] {
                        let request = UserQueryRanker.Request(words: words, filter: filter, limit: limit, now: now, engagement: engagement)
                        let label = "\(words.map(\.term)) limit \(limit) filter \(filter != nil)"
                        let evaluated = try rankers.fullEvaluationMatchingCache(request, label)
                        #expect(!evaluated.isEmpty, "\(label) matches something")
                        let unengaged = try full.search(snapshot, UserQueryRanker.Request(words: words, filter: filter, limit: limit, now: now))
                        if unengaged.map(\.document) != evaluated.map(\.document) { lifted += 1 }
                        guard words.count > 1 else { continue }
                        var collector = TopCollector(limit: limit)
                        if try cached.searchAroundCachedPivot(cache, scorer, scorer.resolve(words), 0, request, &collector) {
                            answeredAround += 1
                            #expect(collector.results().map(\.document) == evaluated.map(\.document), "\(label)")
                        }
                    }
                }
            }
        }
        #expect(lifted > 0, "engagement changes some answers")
        #expect(answeredAround > 0, "the bound holds for some queries with engagement")
    }
}
