import Foundation
import LimelightCore
import LimelightQuery
import LimelightRanking

/// One piece of content found by ``AppIndex/searchContent(text:options:popularityWeight:)``.
public struct ContentSearchResult: Sendable {
    /// What to show: the item when the content has one (its metadata), else the activity.
    public var hit: SearchHit
    /// The records merged into this result and their views.
    public var merged: MergedResult
    /// The best score among the merged records, multiplied by the popularity boost.
    public var score: Double
}

extension AppIndex {
    /// Runs typed text over the app's items and app history and returns one result per piece of
    /// content: an item and the activities about it (see ``mergeContentDuplicates(_:now:)``) come
    /// back once, showing the item, ranked by the best match among them lifted by the activities'
    /// views (``MergedResult/popularityBoost(now:weight:halfLife:)``).
    ///
    /// Words match as in ``searchUserQuery(text:options:)``. With `options.indexName`, items are
    /// taken from that index only; app history always takes part. Filter queries apply to both.
    /// - Parameters:
    ///   - text: The typed text.
    ///   - options: Limit, fetch attributes, filters and time, as for user queries.
    ///   - popularityWeight: How much views lift a result (0: not at all).
    /// - Throws: ``CSSearchQueryError`` for a bad filter query or an unreadable index.
    public func searchContent(
        text: String, options: UserQueryOptions = UserQueryOptions(), popularityWeight: Double = 0.25
    ) throws(CSSearchQueryError) -> [ContentSearchResult] {
        let words = UserQueryWords.words(text, completeWordsMatchWhole: options.completeWordsMatchWhole)
        guard !words.isEmpty, options.limit > 0 else { return [] }
        let snapshot = self.snapshot()
        let planner = QueryPlanner(schema: CatalogueQuerySchema(snapshot: snapshot), now: options.now.timeIntervalSince1970)
        let activities = EngineQuery.term(field: IndexFields.kind, term: RecordKind.activity.rawValue)
        var clauses: [EngineQuery] = [Self.unexpired(at: options.now)]
        if let indexName = options.indexName {
            clauses.append(.or([.term(field: IndexFields.indexName, term: indexName), activities]))
        }
        for filter in options.filterQueries where !filter.allSatisfy(\.isWhitespace) { clauses.append(try Self.plan(filter, planner)) }
        let ranker = UserQueryRanker(parameters: Self.userQueryRanking, cache: Self.shortPrefixCache)
        // Merging folds records together, so ask for more than the limit.
        let derived = snapshot.derived(TypedQuerySnapshot.init)
        let request = UserQueryRanker.Request(
            words: words, filter: .and(clauses), limit: options.limit * 3, now: options.now.timeIntervalSince1970,
            requireAllWords: options.requireAllWords, engagedDocuments: derived.engagedDocuments,
            explain: false)
        do {
            var records: [StoredRecord] = []
            var scores: [String: Double] = [:]
            for ranked in try ranker.search(snapshot, request) {
                let record = try snapshot.segments[ranked.segment].reader.record(ranked.document)
                records.append(record)
                scores[record.key] = max(scores[record.key] ?? 0, ranked.score)
            }
            let results = try mergeContentDuplicates(records, now: options.now).map { merged -> ContentSearchResult in
                let best = merged.records.compactMap { scores[$0.key] }.max() ?? 0
                let primary = merged.primary
                let item = options.fetchAttributes.map { primary.item.keepingOnly($0) } ?? primary.item
                let score = best * merged.popularityBoost(now: options.now, weight: popularityWeight)
                let hit = SearchHit(uniqueIdentifier: primary.item.uniqueIdentifier, indexName: primary.indexName, item: item, score: score)
                return ContentSearchResult(hit: hit, merged: merged, score: score)
            }
            return Array(results.sorted { $0.score > $1.score }.prefix(options.limit))
        } catch {
            throw CSSearchQueryError(.indexUnreachable, message: "the index could not be read: \(error)", underlyingError: error)
        }
    }
}
