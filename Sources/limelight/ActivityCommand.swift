import ArgumentParser
import Foundation
import Limelight

/// `limelight activity`: records a view of an app-history activity, as `becomeCurrent()` does.
struct ActivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Record an app-history activity (NSUserActivity) from a JSON file.",
        discussion: """
            The file holds one activity: {"activityType": "com.example.recipe.view", "title": "…", \
            "keywords": […], "userInfo": {…}, "requiredUserInfoKeys": […], "webpageURL": "https://…", \
            "referrerURL": "…", "expirationDate": "ISO-8601", "persistentIdentifier": "…", \
            "isEligibleForSearch": true, "contentType": "public.item", "attributes": {…}}. \
            Only search-eligible activities are indexed; recording the same activity again counts \
            one more view. An activity whose attributes name a relatedUniqueIdentifier is kept only \
            if that item exists. --search-continuation declares whether the app continues searches \
            ("Search in App").
            """)

    @OptionGroup var options: AppOptions

    @Option(name: .long, help: ArgumentHelp("Declare (on) or withdraw (off) the app's support for continuing searches.", valueName: "on|off"))
    var searchContinuation: SearchContinuationSetting?

    @Flag(name: .long, help: "Print the outcome as JSON.")
    var json = false

    @Argument(help: ArgumentHelp("The activity JSON file, or - for standard input.", valueName: "file.json"))
    var file: String?

    func validate() throws {
        if file == nil && searchContinuation == nil {
            throw ValidationError("give an activity file, or --search-continuation on|off")
        }
    }

    func run() throws {
        let app = try options.openApp()
        if let searchContinuation {
            try app.setSupportsSearchContinuation(searchContinuation == .on)
            printError("\(options.app) \(searchContinuation == .on ? "continues" : "does not continue") searches")
        }
        guard let file else { return }
        let activity: ActivityRecord
        do {
            activity = try ActivityJSONCodec.decode(try readActivityInput(file))
        } catch let error as ActivityError {
            throw CommandFailure("\(file): \(error.message)")
        }
        let outcome: ActivityRecordingOutcome
        do {
            outcome = try app.recordActivity(activity)
        } catch let error as ActivityError {
            throw CommandFailure("the activity was not recorded: \(error.message)")
        } catch let error as CSIndexError {
            throw CommandFailure("the activity was not recorded: \(error.message)")
        }
        switch outcome {
        case .indexed(let identifier, let viewCount):
            if json {
                print(#"{"recorded":true,"identifier":\#(jsonStringLiteral(identifier)),"viewCount":\#(viewCount)}"#)
            } else {
                print("recorded \(identifier) (\(viewCount) view\(viewCount == 1 ? "" : "s"))")
            }
        case .notEligibleForSearch:
            if json { print(#"{"recorded":false,"reason":"notEligibleForSearch"}"#) }
            printError("not indexed: the activity is not eligible for search (set \"isEligibleForSearch\": true)")
        case .relatedItemMissing(let identifier):
            throw CommandFailure(
                "the activity was not kept: its relatedUniqueIdentifier '\(identifier)' names no item of \(options.app)")
        }
    }
}

/// The values of `--search-continuation`.
enum SearchContinuationSetting: String, ExpressibleByArgument {
    case on, off
}

/// Reads a file, or standard input for `-`.
func readActivityInput(_ file: String) throws -> Data {
    do {
        return file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
        throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
    }
}

/// A JSON string literal.
func jsonStringLiteral(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
}
