import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// A filter that keeps few documents and a word that matches fewer still: the word is scored
/// first and the filter evaluated among its matches, where a word matching more is scored only
/// among the documents the filter keeps. Either way the hits are those of a full evaluation.
@Suite struct FilteredRankingTests {
    @Test func aNarrowFilterRanksLikeAFullEvaluationWhicheverGoesFirst() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<2_048).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("rare\(number % 128) ranger \(String(repeating: "filler ", count: number % 5))"),
                "textContent": .string("radar rare\((number * 3) % 128) cobalt"),
                "fileSize": .number(Double(number % 100)),
            ])
        })
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let parameters = AppIndex.userQueryRanking
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: [:], cache: nil)
        let rankers = [UserQueryRanker(parameters: parameters), UserQueryRanker(parameters: parameters, cache: ShortPrefixCache())]
        // Eight documents in a hundred: under an eighth, so the filter counts as narrow.
        let filter = EngineQuery.range(field: "fileSize", lower: 0, upper: 7, includeLower: true, includeUpper: true)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let fields = scorer.rankedFields()
        let filterCost = try QueryEvaluator(segment: snapshot.segments[0]).estimatedCost(filter)
        #expect(filterCost <= 2_048 / 8)
        // "rare5" matches 32 documents, fewer than the filter keeps; "ra" matches every one.
        let rare = QueryWord(term: "rare5", isPrefix: false)
        let prefix = QueryWord(term: "ra", isPrefix: true)
        #expect(try scorer.estimatedCost(scorer.resolve(rare, in: fields), in: fields) < filterCost)
        #expect(try scorer.estimatedCost(scorer.resolve(prefix, in: fields), in: fields) > filterCost)
        for word in [rare, prefix] {
            for limit in [1, 5, 20] {
                let expected = try PhraseRankingTests.reference(snapshot, context, word, filter: filter, limit: limit, requireAll: true)
                #expect(!expected.isEmpty)
                for ranker in rankers {
                    for pass in 0..<2 {
                        let found = try ranker.search(snapshot, UserQueryRanker.Request(words: [word], filter: filter, limit: limit, now: now))
                        let label = "\(word.term) limit \(limit) cached \(ranker.cache != nil) pass \(pass)"
                        #expect(found.map(\.document) == expected.map(\.document), "\(label)")
                        #expect(found.map(\.score) == expected.map(\.score), "\(label)")
                    }
                }
            }
        }
    }
}
