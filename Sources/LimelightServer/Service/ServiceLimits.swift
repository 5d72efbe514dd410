/// The limits that keep one client from exhausting the daemon.
public struct ServiceLimits: Sendable, Hashable {
    /// The largest request body accepted, in bytes (larger: `tooLarge`, HTTP 413).
    public var maximumBodyBytes: Int = 16 * 1024 * 1024
    /// The most items one request may index.
    public var maximumItemsPerRequest: Int = 10_000
    /// The most identifiers or domain identifiers one request may delete.
    public var maximumIdentifiersPerRequest: Int = 10_000
    /// The most operations one batch may hold.
    public var maximumOperationsPerBatch: Int = 1_000
    /// The longest query string accepted, in characters.
    public var maximumQueryLength: Int = 2_048
    /// The most results one query may ask for.
    public var maximumResultLimit: Int = 1_000
    /// The results a query returns when it does not say.
    public var defaultResultLimit: Int = 100
    /// The most records (items and activities) one app may keep (more: `quotaExceeded`).
    public var quotaPerApp: Int = 1_000_000

    /// Seconds allowed per socket operation when asking an app's callback for promised data.
    public var callbackTimeout: Double = 10

    /// The default limits.
    public init() {}
}
