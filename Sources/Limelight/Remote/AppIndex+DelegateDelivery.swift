import Foundation

extension AppIndex {
    /// The index-delegate requests due at `now` for the named index, for a deliverer outside the
    /// app's process (the daemon's callback delivery).
    ///
    /// Adds the requests the index decides on itself (reindexing items that expire within
    /// `expirationWindow`, throttling near the quota), then returns those due with their attempt
    /// counts and backoff already advanced and saved, so that a crash during delivery delivers them
    /// again later. Acknowledge each delivered request with ``acknowledgeDelegateRequest(id:)``.
    ///
    /// - Parameters:
    ///   - indexName: The named index ("" for the default index); `reindexAll` requests are due for any.
    ///   - expirationWindow: How long before expiry an item is announced for reindexing.
    ///   - now: The current instant.
    /// - Throws: ``CSIndexError`` when the bookkeeping cannot be saved.
    public func dueDelegateRequests(indexName: String, expirationWindow: TimeInterval, now: Date = Date()) throws -> [DelegateRequest] {
        do {
            return try prepareDelegateRequests(indexName: indexName, expirationWindow: expirationWindow, now: now)
        } catch let error as CSIndexError {
            throw error
        } catch {
            throw CSIndexError(.indexUnavailableError, message: "cannot update the delegate requests: \(error)")
        }
    }
}
