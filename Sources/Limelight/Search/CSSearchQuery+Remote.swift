import Foundation

extension CSSearchQuery {
    /// The daemon's largest result limit: what one remote query can find.
    static let remoteResultLimit = 1_000

    /// The query with its filter queries, as one query string for the daemon.
    var combinedQueryString: String {
        ([queryString] + filterQueries.filter { !$0.allSatisfy(\.isWhitespace) }).map { "(\($0))" }.joined(separator: " && ")
    }

    /// Runs the search in the daemon, delivering batches; returns the error to report, if any.
    func runRemotely(_ server: RemoteSearchableIndexClient, _ deliver: ([CSSearchableItem]) -> Void) -> (any Error)? {
        let hits: [SearchHit]
        do {
            hits = try server.search(
                query: filterQueries.isEmpty ? queryString : combinedQueryString, fetchAttributes: fetchAttributes,
                indexName: nil, limit: Self.remoteResultLimit, protectionClasses: searchedClasses)
        } catch {
            return Self.queryError(error)
        }
        deliverInBatches(hits, deliver)
        return isCancelled ? CSSearchQueryError(.cancelled) : nil
    }

    /// Hands `hits` to `deliver` in batches of ``batchSize`` until cancelled.
    func deliverInBatches(_ hits: [SearchHit], _ deliver: ([CSSearchableItem]) -> Void) {
        var start = 0
        while start < hits.count, !isCancelled {
            deliver(hits[start..<min(hits.count, start + batchSize)].map { $0.item.makeSearchableItem() })
            start += batchSize
        }
    }

    /// A daemon failure as a query error: its 400s are invalid queries, the rest an unreachable index.
    static func queryError(_ error: any Error) -> CSSearchQueryError {
        if let error = error as? CSIndexError, error.code == .invalidItemError {
            return CSSearchQueryError(.invalidQuery, message: error.message, underlyingError: error)
        }
        return CSSearchQueryError(
            .indexUnreachable, message: "limelightd could not run the query: \(error)", underlyingError: error)
    }
}
