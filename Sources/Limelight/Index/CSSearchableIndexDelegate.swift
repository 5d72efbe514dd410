import Foundation

/// The app-side handler of requests from the index: reindex everything or some items, throttling,
/// and data for promised types. Mirrors Core Spotlight's `CSSearchableIndexDelegate`.
///
/// A request counts as handled only when the acknowledgement handler is called; until then it is
/// kept on disk and made again later (with backoff), also after the app restarts.
public protocol CSSearchableIndexDelegate: AnyObject, Sendable {
    /// Reindex every item of the app (after data loss or a restore); call the handler when done.
    func searchableIndex(
        _ searchableIndex: CSSearchableIndex,
        reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void)

    /// Reindex the items with these identifiers (for example, because they are about to expire);
    /// call the handler when done.
    func searchableIndex(
        _ searchableIndex: CSSearchableIndex,
        reindexSearchableItemsWithIdentifiers identifiers: [String],
        acknowledgementHandler: @escaping @Sendable () -> Void)

    /// Indexing is throttled: the app should stop indexing until told otherwise.
    func searchableIndexDidThrottle(_ searchableIndex: CSSearchableIndex)

    /// Throttling ended.
    func searchableIndexDidFinishThrottle(_ searchableIndex: CSSearchableIndex)

    /// The data of a promised type (`providerDataTypeIdentifiers`) for an item.
    func data(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String) throws -> Data

    /// A file with the content of a promised file type (`providerFileTypeIdentifiers`) for an item.
    func fileURL(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String, inPlace: Bool) throws -> URL
}

extension CSSearchableIndexDelegate {
    /// Default: nothing to do.
    public func searchableIndexDidThrottle(_ searchableIndex: CSSearchableIndex) {}
    /// Default: nothing to do.
    public func searchableIndexDidFinishThrottle(_ searchableIndex: CSSearchableIndex) {}
    /// Default: the type is not provided.
    public func data(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String) throws -> Data {
        throw CSIndexError(.invalidItemError, message: "no data provider for \(typeIdentifier) of \(itemIdentifier)")
    }
    /// Default: the type is not provided.
    public func fileURL(for searchableIndex: CSSearchableIndex, itemIdentifier: String, typeIdentifier: String, inPlace: Bool) throws -> URL {
        throw CSIndexError(.invalidItemError, message: "no file provider for \(typeIdentifier) of \(itemIdentifier)")
    }
}
