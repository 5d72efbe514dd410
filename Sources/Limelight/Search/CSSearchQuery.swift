import Dispatch
import Foundation
import Synchronization

/// A query over the app's own indexed items in the Spotlight query language, as in Core Spotlight.
///
///     let query = CSSearchQuery(queryString: #"title == "Paris*"cd"#, attributes: ["title"])
///     query.foundItemsHandler = { items in … }
///     query.completionHandler = { error in … }
///     query.start()
///
/// Items arrive in batches through ``foundItemsHandler`` and carry only the fetched attributes;
/// then ``completionHandler`` is called exactly once: with nil, with a ``CSSearchQueryError`` of
/// code `invalidQuery` (whose message gives the column of a syntax error), or with code
/// `cancelled` after ``cancel()``. The query runs on a consistent snapshot of every named index of
/// the app, on unexpired items only. The store and app come from ``storePath`` and
/// ``bundleIdentifier`` (by default `LIMELIGHT_STORE` and `LIMELIGHT_BUNDLE_ID`, as for
/// ``CSSearchableIndex``).
open class CSSearchQuery: @unchecked Sendable {
    // Safety: all mutable state lives in `state`, a Mutex; the remaining properties are immutable.

    struct State {
        var foundItemsHandler: (@Sendable ([CSSearchableItem]) -> Void)?
        var completionHandler: (@Sendable ((any Error)?) -> Void)?
        var isCancelled = false
        var isStarted = false
        var foundItemCount = 0
    }

    let state = Mutex(State())
    /// The query text.
    public let queryString: String
    /// The attributes fetched for each item.
    public let fetchAttributes: [String]
    /// The filter queries every item must also match.
    public let filterQueries: [String]
    /// The store directory searched.
    public let storePath: String
    /// The app whose items are searched.
    public let bundleIdentifier: String
    /// The daemon searched instead of the embedded store, if any (see ``init(queryString:queryContext:server:)``).
    public let server: RemoteSearchableIndexClient?
    /// How many items go into one call of ``foundItemsHandler``.
    public var batchSize: Int { 100 }
    /// The protection classes searched; `.none` stands for unprotected content. Empty (the
    /// default): unprotected content and every protected class whose key is available. Content of
    /// a locked class is never found.
    open var protectionClasses: [FileProtectionType] = []

    /// The classes this query reads (see ``protectionClasses``), nil standing for unprotected
    /// content; empty for every available class.
    var searchedClasses: [ProtectionClass?] { protectionClasses.map { ProtectionClass($0) } }

    /// The app's indexes this query reads in the embedded store (see ``protectionClasses``).
    func searchedApps() throws -> [AppIndex] {
        try LimelightStore.shared(path: storePath).searchableApps(bundleIdentifier, classes: searchedClasses)
    }

    /// A query with a context holding fetch attributes and filter queries.
    public convenience init(queryString: String, queryContext: CSSearchQueryContext?) {
        self.init(queryString: queryString, queryContext: queryContext, storePath: nil, bundleIdentifier: nil)
    }

    /// A query fetching the given attributes (the older form).
    public convenience init(queryString: String, attributes: [String]?) {
        let context = CSSearchQueryContext()
        context.fetchAttributes = attributes ?? []
        self.init(queryString: queryString, queryContext: context, storePath: nil, bundleIdentifier: nil)
    }

    /// A query on an explicit store and app (Limelight's configuration in code).
    /// - Parameters:
    ///   - storePath: the store directory (nil: `LIMELIGHT_STORE` or the per-user default).
    ///   - bundleIdentifier: the app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    public convenience init(queryString: String, queryContext: CSSearchQueryContext?, storePath: String?, bundleIdentifier: String?) {
        // Without an explicit store, LIMELIGHT_SERVER and LIMELIGHT_TOKEN select the daemon.
        self.init(
            queryString: queryString, queryContext: queryContext, storePath: storePath, bundleIdentifier: bundleIdentifier,
            server: storePath == nil ? RemoteSearchableIndexClient.fromEnvironment() : nil)
    }

    /// A query on the app's items kept by the `limelightd` daemon (the daemon knows the app from
    /// the client's token). At most 1,000 items are found this way (the daemon's result limit).
    public convenience init(queryString: String, queryContext: CSSearchQueryContext?, server: RemoteSearchableIndexClient) {
        self.init(queryString: queryString, queryContext: queryContext, storePath: nil, bundleIdentifier: nil, server: server)
    }

    init(
        queryString: String, queryContext: CSSearchQueryContext?, storePath: String?, bundleIdentifier: String?,
        server: RemoteSearchableIndexClient?
    ) {
        self.queryString = queryString
        fetchAttributes = queryContext?.fetchAttributes ?? []
        filterQueries = queryContext?.filterQueries ?? []
        self.storePath = storePath ?? LimelightStore.defaultPath
        self.bundleIdentifier = bundleIdentifier ?? LimelightStore.defaultBundleIdentifier
        self.server = server
    }

    /// Called with each batch of found items.
    open var foundItemsHandler: (@Sendable ([CSSearchableItem]) -> Void)? {
        get { state.withLock { $0.foundItemsHandler } }
        set { state.withLock { $0.foundItemsHandler = newValue } }
    }

    /// Called once when the query finishes, fails or is cancelled.
    open var completionHandler: (@Sendable ((any Error)?) -> Void)? {
        get { state.withLock { $0.completionHandler } }
        set { state.withLock { $0.completionHandler = newValue } }
    }

    /// Whether ``cancel()`` was called.
    open var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// How many items have been delivered so far.
    open var foundItemCount: Int { state.withLock { $0.foundItemCount } }

    /// Starts the query; results are delivered asynchronously. A second call does nothing.
    open func start() {
        let alreadyStarted = state.withLock { state in
            defer { state.isStarted = true }
            return state.isStarted
        }
        guard !alreadyStarted else { return }
        DispatchQueue.global().async { [self] in
            let error = run { items in
                let handler = state.withLock { state -> (@Sendable ([CSSearchableItem]) -> Void)? in
                    state.foundItemCount += items.count
                    return state.foundItemsHandler
                }
                handler?(items)
            }
            let completion = state.withLock { $0.completionHandler }
            completion?(error)
        }
    }

    /// Stops the query: no more items are delivered and the completion reports `cancelled`.
    open func cancel() {
        state.withLock { $0.isCancelled = true }
    }

    /// Runs the search synchronously, delivering batches; returns the error to report, if any.
    func run(_ deliver: ([CSSearchableItem]) -> Void) -> (any Error)? {
        if let server { return runRemotely(server, deliver) }
        do {
            let options = SearchOptions(fetchAttributes: fetchAttributes, filterQueries: filterQueries)
            for app in try searchedApps() where !isCancelled {
                _ = try app.searchBatches(query: queryString, options: options, batchSize: batchSize, isCancelled: { self.isCancelled }) { hits in
                    deliver(hits.map { $0.item.makeSearchableItem() })
                }
            }
            return isCancelled ? CSSearchQueryError(.cancelled) : nil
        } catch let error as CSSearchQueryError {
            return error
        } catch {
            return CSSearchQueryError(.indexUnreachable, message: "the index could not be opened: \(error)", underlyingError: error)
        }
    }

    /// One result of the ``results`` sequence.
    public struct Result: Sendable, Identifiable {
        /// The found item (with the fetched attributes).
        public let item: CSSearchableItem
        /// The item's unique identifier.
        public var id: String { item.uniqueIdentifier }
    }

    /// The found items as an asynchronous sequence; it ends when the query completes and throws
    /// the query's error. Iterating starts the query; cancelling the iterating task cancels it.
    public var results: AsyncThrowingStream<Result, any Error> {
        AsyncThrowingStream { continuation in
            continuation.onTermination = { [self] termination in
                if case .cancelled = termination { cancel() }
            }
            DispatchQueue.global().async { [self] in
                let error = run { items in
                    state.withLock { $0.foundItemCount += items.count }
                    for item in items { continuation.yield(Result(item: item)) }
                }
                continuation.finish(throwing: error)
            }
        }
    }
}
