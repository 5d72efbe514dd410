import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// Frequent words' matches kept scored over a whole segment must rank exactly as scoring the
/// postings afresh does, and must not outlive what their scores depend on: the segment's
/// deletions and the snapshot's average field lengths.
@Suite struct ScoredListTests {
    static let queries: [[QueryWord]] = [
        [.init(term: "alpha", isPrefix: false), .init(term: "b", isPrefix: true)],
        [.init(term: "the", isPrefix: false), .init(term: "car", isPrefix: true)],
        [.init(term: "a", isPrefix: true), .init(term: "b", isPrefix: true)],
        [.init(term: "delta", isPrefix: false), .init(term: "filler1", isPrefix: true)],
        [.init(term: "the", isPrefix: false), .init(term: "echo", isPrefix: false), .init(term: "d", isPrefix: true)],
    ]

    /// Runs every query with and without the cache and expects the same documents and scores.
    static func expectSameRanking(_ fixture: SearchTestFixture, _ cache: ShortPrefixCache, _ label: String) throws {
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let parameters = AppIndex.userQueryRanking
        let cached = UserQueryRanker(parameters: parameters, cache: cache)
        let full = UserQueryRanker(parameters: parameters, cache: nil)
        for words in queries {
            for filter in [nil, EngineQuery.term(field: "textContent", term: "alpha")] {
                let request = UserQueryRanker.Request(words: words, filter: filter, limit: 10, now: now)
                let fromLists = try cached.search(snapshot, request)
                let evaluated = try full.search(snapshot, request)
                let query = "\(label): \(words.map(\.term)) filter \(filter != nil)"
                #expect(!evaluated.isEmpty, "\(query) matches something")
                #expect(fromLists.map(\.document) == evaluated.map(\.document), "\(query)")
                #expect(fromLists.map(\.score) == evaluated.map(\.score), "\(query)")
            }
        }
    }

    /// Warming scores ahead every word and prefix whose list scoring would keep, not only the
    /// frequent ones, so that a query of less frequent words is scored from lists on first use.
    @Test func warmingKeepsTheListsOfEveryWordScoringKeeps() throws {
        let fixture = try CachedPivotTests.fixture()
        let cache = try WarmedRankers.warmedCache(fixture)
        let snapshot = fixture.app.snapshot()
        let segment = snapshot.segments[0]
        let parameters = AppIndex.userQueryRanking
        let expensive = try cache.expensiveWords(of: segment, fields: parameters.fields)
        #expect(!expensive.keptWords.isEmpty && !expensive.keptPrefixes.isEmpty, "the fixture has kept words that are not frequent")
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: fixture.now.timeIntervalSince1970, engagement: [:], cache: cache)
        let scorer = SegmentScorer(segment: segment, context: context)
        let fields = scorer.rankedFields()
        for word in expensive.keptWords.map({ QueryWord(term: $0, isPrefix: false) }) + expensive.keptPrefixes.map({ QueryWord(term: $0, isPrefix: true) }) {
            let resolved = try scorer.resolve(word, in: fields)
            #expect(try cache.scoredList(of: resolved, in: fields, scorer: scorer, builds: false) != nil, "\(word.term) is scored ahead")
        }
    }

    /// A short prefix costs every document until its merged postings are built (on its first use
    /// with another word); then it costs their postings, drives the conjunction when it is the
    /// rarer word, and ranks as a full evaluation does.
    @Test func aShortPrefixWithMergedPostingsDrivesAndRanksTheSame() throws {
        let fixture = try CachedPivotTests.fixture()
        let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let parameters = AppIndex.userQueryRanking
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: [:], cache: cache)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let words = [QueryWord(term: "the", isPrefix: false), QueryWord(term: "ec", isPrefix: true)]
        #expect(try scorer.estimatedCost(scorer.resolve(words).words[1], in: scorer.rankedFields()) == Int.max / 2 - 2)
        let cached = UserQueryRanker(parameters: parameters, cache: cache)
        let full = UserQueryRanker(parameters: parameters, cache: nil)
        for limit in [3, 10, 1000] {
            let request = UserQueryRanker.Request(words: words, limit: limit, now: now)
            let evaluated = try full.search(snapshot, request)
            #expect(!evaluated.isEmpty)
            for pass in 0..<2 {
                let found = try cached.search(snapshot, request)
                #expect(found.map(\.document) == evaluated.map(\.document), "limit \(limit) pass \(pass)")
                #expect(found.map(\.score) == evaluated.map(\.score), "limit \(limit) pass \(pass)")
            }
        }
        let query = try scorer.resolve(words)
        let prefixCost = try scorer.estimatedCost(query.words[1], in: query.fields)
        #expect(prefixCost < (try scorer.estimatedCost(query.words[0], in: query.fields)), "the prefix is now the cheaper word")
        // Driving, the prefix matches every document of its merged postings, as its expansions do.
        let driven = try scorer.wordMatches(query.words[1], in: query.fields)
        let expanded = try SegmentScorer(segment: snapshot.segments[0], context: ScoringContext(
            snapshot: snapshot, parameters: parameters, now: now, engagement: [:], cache: nil)).wordMatches(query.words[1], in: query.fields)
        #expect(driven.documents == expanded.documents)
        #expect(zip(driven.scores, expanded.scores).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) })
    }

    /// Short prefixes left without a scored list (here: a cache with no room for lists) have their
    /// merged postings built by warming, so that their cost is known on their first use.
    @Test func warmingMergesTheShortPrefixesLeftWithoutAList() throws {
        let fixture = try CachedPivotTests.fixture()
        let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20, scoredListBudget: 0)
        let snapshot = fixture.app.snapshot()
        let parameters = AppIndex.userQueryRanking
        try cache.warm(snapshot, parameters: parameters, now: fixture.now.timeIntervalSince1970)
        #expect(cache.scoredListCount == 0)
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: fixture.now.timeIntervalSince1970, engagement: [:], cache: cache)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let fields = scorer.rankedFields()
        let short = try cache.expensiveWords(of: snapshot.segments[0], fields: parameters.fields).prefixes.filter(ShortPrefixCache.hasMergedPostings)
        #expect(short.contains { $0.count == 3 }, "the fixture has three-character prefixes worth warming")
        for prefix in short {
            let cost = try scorer.estimatedCost(scorer.resolve(QueryWord(term: prefix, isPrefix: true), in: fields), in: fields)
            #expect(cost <= snapshot.segments[0].reader.documentCount * fields.places.count * 16, "\(prefix) costs its merged postings")
        }
    }

    @Test func keptListsRankLikeAFreshEvaluationAcrossDeletionsAndNewItems() throws {
        let fixture = try CachedPivotTests.fixture()
        let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        try cache.warm(fixture.app.snapshot(), parameters: AppIndex.userQueryRanking, now: fixture.now.timeIntervalSince1970)
        #expect(cache.scoredListCount > 0, "warming scores frequent words and prefixes")
        // A list's bitset finds each of its documents at its place, and no other document.
        for list in cache.scoredLists.withLock({ Array($0.lists.values) }) {
            let members = Set(list.documents())
            for document in UInt32(0)..<UInt32(fixture.app.snapshot().segments[0].reader.documentCount + 70) {
                #expect(list.place(of: document) == list.documents().firstIndex(of: document), "\(document)")
                #expect((list.place(of: document) != nil) == members.contains(document))
            }
        }
        try Self.expectSameRanking(fixture, cache, "warmed")
        try Self.expectSameRanking(fixture, cache, "kept")

        // Deleting items makes new lists (the old ones would still hold the deleted documents).
        try fixture.app.apply([.deleteIdentifiers((0..<600).filter { $0 % 5 == 0 }.map { "item-\($0)" })], indexName: "", now: fixture.now)
        try Self.expectSameRanking(fixture, cache, "after deletions")

        // New items change the average field lengths every score depends on.
        try fixture.index((0..<40).map { number in
            try SearchTestFixture.item("long-\(number)", [
                "title": .string("alpha beta carbon delta echo and a much longer title than any other"),
                "textContent": .string(String(repeating: "the alpha bravo cargo data east filler\(number) ", count: 12)),
            ])
        })
        try Self.expectSameRanking(fixture, cache, "after new items")
    }

    @Test func aSmallBudgetKeepsFewListsAndRanksTheSame() throws {
        let fixture = try CachedPivotTests.fixture()
        let budget = 4_096
        let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20, scoredListBudget: budget)
        try Self.expectSameRanking(fixture, cache, "small budget")
        let snapshot = fixture.app.snapshot()
        let context = ScoringContext(
            snapshot: snapshot, parameters: AppIndex.userQueryRanking, now: fixture.now.timeIntervalSince1970, engagement: [:], cache: cache)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let fields = scorer.rankedFields()
        let kept = cache.scoredLists.withLock { $0 }
        #expect(kept.byteCount <= budget)
        #expect(kept.byteCount == kept.lists.values.reduce(0) { $0 + $1.byteCount })
        // "the" is in most of the 600 items: its list (ten bytes a document) is over an eighth of
        // the budget, so it is scored but not kept.
        let the = try scorer.resolve(QueryWord(term: "the", isPrefix: false), in: fields)
        let list = try #require(try cache.scoredList(of: the, in: fields, scorer: scorer, builds: true))
        #expect(list.count > budget / 80)
        #expect(try cache.scoredList(of: the, in: fields, scorer: scorer, builds: false) == nil)
    }

    /// Lists evicted to fit the budget leave the count of lists per word exact: a word is known
    /// to have lists while one is kept (lookups start there), and not after.
    @Test func evictionKeepsTheWordsWithListsExact() {
        let live = LiveDocuments(allLive: 100)
        func list(_ documents: Int) -> ShortPrefixCache.ScoredList {
            var matches = SegmentScorer.WordMatches()
            matches.documents = (0..<UInt32(documents)).map { $0 }
            matches.scores = matches.documents.map { Double($0) + 1 }
            matches.fieldMasks = matches.documents.map { _ in 1 }
            return ShortPrefixCache.ScoredList(matches, fieldPlaces: [0], documentCount: 100, averageLengths: [1], live: live, banded: false)
        }
        func key(_ term: String, segment: String = "s", isPrefix: Bool = false) -> ShortPrefixCache.Key {
            ShortPrefixCache.Key(segment: segment, live: ObjectIdentifier(live), term: term, isPrefix: isPrefix, parameters: AppIndex.userQueryRanking)
        }
        func mayHold(_ lists: ShortPrefixCache.ScoredLists, _ term: String, isPrefix: Bool = false) -> Bool {
            lists.mayHold(wordKey: ShortPrefixCache.ScoredLists.wordKey(term: term, isPrefix: isPrefix))
        }
        let size = list(10).byteCount
        var lists = ShortPrefixCache.ScoredLists()
        lists.insert(list(10), for: key("alpha"), budget: 3 * size)
        lists.insert(list(10), for: key("alpha", segment: "t"), budget: 3 * size)
        lists.insert(list(10), for: key("alpha"), budget: 3 * size)  // replaces the first
        #expect(lists.lists.count == 2 && lists.byteCount == 2 * size)
        #expect(mayHold(lists, "alpha") && !mayHold(lists, "alpha", isPrefix: true) && !mayHold(lists, "beta"))
        lists.insert(list(10), for: key("beta", isPrefix: true), budget: 3 * size)
        #expect(mayHold(lists, "beta", isPrefix: true) && !mayHold(lists, "beta"))
        // Room for a larger list and one other: two of the three are evicted.
        lists.insert(list(30), for: key("gamma"), budget: list(30).byteCount + size)
        let kept = Set(lists.lists.keys.map(\.term))
        #expect(lists.byteCount == lists.lists.values.reduce(0) { $0 + $1.byteCount })
        #expect(kept.contains("gamma"))
        for term in ["alpha", "beta", "gamma"] {
            #expect(mayHold(lists, term, isPrefix: term == "beta") == kept.contains(term), "\(term)")
        }
        #expect(lists.lists.count == 2)
    }

    /// A word under a sixty-fourth of a segment's documents is kept, when the cache's absolute floor
    /// allows it, without a bitset: its documents are searched instead, and rank the same.
    @Test func rareWordsAreKeptWithoutABitsetAndRankTheSame() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<1_000).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("rare\(number % 150) common cedar"),
                "textContent": .string("common cobalt rare\((number * 7) % 150) filler\(number % 40)"),
            ])
        })
        let rankers = WarmedRankers(fixture, cache: ShortPrefixCache(keptMinimumPostings: 4))
        let queries: [[QueryWord]] = [
            [.init(term: "rare7", isPrefix: false), .init(term: "c", isPrefix: true)],
            [.init(term: "common", isPrefix: false), .init(term: "rare12", isPrefix: false)],
            [.init(term: "rare3", isPrefix: false), .init(term: "filler", isPrefix: true)],
        ]
        for pass in 0..<2 {
            for words in queries {
                let request = UserQueryRanker.Request(words: words, limit: 10, now: rankers.now)
                let evaluated = try rankers.fullEvaluationMatchingCache(request, "pass \(pass) \(words.map(\.term))")
                #expect(!evaluated.isEmpty)
            }
        }
        let sparse = rankers.cache.scoredLists.withLock { $0.lists.values.filter { $0.presence.isEmpty } }
        #expect(!sparse.isEmpty, "rare words were kept without a bitset")
        for list in sparse {
            #expect(list.matchesByteCount == list.count * 10, "no bitset is counted")
            #expect(list.byteCount == list.matchesByteCount + list.count + list.bandCeilings.count * 4 + (list.bands?.byteCount ?? 0))
            var cursor = 0
            for document in UInt32(0)..<UInt32(1_070) {
                let expected = list.documents().firstIndex(of: document)
                #expect(list.place(of: document) == expected, "\(document)")
                #expect(list.place(of: document, from: &cursor) == expected, "\(document) in ascending order")
            }
        }
    }

    /// A word in a 1,024th of a segment's documents, typed before a prefix, is kept scored after its
    /// first query (the next keystrokes look it up in the prefix's list) and ranks the same; a
    /// rarer word is scored from its postings each time.
    @Test func wordsDownToA1024thOfTheSegmentAreKept() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<2_048).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("often\(number % 512) cedar"),
                "textContent": .string("cobalt single\(number) cargo\(number % 3)"),
            ])
        })
        let rankers = WarmedRankers(fixture, cache: ShortPrefixCache())
        for text in ["often17", "single900"] {
            let words = [QueryWord(term: text, isPrefix: false), QueryWord(term: "c", isPrefix: true)]
            let request = UserQueryRanker.Request(words: words, limit: 10, now: rankers.now)
            let evaluated = try rankers.full.search(rankers.snapshot, request)
            #expect(!evaluated.isEmpty)
            #expect(try rankers.cached.search(rankers.snapshot, request).map(\.score) == evaluated.map(\.score), "\(text)")
        }
        // "often17" is in four of 2,048 documents, "single900" in one (the floor is two).
        #expect(rankers.cache.keptScoredList(of: QueryWord(term: "often17", isPrefix: false), scorer: rankers.scorer()) != nil)
        #expect(rankers.cache.keptScoredList(of: QueryWord(term: "single900", isPrefix: false), scorer: rankers.scorer()) == nil)
    }

    /// Two words whose lists both have a bitset but no band for every document of the segment (a
    /// sixty-fourth to a quarter of it) are scored by intersecting the bitsets, and rank the same.
    @Test func listsWithBitsetsAreIntersectedAndRankTheSame() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<2_048).map { number in
            let filler = String(repeating: "filler ", count: number % 9)
            return try SearchTestFixture.item("item-\(number)", [
                "title": .string(number % 3 == 0 ? "mid\(number % 5) pair\(number % 7)" : "mid\(number % 5) \(filler)"),
                "textContent": .string("pair\(number % 7) \(filler) cobalt"),
            ])
        })
        let rankers = WarmedRankers(fixture, cache: ShortPrefixCache())
        let words = [QueryWord(term: "pair5", isPrefix: false), QueryWord(term: "mid3", isPrefix: false)]
        for limit in [3, 10, 100] {
            let request = UserQueryRanker.Request(words: words, limit: limit, now: rankers.now)
            let evaluated = try rankers.full.search(rankers.snapshot, request)
            #expect(evaluated.count == min(limit, 2_048 / 35))
            for pass in 0..<2 {
                let fromLists = try rankers.cached.search(rankers.snapshot, request)
                #expect(fromLists.map(\.document) == evaluated.map(\.document), "limit \(limit) pass \(pass)")
                #expect(fromLists.map(\.score) == evaluated.map(\.score), "limit \(limit) pass \(pass)")
            }
        }
        for word in words {
            let list = try #require(rankers.cache.keptScoredList(of: word, scorer: rankers.scorer()), "\(word.term) is kept")
            #expect(!list.presence.isEmpty && list.bandOfDocument.isEmpty, "\(word.term) has a bitset and bands by place only")
        }
    }
}
