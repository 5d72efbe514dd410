import Dispatch
import Foundation
import Limelight
import Synchronization

/// The outcome of an activity's last save, written by the save queue and read by the activity.
final class SaveStatus: Sendable {
    private let state = Mutex<(any Error)?>(nil)

    /// The last save's error, or nil.
    var error: (any Error)? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

/// The one serial queue on which app history is written, so saves and deletions keep their order.
enum ActivitySaving {
    static let queue = DispatchQueue(label: "limelight.user-activity")

    /// Where the app's history goes: without an explicit store, the daemon named by
    /// `LIMELIGHT_SERVER` and `LIMELIGHT_TOKEN` when they are set; else the app's index in its store.
    static func backend(storePath: String?, bundleIdentifier: String?) throws -> any ActivityHistoryBackend {
        if storePath == nil, let server = RemoteSearchableIndexClient.fromEnvironment() { return server }
        return try LimelightStore.shared(path: storePath ?? LimelightStore.defaultPath)
            .app(bundleIdentifier ?? LimelightStore.defaultBundleIdentifier)
    }

    /// Saves an activity in the background, recording the outcome in `status`.
    static func enqueue(
        _ record: ActivityRecord, countsView: Bool, storePath: String?, bundleIdentifier: String?, status: SaveStatus
    ) {
        let now = Date()
        queue.async {
            do {
                try backend(storePath: storePath, bundleIdentifier: bundleIdentifier)
                    .saveActivity(record, countsView: countsView, now: now)
                status.error = nil
            } catch {
                status.error = error
            }
        }
    }

    /// Runs `work` in the background and calls `completion` once it is durable (whatever the outcome).
    static func perform(
        _ work: @escaping @Sendable () throws -> Void, completion: @escaping @Sendable ((any Error)?) -> Void
    ) {
        queue.async {
            do {
                try work()
                completion(nil)
            } catch {
                completion(error)
            }
        }
    }

    /// Returns once everything queued before the call has run.
    static func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async { continuation.resume() }
        }
    }
}

extension NSUserActivity {
    /// Deletes the saved activities with these persistent identifiers from the app's history.
    /// - Parameters:
    ///   - persistentIdentifiers: The activities' ``persistentIdentifier``s.
    ///   - storePath: The store (nil: the daemon of `LIMELIGHT_SERVER` if set, else `LIMELIGHT_STORE`
    ///     or the per-user default).
    ///   - bundleIdentifier: The app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    ///   - completionHandler: Called once the deletion is durable (or failed; see the async form
    ///     for the error).
    public class func deleteSavedUserActivities(
        withPersistentIdentifiers persistentIdentifiers: [NSUserActivityPersistentIdentifier],
        storePath: String? = nil, bundleIdentifier: String? = nil,
        completionHandler: @escaping @Sendable () -> Void
    ) {
        ActivitySaving.perform({
            try ActivitySaving.backend(storePath: storePath, bundleIdentifier: bundleIdentifier)
                .deleteActivities(withPersistentIdentifiers: persistentIdentifiers)
        }, completion: { _ in completionHandler() })
    }

    /// Deletes every saved activity of the app.
    /// - Parameters:
    ///   - storePath: The store (nil: the daemon of `LIMELIGHT_SERVER` if set, else `LIMELIGHT_STORE`
    ///     or the per-user default).
    ///   - bundleIdentifier: The app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    ///   - completionHandler: Called once the deletion is durable (or failed).
    public class func deleteAllSavedUserActivities(
        storePath: String? = nil, bundleIdentifier: String? = nil, completionHandler: @escaping @Sendable () -> Void
    ) {
        ActivitySaving.perform({
            try ActivitySaving.backend(storePath: storePath, bundleIdentifier: bundleIdentifier).deleteAllActivities()
        }, completion: { _ in completionHandler() })
    }

    /// Deletes the saved activities with these persistent identifiers.
    /// - Throws: ``ActivityError`` or `CSIndexError` when the store (or daemon) cannot be reached or written.
    public class func deleteSavedUserActivities(
        withPersistentIdentifiers persistentIdentifiers: [NSUserActivityPersistentIdentifier],
        storePath: String? = nil, bundleIdentifier: String? = nil
    ) async throws {
        try await run {
            try ActivitySaving.backend(storePath: storePath, bundleIdentifier: bundleIdentifier)
                .deleteActivities(withPersistentIdentifiers: persistentIdentifiers)
        }
    }

    /// Deletes every saved activity of the app.
    /// - Throws: ``ActivityError`` or `CSIndexError` when the store (or daemon) cannot be reached or written.
    public class func deleteAllSavedUserActivities(storePath: String? = nil, bundleIdentifier: String? = nil) async throws {
        try await run {
            try ActivitySaving.backend(storePath: storePath, bundleIdentifier: bundleIdentifier).deleteAllActivities()
        }
    }

    private static func run(_ work: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            ActivitySaving.perform(work) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }
}
