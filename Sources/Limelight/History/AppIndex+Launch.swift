import Foundation
import LimelightCore

/// What the user opened in search results.
public enum LaunchTarget: Sendable, Hashable {
    /// One of the app's searchable items.
    case item(identifier: String, indexName: String)
    /// A saved activity, by record identifier (``ActivityRecord/identifier``).
    case activity(identifier: String)
    /// A web page of the app (a universal link).
    case webpage(String)
    /// "Search in App" for the query text.
    case queryContinuation(String)
}

extension AppIndex {
    static let searchContinuationKey = "app/supportsSearchContinuation"
    static let pendingLaunchesKey = "app/pendingLaunches"

    /// The activity the app receives when the user opens a result:
    ///
    /// - an item: type ``CSSearchableItemActionType`` with the item's identifier under
    ///   ``CSSearchableItemActivityIdentifier`` in `userInfo`;
    /// - app history: the saved activity itself (type, title, `userInfo`, URLs, attribute set…);
    /// - a web page: type `NSUserActivityTypeBrowsingWeb` with the page as `webpageURL`;
    /// - a query continuation: type ``CSQueryContinuationActionType`` with the text under
    ///   ``CSSearchQueryString``, for apps that declared support
    ///   (``setSupportsSearchContinuation(_:)``).
    /// - Throws: ``ActivityError``: `notFound` for a missing or expired item or activity,
    ///   `invalidActivity` for a URL that is not absolute http(s), `continuationUnsupported`.
    public func launchActivity(for target: LaunchTarget, now: Date = Date()) throws -> ActivityRecord {
        switch target {
        case .item(let identifier, let indexName):
            guard try record(identifier: identifier, indexName: indexName, now: now) != nil else {
                let place = indexName.isEmpty ? "the default index" : "index '\(indexName)'"
                throw ActivityError(.notFound, message: "\(bundleIdentifier) has no item '\(identifier)' in \(place)")
            }
            var activity = ActivityRecord(activityType: CSSearchableItemActionType)
            activity.userInfo = [CSSearchableItemActivityIdentifier: .string(identifier)]
            return activity
        case .activity(let identifier):
            guard let saved = try activity(identifier: identifier, now: now) else {
                throw ActivityError(.notFound, message: "\(bundleIdentifier) has no saved activity '\(identifier)'")
            }
            return saved
        case .webpage(let url):
            var activity = ActivityRecord(activityType: ActivityRecord.browsingWebType)
            activity.webpageURL = url
            try activity.validate()
            guard activity.webpageURL.flatMap(URL.init(string:))?.host?.isEmpty == false else {
                throw ActivityError(.invalidActivity, message: "'\(url)' has no host")
            }
            return activity
        case .queryContinuation(let text):
            guard supportsSearchContinuation else {
                throw ActivityError(
                    .continuationUnsupported,
                    message: "\(bundleIdentifier) has not declared that it continues searches (Search in App)")
            }
            var activity = ActivityRecord(activityType: CSQueryContinuationActionType)
            activity.userInfo = [CSSearchQueryString: .string(text)]
            return activity
        }
    }

    /// The activity the app receives for a result known only by identifier: an item of the named
    /// index when there is one, else a saved activity with that record identifier, else the saved
    /// activity with that persistent identifier.
    /// - Throws: ``ActivityError`` with code `notFound` when there is none.
    public func openResult(identifier: String, indexName: String = "", now: Date = Date()) throws -> ActivityRecord {
        if try record(identifier: identifier, indexName: indexName, now: now) != nil {
            return try launchActivity(for: .item(identifier: identifier, indexName: indexName), now: now)
        }
        for candidate in [identifier, "p:" + identifier] {
            if let saved = try activity(identifier: candidate, now: now) { return saved }
        }
        let place = indexName.isEmpty ? "the default index" : "index '\(indexName)'"
        throw ActivityError(
            .notFound, message: "\(bundleIdentifier) has no item '\(identifier)' in \(place) and no saved activity with that identifier")
    }

    /// Whether the app declared that it continues searches in its own UI ("Search in App").
    public var supportsSearchContinuation: Bool {
        engine.snapshot().metadata[Self.searchContinuationKey] == [1]
    }

    /// Declares (or withdraws) the app's support for continuing searches; durable on return.
    public func setSupportsSearchContinuation(_ supported: Bool) throws {
        try writeLock.withLock { _ in
            try commitActivities(WriteBatch([.setMetadata(key: Self.searchContinuationKey, value: supported ? [1] : nil)]))
        }
    }

    /// Queues an opened result for the app to pick up later with ``takePendingLaunches()`` (delivery
    /// to an app that runs in another process); durable on return.
    public func postLaunch(_ activity: ActivityRecord) throws {
        try writeLock.withLock { _ in
            var queue = try pendingLaunches(in: engine.snapshot())
            queue.append(activity)
            try commitActivities(WriteBatch([.setMetadata(key: Self.pendingLaunchesKey, value: Array(try Self.encodeLaunches(queue)))]))
        }
    }

    /// Removes and returns the queued opened results, oldest first.
    public func takePendingLaunches() throws -> [ActivityRecord] {
        try writeLock.withLock { _ in
            let queue = try pendingLaunches(in: engine.snapshot())
            if !queue.isEmpty {
                try commitActivities(WriteBatch([.setMetadata(key: Self.pendingLaunchesKey, value: nil)]))
            }
            return queue
        }
    }

    private func pendingLaunches(in snapshot: Snapshot) throws -> [ActivityRecord] {
        guard let bytes = snapshot.metadata[Self.pendingLaunchesKey] else { return [] }
        do {
            return try JSONDecoder().decode([ActivityRecord].self, from: Data(bytes))
        } catch {
            throw ActivityError(.storeUnavailable, message: "the queue of opened results is damaged: \(error)")
        }
    }

    private static func encodeLaunches(_ launches: [ActivityRecord]) throws -> Data {
        do {
            return try JSONEncoder().encode(launches)
        } catch {
            throw ActivityError(.invalidActivity, message: "cannot queue the opened result: \(error)")
        }
    }
}
