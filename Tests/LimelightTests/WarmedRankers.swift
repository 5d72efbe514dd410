import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// A fixture's snapshot with a ranker using a warmed short-prefix cache and one scoring afresh,
/// for tests that compare a shortcut of the cached ranker with a full evaluation.
struct WarmedRankers {
    let snapshot: Snapshot
    let now: Double
    let parameters = AppIndex.userQueryRanking
    let cache: ShortPrefixCache
    let cached: UserQueryRanker
    let full: UserQueryRanker

    init(_ fixture: SearchTestFixture) throws {
        self.init(fixture, cache: try Self.warmedCache(fixture))
    }

    /// The rankers with `cache` as it is (not warmed here): for tests of what searches keep in it.
    init(_ fixture: SearchTestFixture, cache: ShortPrefixCache) {
        snapshot = fixture.app.snapshot()
        now = fixture.now.timeIntervalSince1970
        self.cache = cache
        cached = UserQueryRanker(parameters: parameters, cache: cache)
        full = UserQueryRanker(parameters: parameters, cache: nil)
    }

    /// A small cache (24 best documents per prefix) warmed for every word with 20 postings.
    static func warmedCache(_ fixture: SearchTestFixture) throws -> ShortPrefixCache {
        let cache = ShortPrefixCache(depth: 24, warmingMinimumDocuments: 1, warmingMinimumPostings: 20)
        try cache.warm(fixture.app.snapshot(), parameters: AppIndex.userQueryRanking, now: fixture.now.timeIntervalSince1970)
        return cache
    }

    /// The full evaluation of `request`, after expecting the cached ranker to give the same
    /// documents with the same scores (`label` names the request in a failure).
    @discardableResult
    func fullEvaluationMatchingCache(
        _ request: UserQueryRanker.Request, _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [RankedDocument] {
        let evaluated = try full.search(snapshot, request)
        let fromCache = try cached.search(snapshot, request)
        #expect(fromCache.map(\.document) == evaluated.map(\.document), "\(label)", sourceLocation: sourceLocation)
        #expect(fromCache.map(\.score) == evaluated.map(\.score), "\(label)", sourceLocation: sourceLocation)
        return evaluated
    }

    /// A scorer of the first segment, with `engagement`.
    func scorer(engagement: [String: Double] = [:]) -> SegmentScorer {
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: engagement, cache: cache)
        return SegmentScorer(segment: snapshot.segments[0], context: context)
    }
}
