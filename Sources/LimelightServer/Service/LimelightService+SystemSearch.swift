import Foundation
import Limelight

/// One result of the system search: a piece of content of one app, possibly found through several
/// records (an item and the activities about it) merged into one.
public struct SystemSearchHit: Sendable {
    /// The app.
    public var bundleIdentifier: String
    /// The record shown (the item when there is one).
    public var primary: StoredRecord
    /// How many records were merged into this result.
    public var mergedRecords: Int
    /// Views of the merged activities.
    public var viewCount: Int
    /// The relevance score (match quality times popularity).
    public var score: Double
    /// Whether every record behind the result is public (lock-screen safe): activities the app
    /// marked eligible for public indexing.
    public var isPublic: Bool
}

/// The answer of the system search: top hits, then a section per app, then query suggestions.
public struct SystemSearchResult: Sendable {
    /// One app's results.
    public struct Section: Sendable {
        /// The app.
        public var bundleIdentifier: String
        /// The results shown.
        public var hits: [SystemSearchHit]
        /// How many more results "Show more" would reveal.
        public var more: Int
        /// Whether the app offers "Search in App" for the query.
        public var supportsContinuation: Bool
    }

    /// The best results of all apps (not repeated in the sections).
    public var topHits: [SystemSearchHit]
    /// The other results, a section per app, best app first.
    public var sections: [Section]
    /// Completions of the typed text.
    public var suggestions: [QuerySuggestion]
}

extension LimelightService {
    /// The system search over every registered app: as-you-type prefix matching of every word,
    /// items and app history merged when they are the same content, ranked, grouped by app.
    ///
    /// Lock-screen mode returns public results only: app history the app marked
    /// `isEligibleForPublicIndexing` (content it declares public, such as a page of its website),
    /// and only when no private record was merged into the result. Items are private to the
    /// device, and so are suggestions, which are learnt from private content and past queries.
    /// - Parameters:
    ///   - text: What the user typed.
    ///   - lockScreen: Whether the device is locked.
    ///   - topHitCount: How many top hits lead the answer.
    ///   - perSection: How many results each app section shows before "more".
    public func systemSearch(
        _ text: String, lockScreen: Bool, topHitCount: Int = 3, perSection: Int = 3
    ) async throws(LimelightServiceError) -> SystemSearchResult {
        try checkQuery(text, field: "q")
        let apps = credentials.registrations()
        var all: [SystemSearchHit] = []
        var perApp: [String: [SystemSearchHit]] = [:]
        var suggestions: [QuerySuggestion] = []
        for app in apps {
            var (hits, appSuggestions) = try await withIndex(of: app) { index in
                (try Self.rankedContent(of: index, text: text), try index.suggestions(prefix: text, limit: 5))
            }
            if lockScreen {
                hits = hits.filter(\.isPublic)
                appSuggestions = []
            }
            perApp[app.bundleIdentifier] = hits
            all.append(contentsOf: hits)
            suggestions.append(contentsOf: appSuggestions.filter { $0.source == .vocabulary })
        }
        let history = lockScreen ? [] : try await withSystemHistory { history in try history.suggestions(prefix: text, limit: 5) }
        let top = Array(all.sorted { $0.score > $1.score }.prefix(topHitCount))
        let topKeys = Set(top.map { $0.bundleIdentifier + "\u{0}" + $0.primary.key })
        var sections: [SystemSearchResult.Section] = []
        for app in apps {
            let rest = (perApp[app.bundleIdentifier] ?? []).filter { !topKeys.contains($0.bundleIdentifier + "\u{0}" + $0.primary.key) }
            guard !rest.isEmpty || (app.supportsContinuation && perApp[app.bundleIdentifier]?.isEmpty == false) else { continue }
            sections.append(
                SystemSearchResult.Section(
                    bundleIdentifier: app.bundleIdentifier, hits: Array(rest.prefix(perSection)), more: max(0, rest.count - perSection),
                    supportsContinuation: app.supportsContinuation))
        }
        let best = perApp.mapValues { $0.first?.score ?? 0 }
        sections.sort { (best[$0.bundleIdentifier] ?? 0, $1.bundleIdentifier) > (best[$1.bundleIdentifier] ?? 0, $0.bundleIdentifier) }
        var seen = Set<String>()
        let merged = (history.filter { $0.source == .pastQuery } + suggestions.sorted { $0.score > $1.score })
            .filter { seen.insert($0.text.lowercased()).inserted }
        return SystemSearchResult(topHits: top, sections: sections, suggestions: Array(merged.prefix(5)))
    }

    /// One app's matching items and activities, merged per content and ranked
    /// (``AppIndex/searchContent(text:options:popularityWeight:)``: the index's ranked search over
    /// items and app history, one result per piece of content, lifted by views).
    static func rankedContent(of index: AppIndex, text: String, limit: Int = 50) throws -> [SystemSearchHit] {
        try index.searchContent(text: text, options: UserQueryOptions(limit: limit)).map { result in
            let isPublic = result.merged.records.allSatisfy { record in
                record.kind == .activity && ((try? ActivityRecord(record: record))?.isEligibleForPublicIndexing ?? false)
            }
            return SystemSearchHit(
                bundleIdentifier: index.bundleIdentifier, primary: result.merged.primary, mergedRecords: result.merged.records.count,
                viewCount: result.merged.viewCount, score: result.score, isPublic: isPublic)
        }
    }
}
