import Foundation

extension CSSearchableIndex {
    /// How long before expiry the delegate is asked to reindex an item.
    public static let expirationWarningInterval: TimeInterval = 24 * 60 * 60

    /// How often, by default, due delegate requests are looked for while a delegate is attached
    /// (besides when it is attached and after writes).
    public static let defaultDelegatePollInterval: TimeInterval = 10

    /// Delivers due requests (reindex all, reindex expiring identifiers, throttle) to the delegate.
    /// Called when a delegate is attached, after writes and every ``delegatePollInterval``;
    /// unacknowledged requests stay on disk and are delivered again after a backoff, also in a
    /// later process.
    public func deliverDelegateRequests(now: Date = Date()) {
        queue.async { [self] in
            guard let delegate = state.withLock({ $0.delegate }), let app = try? appIndex() else { return }
            guard let due = try? app.prepareDelegateRequests(indexName: name, expirationWindow: Self.expirationWarningInterval, now: now) else { return }
            for request in due {
                let acknowledge: @Sendable () -> Void = { try? app.acknowledgeDelegateRequest(id: request.id) }
                switch request.kind {
                case .reindexAll:
                    delegate.searchableIndex(self, reindexAllSearchableItemsWithAcknowledgementHandler: acknowledge)
                case .reindexIdentifiers:
                    delegate.searchableIndex(self, reindexSearchableItemsWithIdentifiers: request.identifiers, acknowledgementHandler: acknowledge)
                case .throttle:
                    delegate.searchableIndexDidThrottle(self)
                    acknowledge()
                case .unthrottle:
                    delegate.searchableIndexDidFinishThrottle(self)
                    acknowledge()
                }
            }
        }
    }

    /// Asks the delegate for the data of a promised type of one of the index's items.
    public func provideData(itemIdentifier: String, typeIdentifier: String) throws -> Data {
        guard let delegate = indexDelegate else {
            throw CSIndexError(.remoteConnectionError, message: "no index delegate is attached to provide \(typeIdentifier)")
        }
        return try delegate.data(for: self, itemIdentifier: itemIdentifier, typeIdentifier: typeIdentifier)
    }

    /// Asks the delegate for a file with the content of a promised file type of one of the index's items.
    public func provideFileURL(itemIdentifier: String, typeIdentifier: String, inPlace: Bool) throws -> URL {
        guard let delegate = indexDelegate else {
            throw CSIndexError(.remoteConnectionError, message: "no index delegate is attached to provide \(typeIdentifier)")
        }
        return try delegate.fileURL(for: self, itemIdentifier: itemIdentifier, typeIdentifier: typeIdentifier, inPlace: inPlace)
    }
}
