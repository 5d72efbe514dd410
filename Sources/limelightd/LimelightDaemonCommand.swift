import ArgumentParser
import Foundation
import Limelight
import LimelightServer
import Logging

/// `limelightd`: the Limelight search daemon.
@main
struct LimelightDaemonCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limelightd",
        abstract: "Serve a Limelight store to many apps and the system search over HTTP/JSON.",
        discussion: """
            The system credential is created on first start in <store>/system.token (mode 0600); \
            register apps with it (POST /v1/apps). The API is documented in docs/openapi.yaml.
            """,
        subcommands: [ServeCommand.self, BenchCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}

/// Runs the daemon until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the daemon (the default).")

    @Option(help: "The store directory (default: LIMELIGHT_STORE, else $XDG_DATA_HOME/limelight, else ~/.local/share/limelight).")
    var store: String = LimelightStore.defaultPath

    @Option(help: "The address to bind.")
    var host: String = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port).")
    var port: Int = LimelightDaemon.Configuration.defaultPort

    @Option(help: "The largest request body accepted, in bytes.")
    var maxBodyBytes: Int = ServiceLimits().maximumBodyBytes

    @Option(help: "The most records one app may keep.")
    var quota: Int = ServiceLimits().quotaPerApp

    @Option(help: "Seconds between delegate-delivery rounds.")
    var deliveryInterval: Double = 1

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be positive") }
        guard quota > 0 else { throw ValidationError("--quota must be positive") }
        guard deliveryInterval > 0 else { throw ValidationError("--delivery-interval must be positive") }
    }

    func run() async throws {
        var limits = ServiceLimits()
        limits.maximumBodyBytes = maxBodyBytes
        limits.quotaPerApp = quota
        let configuration = LimelightDaemon.Configuration(
            storePath: store, host: host, port: port, limits: limits,
            deliveryInterval: .milliseconds(Int(deliveryInterval * 1000)))
        let daemon: LimelightDaemon
        do {
            daemon = try LimelightDaemon(configuration: configuration)
        } catch {
            throw ValidationError("\(error.message)")
        }
        var logger = Logger(label: "limelightd")
        logger.logLevel = .warning
        let host = self.host
        let store = self.store
        let application = daemon.application(logger: logger) { port in
            let shownHost = host.contains(":") ? "[\(host)]" : host
            // Unbuffered, so that a parent process reading the pipe sees the line at once.
            FileHandle.standardOutput.write(Data("limelightd listening on http://\(shownHost):\(port) (store \(store))\n".utf8))
        }
        try await application.runService()
        FileHandle.standardOutput.write(Data("limelightd stopped\n".utf8))
    }
}
