import Dispatch
import Foundation
import Synchronization

/// An app's on-device search index, with Core Spotlight's API.
///
/// Where code does not configure it, the index lives in the store given by `LIMELIGHT_STORE`
/// (default: `~/.local/share/limelight`) under the bundle identifier given by
/// `LIMELIGHT_BUNDLE_ID` (default: the executable's name). Every completion handler is called
/// exactly once, after the change is durable on disk, or with an error; operations on one index
/// object complete in the order they were made.
open class CSSearchableIndex: @unchecked Sendable {
    // Safety: mutable state (`batch`, the delegate reference) lives in `state`, a Mutex; the rest is
    // immutable after init. Work runs on the serial `queue`.

    /// The index name ("" for the default index).
    public let name: String
    /// The protection class the index was created with. Content of a protected class is kept
    /// apart from the app's other content, encrypted at rest with the class's key, and is
    /// unavailable while protected data is locked (see ``ProtectionClass``).
    public let protectionClass: FileProtectionType?
    /// The app the index belongs to.
    public let bundleIdentifier: String
    private let storePath: String
    let queue: DispatchQueue
    let state = Mutex(State())

    struct State {
        weak var delegate: (any CSSearchableIndexDelegate)?
        /// Whether a batch is open for calls made now (between `beginIndexBatch()` and
        /// `endIndexBatch(…)`), decided when each call is made.
        var isBatchOpen = false
        /// The batch that queued work collects into; created and taken on ``queue``, in call order.
        var batch: PendingBatch?
        /// Delivers due delegate requests every ``CSSearchableIndex/delegatePollInterval`` while a
        /// delegate is attached.
        var delegatePoller: DelegatePoller?
        var delegatePollInterval = CSSearchableIndex.defaultDelegatePollInterval
    }

    /// A repeating timer on the index's queue that delivers due delegate requests.
    final class DelegatePoller: @unchecked Sendable {
        // Safety: the timer is created and resumed once in `init` and only cancelled afterwards;
        // Dispatch sources may be cancelled from any thread.
        private let timer: any DispatchSourceTimer

        init(queue: DispatchQueue, interval: TimeInterval, _ poll: @escaping @Sendable () -> Void) {
            timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + interval, repeating: interval)
            timer.setEventHandler(handler: poll)
            timer.resume()
        }

        func cancel() { timer.cancel() }
    }

    /// Operations collected between `beginIndexBatch()` and `endIndexBatch(…)`.
    struct PendingBatch {
        var operations: [AppIndex.Operation] = []
        var completions: [@Sendable ((any Error)?) -> Void] = []
    }

    /// The delegate that reindexes items and provides data on request.
    public var indexDelegate: (any CSSearchableIndexDelegate)? {
        get { state.withLock { $0.delegate } }
        set {
            let previous = state.withLock { state -> DelegatePoller? in
                state.delegate = newValue
                defer { state.delegatePoller = nil }
                return state.delegatePoller
            }
            previous?.cancel()
            guard newValue != nil else { return }
            deliverDelegateRequests()
            // Retries and reindex-before-expiry requests come due while the app sits idle, too.
            let poller = DelegatePoller(queue: queue, interval: delegatePollInterval) { [weak self] in
                self?.deliverDelegateRequests()
            }
            state.withLock { $0.delegatePoller = poller }
        }
    }

    deinit { state.withLock { $0.delegatePoller }?.cancel() }

    /// How often due delegate requests (retries, items about to expire) are looked for while a
    /// delegate is attached; takes effect when ``indexDelegate`` is set.
    public var delegatePollInterval: TimeInterval {
        get { state.withLock { $0.delegatePollInterval } }
        set { state.withLock { $0.delegatePollInterval = max(0.01, newValue) } }
    }

    /// Whether indexing is available (always true with Limelight).
    open class func isIndexingAvailable() -> Bool { true }

    private static let defaultIndex = Mutex<CSSearchableIndex?>(nil)

    /// The app's default index.
    open class func `default`() -> CSSearchableIndex {
        defaultIndex.withLock { index in
            if let index { return index }
            let created = CSSearchableIndex(indexName: "", protectionClass: nil, storePath: nil, bundleIdentifier: nil)
            index = created
            return created
        }
    }

    /// A named index of the app (one per data source); named indexes support batches and client state.
    public convenience init(name: String) {
        self.init(indexName: name, protectionClass: nil, storePath: nil, bundleIdentifier: nil)
    }

    /// A named index with a data-protection class.
    public convenience init(name: String, protectionClass: FileProtectionType?) {
        self.init(indexName: name, protectionClass: protectionClass, storePath: nil, bundleIdentifier: nil)
    }

    /// A named index with a data-protection class in an explicit store and app.
    public convenience init(name: String, protectionClass: FileProtectionType?, storePath: String?, bundleIdentifier: String?) {
        self.init(indexName: name, protectionClass: protectionClass, storePath: storePath, bundleIdentifier: bundleIdentifier)
    }

    /// A named index in an explicit store and app (Limelight's configuration in code).
    /// - Parameters:
    ///   - name: the index name; "" is the app's default index.
    ///   - storePath: the store directory (nil: `LIMELIGHT_STORE` or the per-user default).
    ///   - bundleIdentifier: the app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    public convenience init(name: String, storePath: String?, bundleIdentifier: String?) {
        self.init(indexName: name, protectionClass: nil, storePath: storePath, bundleIdentifier: bundleIdentifier)
    }

    /// A named index kept by the `limelightd` daemon, shared with other processes (the daemon
    /// knows the app from the client's token).
    public convenience init(name: String, server: RemoteSearchableIndexClient) {
        self.init(indexName: name, protectionClass: nil, storePath: nil, bundleIdentifier: nil, server: server)
    }

    /// A named index of a data-protection class kept by the `limelightd` daemon, which encrypts
    /// it with that class's key (the daemon's protected data must be unlocked to write it).
    public convenience init(name: String, protectionClass: FileProtectionType?, server: RemoteSearchableIndexClient) {
        self.init(indexName: name, protectionClass: protectionClass, storePath: nil, bundleIdentifier: nil, server: server)
    }

    init(
        indexName: String, protectionClass: FileProtectionType?, storePath: String?, bundleIdentifier: String?,
        server: RemoteSearchableIndexClient? = nil
    ) {
        name = indexName
        self.protectionClass = protectionClass
        self.storePath = storePath ?? LimelightStore.defaultPath
        self.bundleIdentifier = bundleIdentifier ?? LimelightStore.defaultBundleIdentifier
        // Without an explicit store, LIMELIGHT_SERVER and LIMELIGHT_TOKEN select the daemon.
        self.server = server ?? (storePath == nil ? RemoteSearchableIndexClient.fromEnvironment() : nil)
        queue = DispatchQueue(label: "limelight.index.\(indexName)")
    }

    /// The daemon this index uses instead of an embedded store, if any.
    public let server: RemoteSearchableIndexClient?

    /// The app's index in the embedded store for this index's protection class.
    /// - Throws: ``CSIndexError`` (`indexUnavailableError`) when the index lives in the daemon, or
    ///   its protection class is locked.
    func appIndex() throws -> AppIndex {
        if let server {
            throw CSIndexError(.indexUnavailableError, message: "the index is kept by limelightd at \(server.server)")
        }
        return try LimelightStore.shared(path: storePath).app(bundleIdentifier, protection: ProtectionClass(protectionClass))
    }

    /// Where changes are committed: the daemon when configured (which keeps protected content
    /// encrypted with its class's key), else the embedded store.
    func backend() throws -> any SearchableIndexBackend {
        if let server { return server.withProtection(ProtectionClass(protectionClass)) }
        return try appIndex()
    }

    /// Runs `work` on the index's queue and reports its outcome once to `completion`.
    func perform(_ work: @escaping @Sendable () throws -> Void, completion: (@Sendable ((any Error)?) -> Void)?) {
        queue.async {
            do {
                try work()
                completion?(nil)
            } catch {
                completion?(Self.bridge(error))
            }
        }
    }

    /// Maps internal errors to `CSIndexError`.
    static func bridge(_ error: any Error) -> any Error {
        if error is CSIndexError { return error }
        if let attribute = error as? AttributeError { return CSIndexError(.invalidItemError, message: attribute.description) }
        return CSIndexError(.unknownError, message: "\(error)")
    }

    /// Applies operations now, or adds them to the open batch (completing when the batch commits).
    func submit(_ operations: @escaping @Sendable () throws -> [AppIndex.Operation], completion: (@Sendable ((any Error)?) -> Void)?) {
        // A call belongs to the batch that is open when it is made, not when its work runs.
        let inBatch = state.withLock { $0.isBatchOpen }
        queue.async { [self] in
            do {
                let built = try operations()
                if inBatch {
                    state.withLock {
                        $0.batch?.operations.append(contentsOf: built)
                        if let completion { $0.batch?.completions.append(completion) }
                    }
                    return
                }
                try backend().commit(built, indexName: name, clientState: nil)
                completion?(nil)
                afterWrite()
            } catch {
                completion?(Self.bridge(error))
            }
        }
    }

    /// Converts items to stored items, validating every attribute.
    static func storedItems(_ items: [CSSearchableItem]) throws -> [StoredItem] {
        try items.map { item in
            do throws(AttributeError) {
                return try StoredItem(item)
            } catch {
                throw CSIndexError.invalidItem(error, uniqueIdentifier: item.uniqueIdentifier)
            }
        }
    }

    /// Adds or replaces items. Items with `isUpdate` change only the attributes they set.
    open func indexSearchableItems(_ items: [CSSearchableItem], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        let copies = items.map { $0.copy() }
        submit({ [.index(try Self.storedItems(copies))] }, completion: completionHandler)
    }

    /// Deletes the items with these identifiers.
    open func deleteSearchableItems(withIdentifiers identifiers: [String], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        submit({ [.deleteIdentifiers(identifiers)] }, completion: completionHandler)
    }

    /// Deletes the items of these domains, including subdomains ("account" also deletes "account.mailbox").
    open func deleteSearchableItems(withDomainIdentifiers domainIdentifiers: [String], completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        submit({ [.deleteDomains(domainIdentifiers)] }, completion: completionHandler)
    }

    /// Deletes every item of this index and resets its client state.
    open func deleteAllSearchableItems(completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        submit({ [.deleteAll] }, completion: completionHandler)
    }

    /// Waits until every operation submitted to this index object so far has completed.
    public func waitUntilIdle() async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    /// Housekeeping after a successful write (expired items are purged by the store): deliver delegate requests.
    func afterWrite() {
        if state.withLock({ $0.delegate != nil }) { deliverDelegateRequests() }
    }
}
