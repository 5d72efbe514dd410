import Limelight
import LimelightCore
@testable import LimelightRanking

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

    /// A scorer of the first segment, with `engagement`.
    func scorer(engagement: [String: Double] = [:]) -> SegmentScorer {
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: engagement, cache: cache)
        return SegmentScorer(segment: snapshot.segments[0], context: context)
    }
}
