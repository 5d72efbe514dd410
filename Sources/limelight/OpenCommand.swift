import ArgumentParser
import Foundation
import Limelight

/// `limelight open`: prints the activity an app receives when the user opens a result.
struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Print, as JSON, the activity an app receives when a search result is opened.",
        discussion: """
            An item gives {"activityType": "com.apple.corespotlightitem", "userInfo": \
            {"kCSSearchableItemActivityIdentifier": ID}}; app history gives the saved activity; \
            --url gives NSUserActivityTypeBrowsingWeb with the page as webpageURL; \
            --continue-query gives "com.apple.corespotlightquerycontinuation" with the text under \
            kCSSearchQueryString, for apps that declared search continuation. ID is looked up among \
            the items of --index first, then among saved activities (record or persistent identifier).
            """)

    @OptionGroup var options: AppOptions

    @Option(name: .long, help: ArgumentHelp("Open a web result: the page's URL.", valueName: "url"))
    var url: String?

    @Option(name: .long, help: ArgumentHelp("Continue this search in the app (Search in App).", valueName: "text"))
    var continueQuery: String?

    @Flag(name: .long, help: "Only look among saved activities.")
    var activity = false

    @Flag(name: .long, help: "Also queue the activity for the app to pick up when it runs.")
    var deliver = false

    @Flag(name: .long, help: "Print indented JSON.")
    var pretty = false

    @Argument(help: ArgumentHelp("The identifier of the item or saved activity.", valueName: "id"))
    var identifier: String?

    func validate() throws {
        let given = [identifier != nil, url != nil, continueQuery != nil].filter { $0 }.count
        if given != 1 { throw ValidationError("give exactly one of: an identifier, --url URL, --continue-query TEXT") }
        if activity && identifier == nil { throw ValidationError("--activity needs an identifier") }
    }

    func run() throws {
        let app = try options.openApp()
        let payload: ActivityRecord
        do {
            if let url {
                payload = try app.launchActivity(for: .webpage(url))
            } else if let continueQuery {
                payload = try app.launchActivity(for: .queryContinuation(continueQuery))
            } else if let identifier, activity {
                payload = try app.activity(identifier: identifier) ?? app.launchActivity(for: .activity(identifier: "p:" + identifier))
            } else if let identifier {
                payload = try app.openResult(identifier: identifier, indexName: options.index)
            } else {
                throw CommandFailure("nothing to open")
            }
            if deliver { try app.postLaunch(payload) }
        } catch let error as ActivityError {
            throw CommandFailure(error.message)
        } catch let error as CSIndexError {
            throw CommandFailure(error.message)
        }
        print(ActivityJSONCodec.encode(payload, prettyPrinted: pretty))
    }
}
