import Foundation
import LimelightCore

/// What ``AppIndex/recordActivity(_:countsView:now:)`` did with an activity.
public enum ActivityRecordingOutcome: Sendable, Hashable {
    /// The activity is in the index with this many views.
    case indexed(identifier: String, viewCount: Int)
    /// The activity is not eligible for search, so nothing was stored.
    case notEligibleForSearch
    /// The activity is strongly bound to an item that does not exist, so it was not kept.
    case relatedItemMissing(String)
}

extension AppIndex {
    /// The named index that holds the app's history ("": activities belong to the app, like its
    /// default index, and are told apart by ``RecordKind/activity``).
    public static let activityIndexName = ""

    /// Records that the user viewed an activity (what `becomeCurrent()` does).
    ///
    /// Only search-eligible activities are indexed. An activity already in the index (same
    /// persistent identifier, or same type and required user-info values) is replaced by this one,
    /// keeping its view count; with `countsView` the count goes up by one and the view time is
    /// `now`. The counts are also written to the `_views` and `_lastViewed` columns for ranking.
    /// An activity whose attribute set names a `relatedUniqueIdentifier` is kept only while an
    /// unexpired item with that identifier exists in one of the app's indexes. Returns after the
    /// change is durable.
    /// - Parameters:
    ///   - activity: The activity; its own view fields are ignored.
    ///   - countsView: Whether this is a view (false: an update of the saved activity).
    ///   - now: The time of the view.
    /// - Throws: ``ActivityError`` (`invalidActivity`, `storeUnavailable`) or ``CSIndexError``
    ///   (`quotaExceeded`).
    @discardableResult
    public func recordActivity(
        _ activity: ActivityRecord, countsView: Bool = true, now: Date = Date()
    ) throws -> ActivityRecordingOutcome {
        try activity.validate()
        guard activity.isEligibleForSearch else { return .notEligibleForSearch }
        return try writeLock.withLock { _ -> ActivityRecordingOutcome in
            let snapshot = engine.snapshot()
            if let related = activity.relatedUniqueIdentifier, try !hasLiveItem(related, in: snapshot, now: now) {
                return .relatedItemMissing(related)
            }
            var saved = activity
            let key = StoredRecord.key(indexName: Self.activityIndexName, kind: .activity, identifier: activity.identifier)
            let previous = try record(forKey: key, in: snapshot)
                .flatMap { $0.expirationDate > now ? $0 : nil }
                .map { stored throws(ActivityError) in try ActivityRecord(record: stored) }
            saved.viewCount = (previous?.viewCount ?? 0) + (countsView ? 1 : 0)
            saved.lastViewed = countsView ? now : (previous?.lastViewed ?? now)
            if previous == nil && snapshot.documentCount + 1 > quota {
                throw CSIndexError(.quotaExceeded, message: "\(bundleIdentifier) would exceed its quota of \(quota) records")
            }
            try commitActivities(WriteBatch([.upsert(try Self.activityDocument(saved, indexedAt: now))]))
            return .indexed(identifier: saved.identifier, viewCount: saved.viewCount)
        }
    }

    /// The engine document of an activity, with its view count and last view time as columns.
    static func activityDocument(_ activity: ActivityRecord, indexedAt: Date) throws(ActivityError) -> IndexDocument {
        var numbers = [IndexFields.viewCount: Double(activity.viewCount)]
        if let lastViewed = activity.lastViewed { numbers[IndexFields.lastViewed] = lastViewed.timeIntervalSince1970 }
        return RecordDocumentMapper.document(for: try activity.storedRecord(indexedAt: indexedAt), extraNumbers: numbers)
    }

    /// Whether an unexpired item with this identifier exists in any of the app's indexes.
    func hasLiveItem(_ identifier: String, in snapshot: Snapshot, now: Date) throws -> Bool {
        try !liveItems(withIdentifier: identifier, in: snapshot, now: now).isEmpty
    }

    /// The unexpired items with this identifier, in every index of the app.
    /// - Complexity: one key lookup per index name of the app.
    func liveItems(withIdentifier identifier: String, in snapshot: Snapshot, now: Date) throws -> [StoredRecord] {
        var result: [StoredRecord] = []
        for indexName in try Self.indexNamesInDictionaries(of: snapshot).sorted() {
            let key = StoredRecord.key(indexName: indexName, identifier: identifier)
            guard let record = try record(forKey: key, in: snapshot) else { continue }
            if record.expirationDate.timeIntervalSince1970 > now.timeIntervalSince1970 { result.append(record) }
        }
        return result
    }

    /// Every stored record matching an engine query in a snapshot.
    func records(matching query: EngineQuery, in snapshot: Snapshot) throws -> [StoredRecord] {
        var result: [StoredRecord] = []
        for (segment, documents) in try snapshot.matchingDocuments(query).enumerated() {
            for document in documents {
                result.append(try snapshot.segments[segment].reader.record(document))
            }
        }
        return result
    }

    /// Commits a batch of app-history changes, mapping storage failures.
    func commitActivities(_ batch: WriteBatch) throws {
        guard !batch.isEmpty else { return }
        do {
            try engine.commit(batch)
        } catch let error as StorageError {
            throw ActivityError(.storeUnavailable, message: "could not write app history: \(error)")
        }
    }

    /// The saved activity with this record identifier (see ``ActivityRecord/identifier``), if it is
    /// in the index and unexpired.
    public func activity(identifier: String, now: Date = Date()) throws -> ActivityRecord? {
        let key = StoredRecord.key(indexName: Self.activityIndexName, kind: .activity, identifier: identifier)
        guard let stored = try record(forKey: key, in: engine.snapshot()), stored.expirationDate > now else { return nil }
        return try ActivityRecord(record: stored)
    }

    /// Every saved, unexpired activity, in index order.
    public func activities(now: Date = Date()) throws -> [ActivityRecord] {
        try records(kind: .activity, now: now).map { stored throws(ActivityError) in try ActivityRecord(record: stored) }
    }

    /// The saved activities bound, strongly or weakly, to the item with this identifier.
    public func activities(relatedTo identifier: String, now: Date = Date()) throws -> [ActivityRecord] {
        try activityRecords(relatedTo: identifier, in: engine.snapshot(), strongOnly: false)
            .filter { $0.expirationDate > now }
            .map { stored throws(ActivityError) in try ActivityRecord(record: stored) }
    }

    /// The activity records whose attribute set names `identifier` as (weakly) related.
    func activityRecords(relatedTo identifier: String, in snapshot: Snapshot, strongOnly: Bool) throws -> [StoredRecord] {
        let fields = strongOnly ? ["relatedUniqueIdentifier"] : ["relatedUniqueIdentifier", "weakRelatedUniqueIdentifier"]
        let term = RecordDocumentMapper.wholeValueTerm(identifier)
        let query = EngineQuery.and([
            .term(field: IndexFields.kind, term: RecordKind.activity.rawValue),
            .or(fields.map { .term(field: IndexFields.wholeValue($0), term: term) }),
        ])
        return try records(matching: query, in: snapshot).filter { record in
            fields.contains { record.item[attribute: $0]?.stringValue == identifier }
        }
    }

    /// Deletes the saved activities with these persistent identifiers. Returns after the change is durable.
    public func deleteActivities(withPersistentIdentifiers identifiers: [String]) throws {
        try writeLock.withLock { _ in
            let keys = identifiers.map {
                StoredRecord.key(indexName: Self.activityIndexName, kind: .activity, identifier: "p:" + $0)
            }
            try commitActivities(WriteBatch(keys.map { .deleteKey($0) }))
        }
    }

    /// Deletes the activities strongly bound to items that no longer exist or have expired (items
    /// deleted through ``apply(_:indexName:clientState:now:)`` take their activities with them at
    /// once; this catches those that expired). Returns after the change is durable.
    /// - Returns: How many activities were deleted.
    @discardableResult
    public func purgeOrphanedActivities(now: Date = Date()) throws -> Int {
        try writeLock.withLock { _ in
            let snapshot = engine.snapshot()
            var orphans: [WriteOperation] = []
            let bound = EngineQuery.and([
                .term(field: IndexFields.kind, term: RecordKind.activity.rawValue),
                .term(field: IndexFields.present, term: "relatedUniqueIdentifier"),
            ])
            for stored in try records(matching: bound, in: snapshot) {
                guard let related = stored.item[attribute: "relatedUniqueIdentifier"]?.stringValue else { continue }
                if try !hasLiveItem(related, in: snapshot, now: now) { orphans.append(.deleteKey(stored.key)) }
            }
            try commitActivities(WriteBatch(orphans))
            return orphans.count
        }
    }

    /// Deletes every saved activity of the app. Returns after the change is durable.
    public func deleteAllActivities() throws {
        try writeLock.withLock { _ in
            let snapshot = engine.snapshot()
            let all = try records(matching: .term(field: IndexFields.kind, term: RecordKind.activity.rawValue), in: snapshot)
            try commitActivities(WriteBatch(all.map { .deleteKey($0.key) }))
        }
    }
}
