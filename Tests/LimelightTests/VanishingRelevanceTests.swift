import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// A query whose words are in every document has an idf so close to zero that no document's
/// relevance survives rounding: the ranker then takes the newest matches instead of scoring every
/// one, and must return exactly what a full evaluation returns.
@Suite struct VanishingRelevanceTests {
    /// 24,000 items, all holding "the" and a word starting with "m" (never "m" alone); every other
    /// one holds "odd"; the last 30 are deleted. With k1 = 0.01 and no features, one word in every
    /// item scores at most ln(1 + 0.5/24000.5) · 1.01 ≈ 2.1e-5, below a quarter relevance step.
    static func fixture(hint: Bool = false) throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        var items: [StoredItem] = []
        for number in 0..<24_000 {
            var text = "the m\(number % 97)x word\(number % 13)"
            if number % 2 == 0 { text += " odd" }
            var attributes: [String: AttributeValue] = ["textContent": .string(text)]
            if hint && number == 7 { attributes["rankingHint"] = .number(50) }
            items.append(try SearchTestFixture.item("item-\(number)", attributes))
        }
        try fixture.index(items)
        try fixture.app.apply([.deleteIdentifiers((23_970..<24_000).map { "item-\($0)" })], indexName: "", now: fixture.now)
        return fixture
    }

    static let parameters = RankingParameters(
        fields: [RankedField(field: "textContent", weight: 1)], k1: 0.01, sameFieldBonus: 0,
        features: RankingFeatures(hintColumn: "rankingHint"))

    /// The top hits as a full evaluation finds them: every match scored, best kept.
    static func reference(_ scorer: SegmentScorer, _ words: [QueryWord], filter: EngineQuery?, limit: Int) throws -> [ScoredDocument] {
        let matches = try scorer.documents(for: words, requireAll: true)
        let evaluator = QueryEvaluator(segment: scorer.segment)
        var collector = TopCollector(limit: limit)
        for (index, document) in matches.documents.enumerated() {
            if let filter, !(try evaluator.matches(filter, document: document)) { continue }
            let score = scorer.finalScore(document, relevance: matches.relevance[index], matchedWords: words.count, wordCount: words.count, requireAll: true)
            collector.add(ScoredDocument(segment: 0, document: document, score: score))
        }
        return collector.results()
    }

    @Test func wordsInEveryDocumentRankTheNewestMatchesLikeAFullEvaluation() throws {
        let fixture = try Self.fixture()
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let ranker = UserQueryRanker(parameters: Self.parameters)
        let context = ScoringContext(snapshot: snapshot, parameters: Self.parameters, now: now, engagement: [:], cache: nil)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let queries: [[QueryWord]] = [[.init(term: "the", isPrefix: false)], [.init(term: "m", isPrefix: true)], [.init(term: "th", isPrefix: true)]]
        for words in queries {
            for limit in [1, 20, 300] {
                for filter in [nil, EngineQuery.term(field: "textContent", term: "odd")] {
                    let label = "\(words.map(\.term)) limit \(limit) filter \(filter != nil)"
                    let request = UserQueryRanker.Request(words: words, filter: filter, limit: limit, now: now)
                    var collector = TopCollector(limit: limit)
                    #expect(try ranker.searchNewestWhenRelevanceVanishes(scorer, scorer.resolve(words), 0, request, &collector), "\(label)")
                    let expected = try Self.reference(scorer, words, filter: filter, limit: limit)
                    #expect(collector.results().map(\.document) == expected.map(\.document), "\(label)")
                    #expect(try ranker.search(snapshot, request).map(\.document) == expected.map(\.document), "\(label)")
                    #expect(expected.allSatisfy { $0.score == 0 }, "\(label): relevance vanishes")
                    #expect(expected.count == limit, "\(label)")
                }
            }
        }
    }

    /// Words whose scored lists the cache keeps are answered from the lists before anything is
    /// read from the dictionaries. Two words in every item score under half a relevance step
    /// together (every final score rounds to zero), but above the quarter step under which the
    /// ranker takes the newest matches: the lists are searched, and must agree with a full
    /// evaluation, ties and all.
    @Test func keptListsRankWordsInEveryDocumentLikeAFullEvaluation() throws {
        let fixture = try Self.fixture()
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        try cache.warm(snapshot, parameters: Self.parameters, now: now)
        let ranker = UserQueryRanker(parameters: Self.parameters, cache: cache)
        let context = ScoringContext(snapshot: snapshot, parameters: Self.parameters, now: now, engagement: [:], cache: cache)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let cases: [(words: [QueryWord], scoresVanish: Bool)] = [
            ([.init(term: "the", isPrefix: false), .init(term: "m", isPrefix: true)], true),
            ([.init(term: "the", isPrefix: false), .init(term: "odd", isPrefix: false)], false),
        ]
        for (words, scoresVanish) in cases {
            let label = "\(words.map(\.term))"
            for limit in [1, 20, 300] {
                let request = UserQueryRanker.Request(words: words, limit: limit, now: now)
                let kept = try #require(UserQueryRanker.KeptLists(scorer, request), "\(label): warming keeps every word's list")
                #expect(!ranker.relevanceMayVanish(kept, scorer), "\(label)")
                let expected = try Self.reference(scorer, words, filter: nil, limit: limit)
                #expect(expected.allSatisfy { $0.score == 0 } == scoresVanish, "\(label)")
                let found = try ranker.search(snapshot, request)
                #expect(found.map(\.document) == expected.map(\.document), "\(label) limit \(limit)")
                #expect(found.map(\.score) == expected.map(\.score), "\(label) limit \(limit)")
            }
        }
    }

    /// With engagement, a one-word prefix answered from its cached best documents must still take
    /// the engaged documents left out of them that can enter: with every final score zero (ties go
    /// to the newest document), those after the last of the top hits. They must rank as a full
    /// evaluation ranks them, with and without a filter, and with a hint (no tie then).
    @Test func engagedDocumentsOfAWordInEveryDocumentRankLikeAFullEvaluation() throws {
        for hint in [false, true] {
            let fixture = try Self.fixture(hint: hint)
            let snapshot = fixture.app.snapshot()
            let now = fixture.now.timeIntervalSince1970
            let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
            try cache.warm(snapshot, parameters: Self.parameters, now: now)
            let ranker = UserQueryRanker(parameters: Self.parameters, cache: cache)
            // Every 37th item engaged, some often; the newest among them too.
            var engagement: [String: Double] = [:]
            for number in Array(stride(from: 0, to: 24_000, by: 37)) + [23_969, 23_968, 23_950] {
                engagement[StoredRecord.key(indexName: "", identifier: "item-\(number)")] = Double(1 + number % 12)
            }
            let engaged = EngagedDocuments(engagement, in: snapshot)
            let context = ScoringContext(snapshot: snapshot, parameters: Self.parameters, now: now, engaged: engaged, cache: nil)
            let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
            for words in [[QueryWord(term: "m", isPrefix: true)], [QueryWord(term: "th", isPrefix: true)]] {
                for limit in [1, 20, 300] {
                    for filter in [nil, EngineQuery.term(field: "textContent", term: "odd")] {
                        let label = "hint \(hint): \(words.map(\.term)) limit \(limit) filter \(filter != nil)"
                        let request = UserQueryRanker.Request(
                            words: words, filter: filter, limit: limit, now: now, engagement: engagement, engagedDocuments: engaged)
                        let expected = try Self.reference(scorer, words, filter: filter, limit: limit)
                        #expect(hint || expected.allSatisfy { $0.score == 0 }, "\(label): relevance vanishes")
                        for _ in 0..<2 {
                            #expect(try ranker.search(snapshot, request).map(\.document) == expected.map(\.document), "\(label)")
                        }
                    }
                }
            }
        }
    }

    @Test func aWordWithWeightOrAHintTakesTheFullEvaluation() throws {
        for hint in [false, true] {
            let fixture = try Self.fixture(hint: hint)
            let snapshot = fixture.app.snapshot()
            let now = fixture.now.timeIntervalSince1970
            let ranker = UserQueryRanker(parameters: Self.parameters)
            let context = ScoringContext(snapshot: snapshot, parameters: Self.parameters, now: now, engagement: [:], cache: nil)
            let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
            // "odd" is in half the items: its idf is far from zero. With a hint, even "the" is not
            // a tie: the hinted item ranks first.
            let words: [QueryWord] = hint ? [.init(term: "the", isPrefix: false)] : [.init(term: "the", isPrefix: false), .init(term: "odd", isPrefix: false)]
            let request = UserQueryRanker.Request(words: words, limit: 5, now: now)
            var collector = TopCollector(limit: 5)
            #expect(try !ranker.searchNewestWhenRelevanceVanishes(scorer, scorer.resolve(words), 0, request, &collector))
            #expect(collector.results().isEmpty, "a declined shortcut leaves the collector unchanged")
            let expected = try Self.reference(scorer, words, filter: nil, limit: 5)
            #expect(try ranker.search(snapshot, request).map(\.document) == expected.map(\.document))
            if hint { #expect(try fixture.app.snapshot().segments[0].reader.key(of: expected[0].document).hasSuffix("item-7")) }
        }
    }
}
