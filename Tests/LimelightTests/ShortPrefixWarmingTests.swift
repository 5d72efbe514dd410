import Foundation
import Limelight
import LimelightCore
import LimelightRanking
import Testing

/// The short-prefix cache, warmed ahead of the first keystrokes, must answer exactly as a full
/// evaluation does.
@Suite struct ShortPrefixWarmingTests {
    @Test func warmedPrefixesAnswerLikeAFullEvaluation() throws {
        let fixture = try SearchTestFixture()
        let stems = ["program", "progress", "project", "prolog", "promise", "protein", "garden", "grape"]
        var items: [StoredItem] = []
        for number in 0..<240 {
            let title = "\(stems[number % stems.count]) \(stems[(number * 7 + 3) % stems.count]) \(number)"
            let text = String(repeating: "\(stems[(number * 5 + 1) % stems.count]) ", count: 1 + number % 4)
            items.append(
                try SearchTestFixture.item("item-\(number)", ["title": .string(title), "textContent": .string(text)]))
        }
        try fixture.index(items)
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let parameters = AppIndex.userQueryRanking
        let cache = ShortPrefixCache(depth: 16, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        let built = try cache.warm(snapshot, parameters: parameters, now: now)
        #expect(built > 5)
        // Frequent prefixes and words, which queries of several words intersect, are scored ahead.
        #expect(cache.scoredListCount >= 2)
        #expect(
            try cache.warm(snapshot, parameters: parameters, now: now) == 0, "a warmed snapshot is not warmed twice")
        // Warming takes at most half of a small cache, so it never empties it.
        let small = ShortPrefixCache(depth: 16, capacity: 16, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        #expect(try small.warm(snapshot, parameters: parameters, now: now) == 8)
        #expect(small.count == 8)

        // A shallow cache whose deeper documents run out, so filters fall back to a full evaluation.
        let shallow = ShortPrefixCache(
            depth: 8, deeperDepth: 16, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        // Longer prefixes that match as many documents as short ones keep deeper documents too.
        let broad = ShortPrefixCache(
            depth: 8, deeperDepth: 16, broadPrefixDocuments: 40, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        let full = UserQueryRanker(parameters: parameters, cache: nil)
        for cached in [
            UserQueryRanker(parameters: parameters, cache: cache),
            UserQueryRanker(parameters: parameters, cache: shallow),
            UserQueryRanker(parameters: parameters, cache: broad),
        ] {
            for prefix in ["p", "pr", "pro", "prog", "progr", "proj", "gra", "grape", "x"] {
                for limit in [1, 10, 40] {
                    let request = UserQueryRanker.Request(
                        words: [QueryWord(term: prefix, isPrefix: true)], limit: limit, now: now)
                    let fromCache = try cached.search(snapshot, request)
                    let evaluated = try full.search(snapshot, request)
                    #expect(fromCache.map(\.document) == evaluated.map(\.document), "\(prefix) limit \(limit)")
                    #expect(fromCache.map(\.score) == evaluated.map(\.score), "\(prefix) limit \(limit)")
                    // A filter that leaves too few of the cached documents falls back to evaluating it first.
                    var filtered = request
                    filtered.filter = .term(field: "textContent", term: prefix.count % 2 == 0 ? "grape" : "program")
                    let filteredFromCache = try cached.search(snapshot, filtered)
                    let filteredEvaluated = try full.search(snapshot, filtered)
                    #expect(
                        filteredFromCache.map(\.document) == filteredEvaluated.map(\.document),
                        "\(prefix) limit \(limit), filtered")
                    #expect(
                        filteredFromCache.map(\.score) == filteredEvaluated.map(\.score),
                        "\(prefix) limit \(limit), filtered")
                }
            }
        }
        #expect(
            try cache.warm(snapshot, parameters: parameters, now: now + cache.maximumAge) == built,
            "aged answers are warmed again")
    }
}
