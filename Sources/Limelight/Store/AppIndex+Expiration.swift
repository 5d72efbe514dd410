import Foundation

extension AppIndex {
    /// How often ``purgeExpiredIfDue(now:)`` does the work: expired records are never returned by
    /// searches anyway, so purging is housekeeping (space, counts, suggestions) and runs at most
    /// this often.
    public static let purgeInterval: TimeInterval = 60

    /// Deletes expired records and the activities strongly bound to them, if the last purge was
    /// more than ``purgeInterval`` ago (or never ran since the index was opened). Called when an
    /// index is opened and after writes; returns after the deletions are durable.
    /// - Returns: How many records were deleted (0 when no purge was due).
    @discardableResult
    public func purgeExpiredIfDue(now: Date = Date()) throws -> Int {
        let due = lastPurge.withLock { last -> Bool in
            if let last, now.timeIntervalSince(last) < Self.purgeInterval { return false }
            last = now
            return true
        }
        guard due else { return 0 }
        return try purgeExpired(now: now) + purgeOrphanedActivities(now: now)
    }
}
