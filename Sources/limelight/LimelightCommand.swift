import ArgumentParser
import Foundation
import Limelight

/// The `limelight` command line: index, inspect, search and validate, in the spirit of
/// mdimport, mdls, mdfind and mdutil.
@main
struct LimelightCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "limelight",
        abstract: "An on-device search index with Core Spotlight's API, app history and web-markup tools.",
        discussion: """
            Every command works on a store directory (--store, default $LIMELIGHT_STORE or \
            ~/.local/share/limelight) that holds one isolated index per app (--app, default \
            $LIMELIGHT_BUNDLE_ID). Start with `limelight demo`. Content of a protection class \
            (--protection) is encrypted at rest and needs the store's passphrase, given in \
            $LIMELIGHT_PASSPHRASE or in the file $LIMELIGHT_PASSPHRASE_FILE names.
            """,
        subcommands: [
            DemoCommand.self, IndexCommand.self, ShowCommand.self, DumpCommand.self, DeleteCommand.self,
            StatusCommand.self, FindCommand.self, SuggestCommand.self, ExtractCommand.self, ValidateCommand.self, AASACommand.self, CrashWriterCommand.self, BenchIndexCommand.self, BenchQueriesCommand.self, BenchMarkupCommand.self,
            ActivityCommand.self, OpenCommand.self,
        ]
    )
}

/// Options shared by the commands that open an app's index.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store directory.", valueName: "dir"))
    var store: String = LimelightStore.defaultPath

    @Option(name: .long, help: ArgumentHelp("The app's bundle identifier.", valueName: "bundle"))
    var app: String = ProcessInfo.processInfo.environment["LIMELIGHT_BUNDLE_ID"] ?? "com.example.limelight"

    @Option(name: .long, help: ArgumentHelp("The named index (default: the app's default index).", valueName: "name"))
    var index: String = ""

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The protection class of the content: complete, completeUnlessOpen or completeUntilFirstUserAuthentication (default: unprotected). Protected content is encrypted at rest and needs $LIMELIGHT_PASSPHRASE or $LIMELIGHT_PASSPHRASE_FILE.",
            valueName: "class"))
    var protection: ProtectionClass?

    /// Opens the app's index of the chosen protection class.
    func openApp() throws -> AppIndex {
        do {
            return try LimelightStore.shared(path: store).app(app, protection: protection)
        } catch let error as CSIndexError {
            throw CommandFailure(error.message)
        }
    }
}

/// Protection classes are named on the command line by their raw values (ArgumentParser's
/// defaults for string enums).
extension ProtectionClass: ExpressibleByArgument {}

/// A failure reported to the user as one line on standard error, with a non-zero exit status.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
