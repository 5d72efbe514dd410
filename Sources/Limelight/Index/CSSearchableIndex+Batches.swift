import Foundation

extension CSSearchableIndex {
    /// Starts a batch: operations until `endIndexBatch` are committed together, atomically, with a
    /// client state. Only named indexes support batches.
    public func beginIndexBatch() {
        let opens = state.withLock { state -> Bool in
            defer { state.isBatchOpen = true }
            return !state.isBatchOpen
        }
        // The batch is created on the queue, after the work of earlier calls (and of an earlier
        // batch's end) has run.
        if opens { queue.async { [self] in state.withLock { $0.batch = PendingBatch() } } }
    }

    /// Commits the batch with `clientState` (at most 250 bytes).
    public func endIndexBatch(withClientState clientState: Data, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        endBatch(AppIndex.ClientStateChange(new: clientState), completion: completionHandler)
    }

    /// Commits the batch only if the index's client state equals `expectedClientState`; otherwise
    /// fails with `mismatchedClientState` and applies nothing.
    public func endIndexBatch(
        expectedClientState: Data?, newClientState: Data, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        endBatch(AppIndex.ClientStateChange(new: newClientState, expected: .some(expectedClientState)), completion: completionHandler)
    }

    private func endBatch(_ change: AppIndex.ClientStateChange, completion: (@Sendable ((any Error)?) -> Void)?) {
        let wasOpen = state.withLock { state -> Bool in
            defer { state.isBatchOpen = false }
            return state.isBatchOpen
        }
        queue.async { [self] in
            let batch = state.withLock { state -> PendingBatch? in
                defer { state.batch = nil }
                return wasOpen ? state.batch : nil
            }
            let result: (any Error)?
            if name.isEmpty {
                result = CSIndexError(.indexingUnsupported, message: "batches and client state need a named index; the default index has none")
            } else if batch == nil {
                result = CSIndexError(.invalidClientStateError, message: "endIndexBatch was called without beginIndexBatch")
            } else {
                do {
                    try backend().commit(batch!.operations, indexName: name, clientState: change)
                    result = nil
                } catch {
                    result = Self.bridge(error)
                }
            }
            for operationCompletion in batch?.completions ?? [] { operationCompletion(result) }
            completion?(result)
            if result == nil { afterWrite() }
        }
    }

    /// The client state of the last committed batch, or nil.
    public func fetchLastClientState(completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void) {
        queue.async { [self] in
            guard !name.isEmpty else {
                completionHandler(nil, CSIndexError(.indexingUnsupported, message: "the default index has no client state"))
                return
            }
            do {
                completionHandler(try backend().lastClientState(indexName: name), nil)
            } catch {
                completionHandler(nil, Self.bridge(error))
            }
        }
    }
}

extension CSSearchableIndex {
    /// Adds or replaces items.
    public func indexSearchableItems(_ items: [CSSearchableItem]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            indexSearchableItems(items) { error in Self.resume(continuation, error) }
        }
    }

    /// Deletes the items with these identifiers.
    public func deleteSearchableItems(withIdentifiers identifiers: [String]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            deleteSearchableItems(withIdentifiers: identifiers) { error in Self.resume(continuation, error) }
        }
    }

    /// Deletes the items of these domains and their subdomains.
    public func deleteSearchableItems(withDomainIdentifiers domainIdentifiers: [String]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            deleteSearchableItems(withDomainIdentifiers: domainIdentifiers) { error in Self.resume(continuation, error) }
        }
    }

    /// Deletes every item of this index and resets its client state.
    public func deleteAllSearchableItems() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            deleteAllSearchableItems { error in Self.resume(continuation, error) }
        }
    }

    /// Commits the batch with `clientState`.
    public func endIndexBatch(withClientState clientState: Data) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            endIndexBatch(withClientState: clientState) { error in Self.resume(continuation, error) }
        }
    }

    /// Commits the batch only if the client state equals `expectedClientState`.
    public func endIndexBatch(expectedClientState: Data?, newClientState: Data) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            endIndexBatch(expectedClientState: expectedClientState, newClientState: newClientState) { error in
                Self.resume(continuation, error)
            }
        }
    }

    /// The client state of the last committed batch, or nil.
    public func fetchLastClientState() async throws -> Data? {
        try await withCheckedThrowingContinuation { continuation in
            fetchLastClientState { data, error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: data) }
            }
        }
    }

    static func resume(_ continuation: CheckedContinuation<Void, any Error>, _ error: (any Error)?) {
        if let error { continuation.resume(throwing: error) } else { continuation.resume() }
    }
}
