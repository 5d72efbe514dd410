import Foundation
import Limelight
import ServiceLifecycle

/// The index delegate out of process: delivers each registered app's pending delegate requests to
/// its callback URL until acknowledged.
///
/// Every `interval` it visits the apps with a callback URL; for each of their indexes it takes the
/// due requests (``AppIndex/dueDelegateRequests(indexName:expirationWindow:now:)`` advances their
/// backoff on disk first) and POSTs them (see ``DelegateCallback``). An acknowledged request is
/// removed; an unacknowledged one comes due again after its backoff, in this process or after a
/// restart, since requests live in the app's index metadata.
public struct DelegateDeliveryService: Service {
    /// The service whose apps are served.
    public let service: LimelightService
    /// The pause between rounds.
    public var interval: Duration
    /// How long before expiry items are announced for reindexing.
    public var expirationWindow: TimeInterval
    /// Seconds allowed per socket operation of a delivery.
    public var timeout: Double

    /// Creates the delivery service.
    public init(
        service: LimelightService, interval: Duration = .seconds(1),
        expirationWindow: TimeInterval = 24 * 60 * 60, timeout: Double = 10
    ) {
        self.service = service
        self.interval = interval
        self.expirationWindow = expirationWindow
        self.timeout = timeout
    }

    /// Delivers rounds until graceful shutdown.
    public func run() async throws {
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            _ = await deliverRound()
            do {
                try await gracefulShutdownOrSleep(for: interval)
            } catch {
                return
            }
        }
    }

    private func gracefulShutdownOrSleep(for duration: Duration) async throws {
        try await cancelWhenGracefulShutdown { try await Task.sleep(for: duration) }
    }

    /// One round over every app with a callback URL.
    /// - Returns: How many requests were acknowledged.
    @discardableResult
    public func deliverRound(now: Date = Date()) async -> Int {
        var acknowledged = 0
        for registration in service.credentials.registrations() {
            guard let callbackURL = registration.callbackURL else { continue }
            acknowledged += (try? await BlockingWork.run { [service, expirationWindow, timeout] in
                let index = try service.store.app(registration.bundleIdentifier)
                var names = Set(try index.indexNames())
                names.insert("")
                for request in index.pendingDelegateRequests() { names.insert(request.indexName) }
                var count = 0
                for name in names.sorted() {
                    for request in try index.dueDelegateRequests(indexName: name, expirationWindow: expirationWindow, now: now) {
                        if DelegateCallback.deliver(request, bundleIdentifier: registration.bundleIdentifier, callbackURL: callbackURL, timeout: timeout) {
                            try index.acknowledgeDelegateRequest(id: request.id)
                            count += 1
                        }
                    }
                }
                return count
            }) ?? 0
        }
        return acknowledged
    }
}
