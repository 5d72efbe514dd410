import Foundation
import LimelightCore
import Synchronization

/// One app's part of a store: its items and app history in their own engine, isolated from other
/// apps, with named indexes, client states and expiration.
///
/// All writes are serialised; searches run on snapshots and are never blocked by writes.
public final class AppIndex: Sendable {
    /// One change applied by ``apply(_:indexName:clientState:now:)``.
    public enum Operation: Sendable {
        /// Adds or replaces items (partial updates for items with `isUpdate`).
        case index([StoredItem])
        /// Deletes the items with these identifiers.
        case deleteIdentifiers([String])
        /// Deletes the items in these domains and their subdomains ("a" also deletes "a.b").
        case deleteDomains([String])
        /// Deletes every item of the named index and resets its client state.
        case deleteAll
    }

    /// A client-state update committed with a batch; with `expected` set, a compare-and-swap.
    public struct ClientStateChange: Sendable {
        /// Apply only if the current state equals this (`.some(nil)`: there must be none).
        public var expected: Data??
        /// The new state.
        public var new: Data

        /// Creates a change.
        public init(new: Data, expected: Data?? = .none) {
            self.new = new
            self.expected = expected
        }
    }

    /// The largest client state accepted, in bytes.
    public static let maximumClientStateSize = 250

    /// The app's bundle identifier.
    public let bundleIdentifier: String
    /// The underlying engine.
    public let engine: SearchEngine
    /// Most items (and activities) the app may keep.
    public let quota: Int
    /// The protection class of the content (nil: unprotected); protected content is encrypted at rest.
    public let protectionClass: ProtectionClass?
    let writeLock = Mutex(())
    /// When expired records were last purged (see ``purgeExpiredIfDue(now:)``).
    let lastPurge = Mutex<Date?>(nil)

    init(bundleIdentifier: String, engine: SearchEngine, quota: Int, protectionClass: ProtectionClass? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.engine = engine
        self.quota = quota
        self.protectionClass = protectionClass
    }

    static func clientStateKey(_ indexName: String) -> String { "clientState/" + indexName }

    /// The current snapshot.
    public func snapshot() -> Snapshot { engine.snapshot() }

    /// Applies `operations` to the named index ("" is the default index) atomically and durably,
    /// with an optional client-state change. Nothing is applied when it throws.
    /// - Throws: ``CSIndexError`` (`invalidItemError`, `invalidClientStateError`,
    ///   `mismatchedClientState`, `quotaExceeded`, `indexUnavailableError`).
    public func apply(_ operations: [Operation], indexName: String, clientState: ClientStateChange? = nil, now: Date = Date()) throws {
        if let clientState, clientState.new.count > Self.maximumClientStateSize {
            throw CSIndexError(.invalidClientStateError, message: "client state is \(clientState.new.count) bytes; at most \(Self.maximumClientStateSize) are allowed")
        }
        try writeLock.withLock { _ in
            let snapshot = engine.snapshot()
            var batch = WriteBatch()
            // The records to map, and where each goes in the batch; the latest record of each key
            // the batch still indexes, as its place in `unmapped`.
            var unmapped: [(operation: Int, record: StoredRecord)] = []
            var pending: [String: Int] = [:]
            var added = 0
            // New items are counted only when the batch could reach the quota even if all were new.
            let itemCount = operations.reduce(0) { count, operation in
                if case .index(let items) = operation { return count + items.count }
                return count
            }
            let mayReachQuota = snapshot.documentCount + itemCount > quota
            unmapped.reserveCapacity(itemCount)
            pending.reserveCapacity(itemCount)
            for operation in operations {
                switch operation {
                case .index(let items):
                    for item in items {
                        let key = StoredRecord.key(indexName: indexName, identifier: item.uniqueIdentifier)
                        var stored = item
                        if item.isUpdate {
                            let existing = try pending[key].map { unmapped[$0].record } ?? record(forKey: key, in: snapshot)
                            guard let existing, existing.expirationDate > now else { continue }
                            stored = existing.item.applyingUpdate(item)
                        } else if mayReachQuota, try snapshot.document(withKey: key) == nil && pending[key] == nil {
                            added += 1
                        }
                        // Mapped below, all at once; a placeholder keeps the operation's place.
                        pending[key] = unmapped.count
                        unmapped.append((batch.operations.count, StoredRecord(indexName: indexName, indexedAt: now, item: stored)))
                        batch.append(.upsert(IndexDocument(key: key)))
                    }
                case .deleteIdentifiers(let identifiers):
                    for identifier in identifiers {
                        let key = StoredRecord.key(indexName: indexName, identifier: identifier)
                        pending[key] = nil
                        batch.append(.deleteKey(key))
                    }
                case .deleteDomains(let domains):
                    for domain in domains {
                        batch.append(.deleteTerm(field: IndexFields.domainPath, term: Self.domainTerm(indexName, domain)))
                        pending = pending.filter { !(unmapped[$0.value].record.item.domainIdentifier.map { Self.isInDomain($0, domain) } ?? false) }
                    }
                case .deleteAll:
                    batch.append(.deleteTerm(field: IndexFields.indexName, term: indexName))
                    batch.append(.setMetadata(key: Self.clientStateKey(indexName), value: nil))
                    pending.removeAll()
                }
            }
            let toMap = unmapped  // a constant the mapping threads share
            let documents = concurrentMap(count: toMap.count, workers: toMap.count >= Self.concurrentMappingThreshold ? 2 : 1) {
                RecordDocumentMapper.document(for: toMap[$0].record)
            }
            for (placeholder, document) in zip(unmapped, documents) { batch.operations[placeholder.operation] = .upsert(document) }
            batch.operations += try activityCascade(operations, indexName: indexName, snapshot: snapshot) { pending[$0] != nil }
            if added > 0 && snapshot.documentCount + added > quota {
                throw CSIndexError(.quotaExceeded, message: "\(bundleIdentifier) would hold \(snapshot.documentCount + added) items; its quota is \(quota)")
            }
            if let clientState {
                batch.append(.setMetadata(key: Self.clientStateKey(indexName), value: Array(clientState.new)))
                if let expected = clientState.expected {
                    batch.preconditions.append(MetadataPrecondition(key: Self.clientStateKey(indexName), expected: expected.map { Array($0) }))
                }
            }
            guard !batch.isEmpty else { return }
            do {
                try engine.commit(batch)
            } catch StorageError.preconditionFailed {
                throw CSIndexError(.mismatchedClientState, message: "the index's client state does not match the expected client state")
            } catch let error as StorageError {
                throw CSIndexError(.indexUnavailableError, message: "could not write the index: \(error)", underlyingError: error)
            }
        }
        // Housekeeping after the batch is durable; a failure here cannot undo the batch and expired
        // records are never returned anyway, so the next due purge simply tries again.
        _ = try? purgeExpiredIfDue(now: Date())
    }

    /// Batches indexing at least this many items map them to documents on two threads.
    static let concurrentMappingThreshold = 64

    /// The domain-path term of `domain` in the named index (domains are scoped to their index).
    static func domainTerm(_ indexName: String, _ domain: String) -> String { indexName + "\u{0}" + domain }

    static func isInDomain(_ candidate: String, _ domain: String) -> Bool {
        candidate == domain || candidate.hasPrefix(domain + ".")
    }

    /// The client state last committed to the named index, or nil.
    public func clientState(indexName: String) -> Data? {
        engine.snapshot().metadata[Self.clientStateKey(indexName)].map { Data($0) }
    }

    /// The live, unexpired record of an item, or nil.
    public func record(identifier: String, indexName: String, now: Date = Date()) throws -> StoredRecord? {
        guard let record = try record(forKey: StoredRecord.key(indexName: indexName, identifier: identifier), in: engine.snapshot()),
            record.expirationDate > now
        else { return nil }
        return record
    }

    func record(forKey key: String, in snapshot: Snapshot) throws -> StoredRecord? {
        guard let (segment, document) = try snapshot.document(withKey: key) else { return nil }
        return try snapshot.segments[segment].reader.record(document)
    }

    /// Every live, unexpired record, optionally only of one named index and kind, in index order.
    public func records(indexName: String? = nil, kind: RecordKind? = nil, now: Date = Date()) throws -> [StoredRecord] {
        var result: [StoredRecord] = []
        try engine.snapshot().forEachDocument { _, bytes in
            let record = try StoredRecord.decode(bytes)
            if let indexName, record.indexName != indexName { return }
            if let kind, record.kind != kind { return }
            if record.expirationDate > now { result.append(record) }
        }
        return result
    }

    /// The names of the app's indexes that hold items or a client state ("" is the default index).
    public func indexNames() throws -> [String] {
        let snapshot = engine.snapshot()
        var names = try Self.indexNamesInDictionaries(of: snapshot)
        for key in snapshot.metadata.keys where key.hasPrefix("clientState/") {
            names.insert(String(key.dropFirst("clientState/".count)))
        }
        return try names.filter { name in
            try snapshot.count(.term(field: IndexFields.indexName, term: name)) > 0 || snapshot.metadata[Self.clientStateKey(name)] != nil
        }.sorted()
    }

    /// The index names in the term dictionaries of a snapshot's segments, including names whose
    /// documents are all deleted.
    static func indexNamesInDictionaries(of snapshot: Snapshot) throws -> Set<String> {
        var names = Set<String>()
        for segment in snapshot.segments {
            try segment.reader.field(IndexFields.indexName)?.dictionary.forEachTerm { term, _ in
                names.insert(String(decoding: term, as: UTF8.self))
                return true
            }
        }
        return names
    }

    /// The number of live items in the named index (expired ones not yet purged included).
    public func itemCount(indexName: String) throws -> Int {
        try engine.snapshot().count(.and([.term(field: IndexFields.indexName, term: indexName), .term(field: IndexFields.kind, term: RecordKind.item.rawValue)]))
    }

    /// Deletes every record whose expiration date has passed.
    /// - Returns: how many were deleted.
    @discardableResult
    public func purgeExpired(now: Date = Date()) throws -> Int {
        try writeLock.withLock { _ in
            let snapshot = engine.snapshot()
            let expired = EngineQuery.range(field: IndexFields.expires, lower: nil, upper: now.timeIntervalSince1970, includeLower: false, includeUpper: true)
            var batch = WriteBatch()
            for (index, documents) in try snapshot.matchingDocuments(expired).enumerated() {
                for document in documents { batch.append(.deleteKey(try snapshot.segments[index].reader.key(of: document))) }
            }
            if !batch.isEmpty { try engine.commit(batch) }
            return batch.operations.count
        }
    }

    /// The records that expire within `window` from `now` (for the index delegate to refresh).
    public func recordsExpiring(within window: TimeInterval, now: Date = Date()) throws -> [StoredRecord] {
        let snapshot = engine.snapshot()
        let soon = EngineQuery.range(
            field: IndexFields.expires, lower: now.timeIntervalSince1970, upper: now.timeIntervalSince1970 + window,
            includeLower: false, includeUpper: true)
        var result: [StoredRecord] = []
        for (index, documents) in try snapshot.matchingDocuments(soon).enumerated() {
            for document in documents {
                result.append(try snapshot.segments[index].reader.record(document))
            }
        }
        return result
    }

    /// Commits a metadata change on its own (used for delegate bookkeeping).
    func setMetadata(_ key: String, _ value: [UInt8]?) throws {
        try writeLock.withLock { _ in _ = try engine.commit(WriteBatch([.setMetadata(key: key, value: value)])) }
    }

    /// The engine query that keeps only unexpired records at `now`.
    public static func unexpired(at now: Date) -> EngineQuery {
        .range(field: IndexFields.expires, lower: now.timeIntervalSince1970, upper: nil, includeLower: false, includeUpper: false)
    }
}
