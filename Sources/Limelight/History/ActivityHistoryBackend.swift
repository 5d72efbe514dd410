import Foundation

/// Where NSUserActivity app history is saved: an app index in an embedded store (``AppIndex``) or
/// the `limelightd` daemon shared by many processes (``RemoteSearchableIndexClient``).
public protocol ActivityHistoryBackend: Sendable {
    /// Saves an activity (a view when `countsView`); returns after it is durable.
    /// - Throws: ``ActivityError`` or ``CSIndexError``.
    func saveActivity(_ record: ActivityRecord, countsView: Bool, now: Date) throws

    /// Deletes the saved activities with these persistent identifiers.
    func deleteActivities(withPersistentIdentifiers identifiers: [String]) throws

    /// Deletes every saved activity of the app.
    func deleteAllActivities() throws

    /// Takes the activities queued for the app to continue (opened results), oldest first.
    func takePendingLaunches() throws -> [ActivityRecord]
}

extension AppIndex: ActivityHistoryBackend {
    /// Saves an activity now (see ``recordActivity(_:countsView:now:)``).
    public func saveActivity(_ record: ActivityRecord, countsView: Bool, now: Date) throws {
        _ = try recordActivity(record, countsView: countsView, now: now)
    }
}
