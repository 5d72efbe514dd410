import Foundation

/// Where a ``CSSearchableIndex`` commits its changes: an app index in an embedded store
/// (``AppIndex``) or the `limelightd` daemon shared by many processes
/// (``RemoteSearchableIndexClient``).
public protocol SearchableIndexBackend: Sendable {
    /// Applies `operations` to the named index atomically and durably, with an optional client-state
    /// change; nothing is applied when it throws.
    /// - Throws: ``CSIndexError``.
    func commit(_ operations: [AppIndex.Operation], indexName: String, clientState: AppIndex.ClientStateChange?) throws

    /// The client state last committed to the named index, or nil.
    /// - Throws: ``CSIndexError``.
    func lastClientState(indexName: String) throws -> Data?
}

extension AppIndex: SearchableIndexBackend {
    /// Applies `operations` now (see ``apply(_:indexName:clientState:now:)``).
    public func commit(_ operations: [AppIndex.Operation], indexName: String, clientState: AppIndex.ClientStateChange?) throws {
        try apply(operations, indexName: indexName, clientState: clientState)
    }

    /// The client state last committed to the named index, or nil.
    public func lastClientState(indexName: String) throws -> Data? { clientState(indexName: indexName) }
}
