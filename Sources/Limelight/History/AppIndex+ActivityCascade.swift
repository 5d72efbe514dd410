import Foundation
import LimelightCore

extension AppIndex {
    /// The app-history changes that go with a batch of item operations, appended to the same
    /// atomic commit by ``apply(_:indexName:clientState:now:)``:
    ///
    /// - activities strongly bound (`relatedUniqueIdentifier`) to an item that the batch deletes —
    ///   by identifier, by domain or with delete-all — and that no index of the app still holds
    ///   afterwards are deleted; weakly bound activities stay;
    /// - activities whose attribute set's domain is deleted go too, whichever index the domain
    ///   deletion was made on;
    /// - delete-all on the default index keeps the app's history (it shares that index's name),
    ///   except what the rules above remove.
    ///
    /// - Parameters:
    ///   - operations: The batch's operations.
    ///   - indexName: The index they apply to.
    ///   - snapshot: The snapshot the batch was built on (inside the write lock).
    ///   - isIndexedByBatch: Whether the batch indexes the item of a key, as left after all operations.
    /// - Returns: Engine operations to append after the batch's own.
    /// - Complexity: One term lookup per deleted item and domain; delete-all on the default index
    ///   rewrites the app's surviving activities.
    func activityCascade(
        _ operations: [Operation], indexName: String, snapshot: Snapshot, isIndexedByBatch: (String) -> Bool
    ) throws -> [WriteOperation] {
        var deletedItems = Set<String>()
        var deletedDomains: [String] = []
        var deletesAll = false
        let inThisIndex = EngineQuery.and([
            .term(field: IndexFields.indexName, term: indexName),
            .term(field: IndexFields.kind, term: RecordKind.item.rawValue),
        ])
        for operation in operations {
            switch operation {
            case .index: continue
            case .deleteIdentifiers(let identifiers): deletedItems.formUnion(identifiers)
            case .deleteDomains(let domains):
                deletedDomains += domains
                for domain in domains {
                    let query = EngineQuery.and([
                        inThisIndex, .term(field: IndexFields.domainPath, term: Self.domainTerm(indexName, domain)),
                    ])
                    deletedItems.formUnion(try records(matching: query, in: snapshot).map(\.item.uniqueIdentifier))
                }
            case .deleteAll:
                deletesAll = true
                deletedItems.formUnion(try records(matching: inThisIndex, in: snapshot).map(\.item.uniqueIdentifier))
            }
        }
        guard !deletedItems.isEmpty || !deletedDomains.isEmpty || deletesAll else { return [] }

        var doomed = Set<String>()
        for identifier in deletedItems {
            if isIndexedByBatch(StoredRecord.key(indexName: indexName, identifier: identifier)) { continue }
            let elsewhere = try liveItems(withIdentifier: identifier, in: snapshot, now: .distantPast)
                .contains { $0.indexName != indexName }
            if elsewhere { continue }
            for activity in try activityRecords(relatedTo: identifier, in: snapshot, strongOnly: true) {
                doomed.insert(activity.key)
            }
        }
        for domain in deletedDomains {
            let query = EngineQuery.and([
                .term(field: IndexFields.kind, term: RecordKind.activity.rawValue),
                .term(field: IndexFields.domainPath, term: Self.domainTerm(Self.activityIndexName, domain)),
            ])
            doomed.formUnion(try records(matching: query, in: snapshot).map(\.key))
        }

        var result: [WriteOperation] = doomed.sorted().map { .deleteKey($0) }
        if deletesAll && indexName == Self.activityIndexName {
            let survivors = try records(
                matching: .term(field: IndexFields.kind, term: RecordKind.activity.rawValue), in: snapshot
            ).filter { !doomed.contains($0.key) }
            for survivor in survivors {
                let activity = try ActivityRecord(record: survivor)
                result.append(.upsert(try Self.activityDocument(activity, indexedAt: survivor.indexedAt)))
            }
        }
        return result
    }
}
