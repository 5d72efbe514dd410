import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// Walking frequent words' scored lists best first must rank exactly as a full evaluation does,
/// and the bands it walks must order each list's best documents by score.
@Suite struct ScoreOrderTests {
    @Test func bandsHoldTheBestEighthOfAListInScoreOrder() throws {
        let fixture = try CachedPivotTests.fixture()
        let cache = try WarmedRankers.warmedCache(fixture)
        let documentCount = fixture.app.snapshot().segments[0].reader.documentCount
        let lists = cache.scoredLists.withLock { Array($0.lists.values) }
        var banded = 0
        for list in lists {
            guard let bands = list.bands else {
                #expect(!ShortPrefixCache.isFrequent(postings: list.count, documentCount: documentCount), "frequent words have bands")
                continue
            }
            banded += 1
            var walked = 0
            var previousLowest = Float.infinity
            for band in 0..<bands.keptCount {
                let range = bands.range(of: band)
                #expect(range.lowerBound == walked, "bands follow each other")
                walked = range.upperBound
                for slot in range {
                    let place = try #require(list.place(of: bands.documents[slot]))
                    #expect(bands.scores[slot] == list.scores[place])
                    #expect(bands.slotMasks[slot] == list.slotMasks[place])
                    #expect(Int(list.bandOfPlace[place]) == band)
                    #expect(list.quantization.band(of: bands.scores[slot]) == band)
                    #expect(bands.scores[slot] <= bands.ceilings[band])
                    #expect(bands.scores[slot] < previousLowest || previousLowest == .infinity, "a band scores below the bands above it")
                }
                if let lowest = range.map({ bands.scores[$0] }).min() { previousLowest = lowest }
            }
            #expect(walked >= list.count / 8, "the kept bands hold an eighth of the documents or more")
            #expect(bands.isComplete == (walked == list.count))
            // Every document left out scores in a band below the kept ones.
            let kept = Set(bands.documents)
            for (place, document) in list.documents().enumerated() where !kept.contains(document) {
                #expect(Int(list.bandOfPlace[place]) >= bands.keptCount)
            }
        }
        #expect(banded > 0, "warming keeps lists of frequent words with bands")
    }

    @Test func everyDocumentScoresWithinItsBandsCeiling() throws {
        let fixture = try CachedPivotTests.fixture()
        let cache = try WarmedRankers.warmedCache(fixture)
        let lists = cache.scoredLists.withLock { Array($0.lists.values) }
        let documentCount = fixture.app.snapshot().segments[0].reader.documentCount
        #expect(!lists.isEmpty, "warming keeps scored lists")
        #expect(lists.contains { !$0.bandOfDocument.isEmpty }, "some list is dense enough to tell each document's band")
        for list in lists {
            var highest = [Float](repeating: 0, count: ShortPrefixCache.ScoreQuantization.bandCount)
            for (place, score) in list.scores.enumerated() {
                let band = Int(list.bandOfPlace[place])
                #expect(band == list.quantization.band(of: score))
                #expect(score <= list.scoreCeiling(at: place))
                highest[band] = max(highest[band], score)
            }
            #expect(highest == list.bandCeilings, "a band's ceiling is its highest score")
            // A dense list tells each document's band, or that the word does not match it.
            #expect(list.bandOfDocument.isEmpty == (list.count < documentCount / 4 || list.presence.isEmpty))
            for (document, band) in list.bandOfDocument.enumerated() {
                let place = list.place(of: UInt32(document))
                #expect(band == place.map { list.bandOfPlace[$0] } ?? ShortPrefixCache.ScoreQuantization.absent)
            }
            // Band 0 holds the highest score, and lower bands lower scores.
            #expect(list.bandCeilings.first == list.scores.max())
            let filled = list.bandCeilings.filter { $0 > 0 }
            #expect(filled == filled.sorted(by: >))
        }
    }

    @Test func walkingListsBestFirstRanksLikeAFullEvaluation() throws {
        let rankers = try WarmedRankers(CachedPivotTests.fixture())
        let (snapshot, now, cached, full) = (rankers.snapshot, rankers.now, rankers.cached, rankers.full)
        // Walks that answered, by the query's word count (two words take their own path).
        var walked: [Int: Int] = [:]
        var declined = 0
        var barred = 0
        var walkedEngaged = 0
        let queries: [[QueryWord]] = [
            [.init(term: "the", isPrefix: false), .init(term: "a", isPrefix: true)],
            [.init(term: "the", isPrefix: false), .init(term: "b", isPrefix: true)],
            [.init(term: "alpha", isPrefix: false), .init(term: "a", isPrefix: true)],
            [.init(term: "a", isPrefix: true), .init(term: "f", isPrefix: true)],
            [.init(term: "the", isPrefix: false), .init(term: "al", isPrefix: true)],
            [.init(term: "f", isPrefix: true), .init(term: "the", isPrefix: false), .init(term: "a", isPrefix: true)],
            [.init(term: "beta", isPrefix: false), .init(term: "the", isPrefix: false)],
        ]
        for words in queries {
            for limit in [1, 3, 10, 40] {
                for engagement in [[:], [StoredRecord.key(indexName: "", identifier: "item-7"): 3.0, StoredRecord.key(indexName: "", identifier: "item-11"): 1.0], Self.manyEngaged] {
                    let request = UserQueryRanker.Request(words: words, limit: limit, now: now, engagement: engagement)
                    let label = "\(words.map(\.term)) limit \(limit) engaged \(engagement.count)"
                    let evaluated = try rankers.fullEvaluationMatchingCache(request, label)
                    #expect(!evaluated.isEmpty, "\(label) matches something")
                    let scorer = rankers.scorer(engagement: engagement)
                    var collector = TopCollector(limit: limit)
                    guard let kept = UserQueryRanker.KeptLists(scorer, request) else {
                        declined += 1
                        continue
                    }
                    let outcome = cached.searchInScoreOrder(kept, scorer, 0, request, &collector)
                    if outcome == .answered {
                        walked[words.count, default: 0] += 1
                        if engagement.count > 2 { walkedEngaged += 1 }
                    } else {
                        declined += 1
                        #expect(collector.results().isEmpty, "a declined walk leaves the collector unchanged")
                        // The conjunction after it skips what cannot reach the walk's bar.
                        guard case .declined(let bar?) = outcome else { continue }
                        barred += 1
                        cached.searchKeptLists(kept, scorer, 0, request, &collector, bar: bar)
                    }
                    #expect(collector.results().map(\.document) == evaluated.map(\.document), "\(label)")
                    #expect(collector.results().map(\.score) == evaluated.map(\.score), "\(label)")
                }
            }
        }
        #expect(walked[2, default: 0] > 0, "the walk answers some queries of two words")
        #expect(walkedEngaged > 0, "including some with many engaged items, whose unmet engaged documents are looked up")
        #expect(walked[3, default: 0] > 0, "and of three")
        #expect(declined > 0, "and declines others")
        #expect(barred > 0, "some after meeting enough documents to set a bar")
    }

    /// Engagement with every seventh item, one to twelve times: enough engaged documents that some
    /// are left unmet by walks that stop once no other document can enter the top hits.
    static let manyEngaged: [String: Double] = Dictionary(uniqueKeysWithValues: stride(from: 0, to: 600, by: 7).map { number in
        (StoredRecord.key(indexName: "", identifier: "item-\(number)"), Double(1 + number % 12))
    })

    /// Scoring every document of the shortest kept list, looked up in the others, must rank as a
    /// full evaluation does: two words (read through the lists directly) and three.
    @Test func scoringKeptListsRanksLikeAFullEvaluation() throws {
        let rankers = try WarmedRankers(CachedPivotTests.fixture())
        let (snapshot, now, cached, full) = (rankers.snapshot, rankers.now, rankers.cached, rankers.full)
        var scoredByWordCount: [Int: Int] = [:]
        let queries: [[QueryWord]] = [
            [.init(term: "the", isPrefix: false), .init(term: "a", isPrefix: true)],
            [.init(term: "a", isPrefix: true), .init(term: "the", isPrefix: false)],
            [.init(term: "alpha", isPrefix: false), .init(term: "b", isPrefix: true)],
            [.init(term: "a", isPrefix: true), .init(term: "f", isPrefix: true)],
            [.init(term: "f", isPrefix: true), .init(term: "the", isPrefix: false), .init(term: "a", isPrefix: true)],
            [.init(term: "the", isPrefix: false), .init(term: "b", isPrefix: true), .init(term: "f", isPrefix: true)],
        ]
        for words in queries {
            for limit in [1, 3, 10, 40, 1000] {
                for engagement in [[:], [StoredRecord.key(indexName: "", identifier: "item-7"): 3.0, StoredRecord.key(indexName: "", identifier: "item-11"): 1.0], Self.manyEngaged] {
                    let request = UserQueryRanker.Request(words: words, limit: limit, now: now, engagement: engagement)
                    let evaluated = try full.search(snapshot, request)
                    let label = "\(words.map(\.term)) limit \(limit) engaged \(engagement.count)"
                    let scorer = rankers.scorer(engagement: engagement)
                    guard let kept = UserQueryRanker.KeptLists(scorer, request) else { continue }
                    scoredByWordCount[words.count, default: 0] += 1
                    var collector = TopCollector(limit: limit)
                    cached.searchKeptLists(kept, scorer, 0, request, &collector)
                    #expect(!evaluated.isEmpty, "\(label) matches something")
                    #expect(collector.results().map(\.document) == evaluated.map(\.document), "\(label)")
                    #expect(collector.results().map(\.score) == evaluated.map(\.score), "\(label)")
                }
            }
        }
        #expect(scoredByWordCount[2, default: 0] > 0, "two-word queries are scored from their lists")
        #expect(scoredByWordCount[3, default: 0] > 0, "three-word queries are scored from their lists")
    }

    /// Two words whose best documents are the same ones (both in short titles): the walk meets
    /// them in both lists and must score each once.
    @Test func documentsMetInBothListsAreScoredOnce() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<400).map { number in
            let title = number % 4 == 0
                ? "gamma delta" + String(repeating: " filler\(number % 7)", count: number % 5) : "filler\(number % 50) filler\(number % 13)"
            let text = (number % 2 == 0 ? "gamma " : "") + (number % 3 == 0 ? "delta " : "") + "filler\(number % 11) filler\(number % 17)"
            return try SearchTestFixture.item("item-\(number)", ["title": .string(title), "textContent": .string(text)])
        })
        let rankers = try WarmedRankers(fixture)
        let (snapshot, now, cached, full) = (rankers.snapshot, rankers.now, rankers.cached, rankers.full)
        let scorer = rankers.scorer()
        var walked = 0
        for words in [["gamma", "delta"], ["delta", "gamma"]] {
            for limit in [5, 10, 20, 40] {
                let request = UserQueryRanker.Request(words: words.map { QueryWord(term: $0, isPrefix: false) }, limit: limit, now: now)
                let evaluated = try full.search(snapshot, request)
                var collector = TopCollector(limit: limit)
                guard let kept = UserQueryRanker.KeptLists(scorer, request),
                    cached.searchInScoreOrder(kept, scorer, 0, request, &collector) == .answered
                else { continue }
                walked += 1
                #expect(collector.results().map(\.document) == evaluated.map(\.document), "\(words) limit \(limit)")
                #expect(collector.results().map(\.score) == evaluated.map(\.score), "\(words) limit \(limit)")
            }
        }
        #expect(walked > 0, "the walk answers")
    }
    /// Two words in every item's long title, scores a percent or two apart, and engagement that
    /// lifts an item by several percent: the walk stops once no document left can enter without
    /// engagement, and the engaged ones it has not met must still be looked up and ranked.
    @Test func engagedDocumentsTheWalkLeavesUnmetStillRank() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<400).map { number in
            let title = "gamma delta " + (0..<(10 + number % 4)).map { "filler\(($0 + number) % 30)" }.joined(separator: " ")
            return try SearchTestFixture.item("item-\(number)", ["title": .string(title)])
        })
        let rankers = try WarmedRankers(fixture)
        let engagement = Dictionary(uniqueKeysWithValues: stride(from: 3, to: 400, by: 5).map {
            (StoredRecord.key(indexName: "", identifier: "item-\($0)"), 10.0)
        })
        let scorer = rankers.scorer(engagement: engagement)
        var answered = 0
        for limit in [5, 10, 20] {
            let words = [QueryWord(term: "gamma", isPrefix: false), QueryWord(term: "delta", isPrefix: false)]
            let request = UserQueryRanker.Request(words: words, limit: limit, now: rankers.now, engagement: engagement)
            let evaluated = try rankers.full.search(rankers.snapshot, request)
            let unengaged = try rankers.full.search(rankers.snapshot, UserQueryRanker.Request(words: words, limit: limit, now: rankers.now))
            #expect(evaluated.map(\.document) != unengaged.map(\.document), "engagement changes the top \(limit)")
            var collector = TopCollector(limit: limit)
            let kept = try #require(UserQueryRanker.KeptLists(scorer, request))
            guard rankers.cached.searchInScoreOrder(kept, scorer, 0, request, &collector) == .answered else { continue }
            answered += 1
            #expect(collector.results().map(\.document) == evaluated.map(\.document), "limit \(limit)")
            #expect(collector.results().map(\.score) == evaluated.map(\.score), "limit \(limit)")
        }
        #expect(answered > 0, "the walk answers")
    }
}
