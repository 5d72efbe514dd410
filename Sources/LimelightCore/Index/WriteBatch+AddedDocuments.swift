extension WriteBatch {
    /// The documents this batch adds, in order: each upsert's document unless a later operation of
    /// the batch replaces it (same key), deletes its key, or deletes a term it has.
    ///
    /// Depends on the batch alone, so its segment can be built before the batch is applied.
    var addedDocuments: [IndexDocument] {
        var pending: [IndexDocument?] = []
        var pendingByKey: [String: Int] = [:]
        pending.reserveCapacity(operations.count)
        pendingByKey.reserveCapacity(operations.count)
        for operation in operations {
            switch operation {
            case .upsert(let document):
                if let existing = pendingByKey[document.key] { pending[existing] = nil }
                pendingByKey[document.key] = pending.count
                pending.append(document)
            case .deleteKey(let key):
                if let existing = pendingByKey.removeValue(forKey: key) { pending[existing] = nil }
            case .deleteTerm(let field, let term):
                for (index, document) in pending.enumerated() {
                    guard let document else { continue }
                    if document.fieldSpans.contains(where: { $0.field == field && document.terms(of: $0).contains { $0.term == term } }) {
                        pending[index] = nil
                        pendingByKey.removeValue(forKey: document.key)
                    }
                }
            case .setMetadata:
                break
            }
        }
        return pending.compactMap { $0 }
    }
}
