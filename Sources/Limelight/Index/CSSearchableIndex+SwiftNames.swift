import Foundation

/// The names Apple's framework uses for batches in Swift (`beginBatch()`, `endBatch(…)`), so that
/// Core Spotlight code written against the Swift overlay builds unchanged. They do exactly what the
/// Objective-C-style names (`beginIndexBatch()`, `endIndexBatch(…)`) do.
extension CSSearchableIndex {
    /// Starts a batch (Swift name of ``beginIndexBatch()``).
    public func beginBatch() { beginIndexBatch() }

    /// Commits the batch with `clientState` (Swift name of ``endIndexBatch(withClientState:completionHandler:)``).
    public func endBatch(withClientState clientState: Data, completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        endIndexBatch(withClientState: clientState, completionHandler: completionHandler)
    }

    /// Commits the batch with `clientState` (Swift name of ``endIndexBatch(withClientState:)``).
    public func endBatch(withClientState clientState: Data) async throws {
        try await endIndexBatch(withClientState: clientState)
    }

    /// Commits the batch only if the client state equals `expectedClientState` (Swift name of
    /// ``endIndexBatch(expectedClientState:newClientState:completionHandler:)``).
    public func endBatch(
        withExpectedClientState expectedClientState: Data?, newClientState: Data,
        completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        endIndexBatch(expectedClientState: expectedClientState, newClientState: newClientState, completionHandler: completionHandler)
    }

    /// Commits the batch only if the client state equals `expectedClientState` (Swift name of
    /// ``endIndexBatch(expectedClientState:newClientState:)``).
    public func endBatch(withExpectedClientState expectedClientState: Data?, newClientState: Data) async throws {
        try await endIndexBatch(expectedClientState: expectedClientState, newClientState: newClientState)
    }
}
