import ArgumentParser
import Foundation
import Limelight

/// `limelight suggest`: completions of typed text from the app's past queries and vocabulary.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest", abstract: "Suggest completions of typed text from past queries and the app's words.")

    @OptionGroup var options: AppOptions
    @Argument(help: "The text typed so far.") var prefix: String
    @Option(name: .long, help: "The most suggestions printed.") var limit = 10
    @Flag(name: .long, help: "Print one JSON object per line.") var json = false
    @Flag(name: .long, help: "Remember PREFIX as a query the user ran, then suggest.") var record = false

    func run() throws {
        let app = try options.openApp()
        if record { try app.recordUserQuery(prefix) }
        for suggestion in try app.suggestions(prefix: prefix, limit: max(0, limit)) {
            if json {
                let object: [String: Any] = ["text": suggestion.text, "source": suggestion.source.rawValue, "score": suggestion.score]
                let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            } else {
                print("\(suggestion.text)\t\(suggestion.source.rawValue)")
            }
        }
    }
}
