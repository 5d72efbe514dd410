import Foundation

/// A request to the app's index delegate, kept on disk until acknowledged.
public struct DelegateRequest: Codable, Sendable, Hashable {
    /// What is asked.
    public enum Kind: String, Codable, Sendable {
        /// Reindex everything.
        case reindexAll
        /// Reindex the listed identifiers.
        case reindexIdentifiers
        /// Indexing is throttled.
        case throttle
        /// Throttling ended.
        case unthrottle
    }

    /// A unique id.
    public var id: String
    /// The kind of request.
    public var kind: Kind
    /// The named index it concerns ("" for the default index).
    public var indexName: String
    /// The identifiers, for `reindexIdentifiers`.
    public var identifiers: [String]
    /// Deliveries made so far.
    public var attempts: Int
    /// Not to be delivered before this instant (backoff).
    public var notBefore: Date

    /// Creates a request due now.
    public init(kind: Kind, indexName: String, identifiers: [String] = [], now: Date = Date()) {
        id = UUID().uuidString
        self.kind = kind
        self.indexName = indexName
        self.identifiers = identifiers
        attempts = 0
        notBefore = now
    }

    /// The delay before the next delivery after `attempts` unacknowledged ones: 1 s doubling up to
    /// one hour.
    public static func backoff(afterAttempts attempts: Int) -> TimeInterval {
        min(3600, pow(2, Double(max(0, attempts - 1))))
    }
}

/// The persisted delegate bookkeeping of one app: pending requests and the expiring items already
/// announced.
struct DelegateLedger: Codable, Sendable, Equatable {
    static let metadataKey = "delegate/ledger"
    var requests: [DelegateRequest] = []
    /// "index\0identifier" → the expiration instant already announced.
    var announcedExpirations: [String: Date] = [:]
    var throttled = false

    static func load(from app: AppIndex) -> DelegateLedger {
        guard let bytes = app.snapshot().metadata[metadataKey],
            let ledger = try? JSONDecoder().decode(DelegateLedger.self, from: Data(bytes))
        else { return DelegateLedger() }
        return ledger
    }

    func save(to app: AppIndex) throws {
        let data = try JSONEncoder().encode(self)
        try app.setMetadata(Self.metadataKey, Array(data))
    }
}

extension AppIndex {
    /// Records a request for the app's index delegate; it is delivered when a delegate is attached
    /// and made again until acknowledged.
    public func enqueueDelegateRequest(_ request: DelegateRequest) throws {
        var ledger = DelegateLedger.load(from: self)
        ledger.requests.append(request)
        try ledger.save(to: self)
    }

    /// The requests not yet acknowledged.
    public func pendingDelegateRequests() -> [DelegateRequest] { DelegateLedger.load(from: self).requests }

    /// Removes an acknowledged request.
    public func acknowledgeDelegateRequest(id: String) throws {
        var ledger = DelegateLedger.load(from: self)
        ledger.requests.removeAll { $0.id == id }
        try ledger.save(to: self)
    }

    /// Adds requests the index itself decides on: reindexing items that expire within `window`,
    /// and throttling when the app nears its quota. Returns the requests due at `now`, with their
    /// attempt counts and backoff already advanced (so a crash during delivery re-delivers later).
    func prepareDelegateRequests(indexName: String, expirationWindow: TimeInterval, now: Date) throws -> [DelegateRequest] {
        var ledger = DelegateLedger.load(from: self)
        let original = ledger
        let expiring = try recordsExpiring(within: expirationWindow, now: now).filter { $0.indexName == indexName && $0.kind == .item }
        var newlyExpiring: [String] = []
        for record in expiring {
            let key = indexName + "\u{0}" + record.item.uniqueIdentifier
            if ledger.announcedExpirations[key] != record.expirationDate {
                ledger.announcedExpirations[key] = record.expirationDate
                newlyExpiring.append(record.item.uniqueIdentifier)
            }
        }
        ledger.announcedExpirations = ledger.announcedExpirations.filter { $0.value > now }
        if !newlyExpiring.isEmpty {
            ledger.requests.append(DelegateRequest(kind: .reindexIdentifiers, indexName: indexName, identifiers: newlyExpiring.sorted(), now: now))
        }
        let count = snapshot().documentCount
        if !ledger.throttled && count * 10 >= quota * 9 {
            ledger.throttled = true
            ledger.requests.append(DelegateRequest(kind: .throttle, indexName: indexName, now: now))
        } else if ledger.throttled && count * 10 < quota * 8 {
            ledger.throttled = false
            ledger.requests.append(DelegateRequest(kind: .unthrottle, indexName: indexName, now: now))
        }
        var due: [DelegateRequest] = []
        for index in ledger.requests.indices where ledger.requests[index].notBefore <= now
            && (ledger.requests[index].indexName == indexName || ledger.requests[index].kind == .reindexAll)
        {
            ledger.requests[index].attempts += 1
            ledger.requests[index].notBefore = now.addingTimeInterval(DelegateRequest.backoff(afterAttempts: ledger.requests[index].attempts))
            due.append(ledger.requests[index])
        }
        if ledger != original { try ledger.save(to: self) }
        return due
    }
}
