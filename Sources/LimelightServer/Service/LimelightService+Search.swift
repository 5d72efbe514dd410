import Foundation
import Limelight

/// A ranked hit of an app's user query.
public struct RankedItem: Sendable {
    /// The named index of the item.
    public var indexName: String
    /// The item (with the fetched attributes).
    public var item: StoredItem
    /// Its relevance score, when ranked.
    public var score: Double?
    /// The protection class of its content (nil: unprotected).
    public var protectionClass: ProtectionClass?

    init(_ found: ClassifiedSearchHit) {
        indexName = found.hit.indexName
        item = found.hit.item
        score = found.hit.score
        protectionClass = found.protectionClass
    }
}

extension LimelightService {
    /// Checks a query string against the length limit.
    func checkQuery(_ text: String, field: String) throws(LimelightServiceError) {
        guard text.count <= limits.maximumQueryLength else {
            throw LimelightServiceError(
                .tooManyRequested, "is \(text.count) characters; at most \(limits.maximumQueryLength) are accepted", field: field)
        }
    }

    /// Maps a query error to a service error naming `field`.
    static func queryError(_ error: CSSearchQueryError, field: String) -> LimelightServiceError {
        switch error.code {
        case .invalidQuery: LimelightServiceError(.invalidRequest, error.message, field: field)
        case .indexUnreachable: LimelightServiceError(.unavailable, error.message)
        default: LimelightServiceError(.internalError, error.message)
        }
    }

    /// Runs a metadata query (Spotlight query syntax) on the app's own items.
    /// - Parameters:
    ///   - query: The query (`title == "banjo*"cd && rating > 3`).
    ///   - fetchAttributes: The attributes each item carries (nil: all).
    ///   - indexName: Only this named index (nil: all of the app's indexes).
    ///   - limit: The most items returned (capped by ``ServiceLimits/maximumResultLimit``).
    ///   - protectionClasses: The classes searched, nil standing for unprotected content; empty:
    ///     unprotected content and every class whose key is available (a locked class is skipped).
    /// - Throws: `invalidRequest` naming `q` with the column of a syntax error.
    public func query(
        _ query: String, fetchAttributes: [String]?, indexName: String?, limit: Int, protectionClasses: [ProtectionClass?] = [],
        for app: AppRegistration
    ) async throws(LimelightServiceError) -> [RankedItem] {
        try checkQuery(query, field: "q")
        let options = SearchOptions(fetchAttributes: fetchAttributes, indexName: indexName, limit: min(limit, limits.maximumResultLimit))
        return try await searching(field: "q") { store in
            try store.search(app.bundleIdentifier, query: query, options: options, classes: protectionClasses).map(RankedItem.init)
        }
    }

    /// Runs typed text as a ranked user query (prefix matching of every word) on the app's items;
    /// `protectionClasses` as for ``query(_:fetchAttributes:indexName:limit:protectionClasses:for:)``.
    public func userQuery(
        _ text: String, fetchAttributes: [String]?, indexName: String?, limit: Int, filter: String? = nil,
        protectionClasses: [ProtectionClass?] = [], for app: AppRegistration
    ) async throws(LimelightServiceError) -> [RankedItem] {
        try checkQuery(text, field: "q")
        if let filter { try checkQuery(filter, field: "filter") }
        let options = UserQueryOptions(
            fetchAttributes: fetchAttributes, filterQueries: filter.map { [$0] } ?? [], indexName: indexName,
            limit: min(limit, limits.maximumResultLimit))
        return try await searching(field: "q") { store in
            try store.searchUserQuery(app.bundleIdentifier, text: text, options: options, classes: protectionClasses).map(RankedItem.init)
        }
    }

    /// Completions of `prefix` from the app's past queries and vocabulary; `protectionClasses` as
    /// for ``query(_:fetchAttributes:indexName:limit:protectionClasses:for:)``.
    public func suggestions(
        prefix: String, limit: Int, protectionClasses: [ProtectionClass?] = [], for app: AppRegistration
    ) async throws(LimelightServiceError) -> [QuerySuggestion] {
        try checkQuery(prefix, field: "prefix")
        let capped = min(limit, limits.maximumResultLimit)
        return try await searching(field: "prefix") { store in
            try store.suggestions(app.bundleIdentifier, prefix: prefix, limit: capped, classes: protectionClasses)
        }
    }

    /// Runs a search of the store off the cooperative pool; a query error names `field`.
    private func searching<Value: Sendable>(
        field: String, _ work: @escaping @Sendable (LimelightStore) throws -> Value
    ) async throws(LimelightServiceError) -> Value {
        try await blocking {
            do {
                return try work(self.store)
            } catch let error as CSSearchQueryError {
                throw Self.queryError(error, field: field)
            }
        }
    }

    /// Records that the user ran `text` in the app (a source of suggestions).
    public func recordQuery(_ text: String, for app: AppRegistration) async throws(LimelightServiceError) {
        try checkQuery(text, field: "q")
        try await withIndex(of: app) { index in try index.recordUserQuery(text) }
    }

    // MARK: App history

    /// Records a view of an activity (what `becomeCurrent()` does); durable on return.
    public func recordActivity(
        _ activity: ActivityRecord, countsView: Bool = true, for app: AppRegistration
    ) async throws(LimelightServiceError) -> ActivityRecordingOutcome {
        try await withIndex(of: app) { index in try index.recordActivity(activity, countsView: countsView) }
    }

    /// The app's saved, unexpired activities.
    public func activities(for app: AppRegistration) async throws(LimelightServiceError) -> [ActivityRecord] {
        try await withIndex(of: app) { index in try index.activities() }
    }

    /// Deletes the app's activities with these persistent identifiers, or all of them.
    public func deleteActivities(persistentIdentifiers: [String]?, for app: AppRegistration) async throws(LimelightServiceError) {
        try await withIndex(of: app) { index in
            if let persistentIdentifiers {
                try index.deleteActivities(withPersistentIdentifiers: persistentIdentifiers)
            } else {
                try index.deleteAllActivities()
            }
        }
    }

    /// The activity the app receives when `target` is opened.
    public func launchActivity(for target: LaunchTarget, of app: AppRegistration) async throws(LimelightServiceError) -> ActivityRecord {
        try await withIndex(of: app) { index in try index.launchActivity(for: target) }
    }

    /// Opens a result of the system search for an app: resolves the activity the app receives,
    /// queues it for the app (``pendingLaunches(for:)``), and records `query` as a past query.
    /// - Throws: `notFound` for an unknown app or a missing item or activity.
    public func open(
        _ target: LaunchTarget, bundleIdentifier: String, query: String?
    ) async throws(LimelightServiceError) -> ActivityRecord {
        guard let registration = credentials.registration(of: bundleIdentifier) else { throw .notFound("app \(bundleIdentifier)") }
        if let query { try checkQuery(query, field: "query") }
        let activity = try await withIndex(of: registration) { index in
            let activity = try index.launchActivity(for: target)
            try index.postLaunch(activity)
            if let query, !query.allSatisfy(\.isWhitespace) {
                try index.recordUserQuery(query)
                if case .item(let identifier, let indexName) = target {
                    try index.recordEngagement(identifier: identifier, indexName: indexName, query: query)
                }
            }
            return activity
        }
        if let query, !query.allSatisfy(\.isWhitespace) {
            try await withSystemHistory { history in try history.recordUserQuery(query) }
        }
        return activity
    }

    /// Removes and returns the results opened for the app, oldest first.
    public func pendingLaunches(for app: AppRegistration) async throws(LimelightServiceError) -> [ActivityRecord] {
        try await withIndex(of: app) { index in try index.takePendingLaunches() }
    }

    /// The bundle identifier of the store's own history of system-search queries; no app may register it.
    public static let systemHistoryIdentifier = "limelightd.system-search"

    func withSystemHistory<Value: Sendable>(_ work: @escaping @Sendable (AppIndex) throws -> Value) async throws(LimelightServiceError) -> Value {
        try await blocking { try work(try self.store.app(Self.systemHistoryIdentifier)) }
    }
}
