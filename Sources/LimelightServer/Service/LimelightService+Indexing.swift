import Foundation
import Limelight

extension LimelightService {
    /// Indexes items in the app's named index (of the request's protection class); returns once
    /// they are durable.
    /// - Returns: How many items were indexed.
    public func indexItems(_ request: IndexItemsRequest, for app: AppRegistration) async throws(LimelightServiceError) -> Int {
        let items = request.items
        try await withIndex(of: app, protection: request.protectionClass) { index in
            try index.apply([.index(items)], indexName: request.indexName)
        }
        return items.count
    }

    /// Deletes items of the app's named index (of the request's protection class); returns once the
    /// deletion is durable.
    public func deleteItems(_ request: DeleteItemsRequest, for app: AppRegistration) async throws(LimelightServiceError) {
        let operation = request.operation
        try await withIndex(of: app, protection: request.protectionClass) { index in
            try index.apply([operation], indexName: request.indexName)
        }
    }

    /// Applies a batch (operations and client state) atomically; nothing is applied when it throws.
    /// - Throws: `mismatchedClientState` when a compare-and-swap finds another state.
    public func applyBatch(_ request: BatchRequest, for app: AppRegistration) async throws(LimelightServiceError) {
        let operations = request.operations
        let change = request.clientState
        guard !operations.isEmpty || change != nil else {
            throw .invalidRequest(field: "operations", "a batch needs operations or a clientState")
        }
        try await withIndex(of: app, protection: request.protectionClass) { index in
            try index.apply(operations, indexName: request.indexName, clientState: change)
        }
    }

    /// The client state last committed to the app's named index of a protection class (nil:
    /// unprotected), or nil.
    public func clientState(
        indexName: String, protection: ProtectionClass? = nil, for app: AppRegistration
    ) async throws(LimelightServiceError) -> Data? {
        try await withIndex(of: app, protection: protection) { index in index.clientState(indexName: indexName) }
    }

    /// One live item of the app's named index of a protection class (nil: unprotected).
    /// - Throws: `notFound` when the app has no such item (whatever other apps hold).
    public func item(
        identifier: String, indexName: String, protection: ProtectionClass? = nil, for app: AppRegistration
    ) async throws(LimelightServiceError) -> StoredItem {
        let record = try await withIndex(of: app, protection: protection) { index in
            try index.record(identifier: identifier, indexName: indexName)
        }
        guard let record, record.kind == .item else { throw .notFound("item '\(identifier)'") }
        return record.item
    }

    /// One named index in ``indexSummaries(for:)``.
    public struct IndexSummary: Sendable {
        /// The index's name ("" for the default index).
        public var name: String
        /// Its protection class (nil: unprotected).
        public var protectionClass: ProtectionClass?
        /// How many live items it holds.
        public var items: Int
        /// Whether it has a client state.
        public var hasClientState: Bool
    }

    /// The app's named indexes, unprotected and of each protection class whose key is available,
    /// with their item counts and whether each has a client state.
    public func indexSummaries(for app: AppRegistration) async throws(LimelightServiceError) -> [IndexSummary] {
        try await blocking {
            try self.store.searchableApps(app.bundleIdentifier).flatMap { index in
                try index.indexNames().map { name in
                    IndexSummary(
                        name: name, protectionClass: index.protectionClass, items: try index.itemCount(indexName: name),
                        hasClientState: index.clientState(indexName: name) != nil)
                }
            }
        }
    }
}
