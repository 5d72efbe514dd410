import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// A scored list's engaged documents, kept a band at a time for one engagement, must hold exactly
/// the engaged documents of the list's best bands, be found again only when the engagement
/// changes, and leave one-word queries ranking as a full evaluation does, with few or with more
/// engaged documents than it keeps.
@Suite struct EngagedMatchesTests {
    /// 1,200 items whose titles and texts give the prefix "a" many different scores.
    static func fixture() throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<1_200).map { number in
            let title = number % 3 == 0 ? "alpha apex" : number % 3 == 1 ? "alpha" : "bravo"
            return try SearchTestFixture.item("item-\(number)", [
                "title": .string(title),
                "textContent": .string(String(repeating: "filler ", count: number % 9) + (number % 4 == 0 ? "also an answer" : "nothing")),
                "contentCreationDate": .date(fixture.now.addingTimeInterval(-Double(number) * 600)),
            ])
        })
        return fixture
    }

    /// 1,200 items matching "alpha" in their titles only, every other title a word longer: two
    /// scores a few percent apart, less than engagement lifts. With every short-titled item opened
    /// once and every long-titled one ten times, the best of the top hits are long-titled ones,
    /// whose band is past the short-titled engaged items kept.
    static func closeFixture() throws -> (SearchTestFixture, [String: Double]) {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<1_200).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string((["alpha"] + (0..<(11 + number % 2)).map { "word\($0)" }).joined(separator: " ")),
                "textContent": .string(number % 3 == 0 ? "an answer" : "nothing"),
            ])
        })
        var engagement: [String: Double] = [:]
        for number in 0..<1_200 { engagement[StoredRecord.key(indexName: "", identifier: "item-\(number)")] = number % 2 == 0 ? 1 : 10 }
        return (fixture, engagement)
    }

    /// Engagement with every `step`-th item, opened up to ten times.
    static func engagement(every step: Int) -> [String: Double] {
        var engagement: [String: Double] = [:]
        for number in stride(from: 0, to: 1_200, by: step) {
            engagement[StoredRecord.key(indexName: "", identifier: "item-\(number)")] = Double(1 + number % 10)
        }
        return engagement
    }

    @Test func theBestBandsEngagedDocumentsAreKeptOncePerEngagement() throws {
        let fixture = try Self.fixture()
        let rankers = try WarmedRankers(fixture)
        let engaged = EngagedDocuments(Self.engagement(every: 2), in: rankers.snapshot)
        let context = ScoringContext(snapshot: rankers.snapshot, parameters: rankers.parameters, now: rankers.now, engaged: engaged, cache: rankers.cache)
        let scorer = SegmentScorer(segment: rankers.snapshot.segments[0], context: context)
        let fields = scorer.rankedFields()
        let word = try scorer.resolve(QueryWord(term: "a", isPrefix: true), in: fields)
        let list = try #require(try rankers.cache.scoredList(of: word, in: fields, scorer: scorer, builds: true))
        let matches = list.engagedMatches(engaged, segment: 0)

        // Every engaged document of the list, with its band, its score and its band's ceiling.
        var all: [(document: UInt32, band: Int, score: Float)] = []
        for document in engaged.documents(inSegment: 0) {
            if let place = list.place(of: document) { all.append((document, Int(list.bandOfPlace[place]), list.scores[place])) }
        }
        #expect(all.count > ShortPrefixCache.EngagedMatches.limit, "more engaged documents match than are kept")
        // Whole bands from the best, the last one reaching the limit; ascending within a band.
        let expected = all.sorted { ($0.band, $0.document) < ($1.band, $1.document) }
        let keptCount = matches.documents.count
        #expect(keptCount >= ShortPrefixCache.EngagedMatches.limit && keptCount < all.count)
        #expect(matches.documents == expected.prefix(keptCount).map(\.document))
        #expect(matches.scores == expected.prefix(keptCount).map(\.score))
        #expect(expected[keptCount - 1].band < expected[keptCount].band, "a band is kept whole")
        #expect(matches.ceilings == expected.prefix(keptCount).map { list.bandCeilings[$0.band] })
        #expect(zip(matches.scores, matches.ceilings).allSatisfy { $0 <= $1 })
        #expect(matches.restCeiling == expected.dropFirst(keptCount).map(\.score).max())

        // Found once for this engagement; found again for another.
        #expect(list.engagedMatches(engaged, segment: 0) === matches)
        let fewer = EngagedDocuments(Self.engagement(every: 50), in: rankers.snapshot)
        let fewerMatches = list.engagedMatches(fewer, segment: 0)
        #expect(fewerMatches !== matches && fewerMatches.restCeiling == nil, "few engaged documents are all kept")
        #expect(Set(fewerMatches.documents) == Set(fewer.documents(inSegment: 0).filter { list.place(of: $0) != nil }))
    }

    /// One-word prefixes answered from the cache with engagement kept per snapshot (as an app
    /// keeps it), asked twice each so the second answer reads the kept engaged documents: the
    /// same documents and scores as a full evaluation, with few engaged documents and with more
    /// than are kept, with and without a filter.
    @Test func oneWordQueriesRankLikeAFullEvaluation() throws {
        var lifted = 0
        let varied = try Self.fixture()
        let cases = [(varied, Self.engagement(every: 2)), (varied, Self.engagement(every: 3)), (varied, Self.engagement(every: 40)), try Self.closeFixture()]
        for (fixture, engagement) in cases {
            let rankers = try WarmedRankers(fixture)
            let engaged = EngagedDocuments(engagement, in: rankers.snapshot)
            for term in ["a", "al", "alp", "b", "f", "an"] {
                for limit in [1, 5, 20] {
                    for filter in [nil, EngineQuery.term(field: "textContent", term: "answer")] {
                        let words = [QueryWord(term: term, isPrefix: true)]
                        let request = UserQueryRanker.Request(
                            words: words, filter: filter, limit: limit, now: rankers.now, engagement: engagement, engagedDocuments: engaged)
                        let label = "\(engagement.count) engaged: \(term) limit \(limit) filter \(filter != nil)"
                        for _ in 0..<2 { try rankers.fullEvaluationMatchingCache(request, label) }
                        let unengaged = try rankers.full.search(rankers.snapshot, UserQueryRanker.Request(words: words, filter: filter, limit: limit, now: rankers.now))
                        if try rankers.full.search(rankers.snapshot, request).map(\.document) != unengaged.map(\.document) { lifted += 1 }
                    }
                }
            }
        }
        #expect(lifted > 0, "engagement changes some answers")
    }
}
