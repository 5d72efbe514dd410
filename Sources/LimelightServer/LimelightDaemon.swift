import Foundation
import Hummingbird
import Limelight
import Logging
import ServiceLifecycle

/// The search daemon assembled: the HTTP application over a ``LimelightService``, the delegate
/// delivery, and the store, as swift-service-lifecycle services that stop gracefully together.
public struct LimelightDaemon: Sendable {
    /// How the daemon is set up.
    public struct Configuration: Sendable {
        /// The store directory.
        public var storePath: String
        /// The address to bind (loopback by default).
        public var host: String
        /// The port (0: any free port).
        public var port: Int
        /// The request limits and quota.
        public var limits: ServiceLimits
        /// The pause between delegate-delivery rounds.
        public var deliveryInterval: Duration

        /// The default port of `limelightd`.
        public static let defaultPort = 8731

        /// Creates a configuration; by default the per-user store on `127.0.0.1:8731`.
        public init(
            storePath: String = LimelightStore.defaultPath, host: String = "127.0.0.1", port: Int = defaultPort,
            limits: ServiceLimits = ServiceLimits(), deliveryInterval: Duration = .seconds(1)
        ) {
            self.storePath = storePath
            self.host = host
            self.port = port
            self.limits = limits
            self.deliveryInterval = deliveryInterval
        }
    }

    /// The configuration.
    public let configuration: Configuration
    /// The service layer.
    public let service: LimelightService

    /// Opens the store and credentials of `configuration`.
    /// - Throws: ``LimelightServiceError`` when the store cannot be opened.
    public init(configuration: Configuration) throws(LimelightServiceError) {
        self.configuration = configuration
        service = try LimelightService(storePath: configuration.storePath, limits: configuration.limits)
    }

    /// The HTTP application with the delegate delivery and the store closer attached as services.
    ///
    /// - Parameter onServerRunning: Called with the bound port once the server listens.
    public func application(
        logger: Logger = Logger(label: "limelightd"), onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: LimelightRoutes.router(service: service),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "limelightd"),
            services: [
                StoreService(store: service.store),
                DelegateDeliveryService(service: service, interval: configuration.deliveryInterval),
            ],
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
            logger: logger
        )
    }
}

/// Keeps the store open while the daemon runs and closes it (flushing every app index) on
/// graceful shutdown. Acknowledged writes are already durable in each index's log; closing makes
/// the next start faster.
public struct StoreService: Service {
    /// The store.
    public let store: LimelightStore

    /// Creates the service.
    public init(store: LimelightStore) { self.store = store }

    /// Waits for graceful shutdown, then closes the store.
    public func run() async throws {
        try? await gracefulShutdown()
        try await BlockingWork.run { try store.close() }
    }
}
