import ArgumentParser
import Foundation
import Limelight

/// `--server URL --token T`: send changes to a running `limelightd` instead of opening the store.
struct RemoteOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp("Use the limelightd daemon at this URL instead of the store (default: $LIMELIGHT_SERVER).", valueName: "url"))
    var server: String?

    @Option(name: .long, help: ArgumentHelp("The app's token for --server (default: $LIMELIGHT_TOKEN).", valueName: "token"))
    var token: String?

    /// The daemon client for the content of the app options' protection class when --server (or
    /// LIMELIGHT_SERVER) is given, else nil.
    func client(_ options: AppOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RemoteSearchableIndexClient? {
        guard let server = server ?? environment["LIMELIGHT_SERVER"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if token != nil { throw CommandFailure("--token needs --server URL") }
            return nil
        }
        guard let token = token ?? environment["LIMELIGHT_TOKEN"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw CommandFailure("--server needs --token (or LIMELIGHT_TOKEN): the app's token from POST /v1/apps")
        }
        do {
            return try RemoteSearchableIndexClient(server: server, token: token).withProtection(options.protection)
        } catch let error as CSIndexError {
            throw CommandFailure(error.message)
        }
    }

    /// Where changes go: the daemon when configured, else the app in the local store.
    func backend(_ options: AppOptions) throws -> any SearchableIndexBackend {
        if let client = try client(options) { return client }
        return try options.openApp()
    }
}
