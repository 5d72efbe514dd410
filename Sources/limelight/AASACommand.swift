import ArgumentParser
import LimelightWebMarkup

/// `limelight aasa FILE URL`: whether an apple-app-site-association file makes a URL a
/// universal link, and for which apps.
struct AASACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aasa",
        abstract: "Tell whether an apple-app-site-association file makes a URL a universal link.",
        discussion: """
            Reads the association file (a path, or an http(s) URL such as \
            https://example.com/.well-known/apple-app-site-association), matches the URL's path, query and \
            fragment against its rules (legacy paths or components, with substitution variables and \
            wildcards) and prints the verdict. Exit status: 0 when the URL is a universal link, 1 when it \
            is not, 2 when the file cannot be read.
            """)

    @Argument(help: "The apple-app-site-association file: a path or an http(s) URL.")
    var file: String

    @Argument(help: "The URL (or path) to check, e.g. https://example.com/recipes/1.")
    var url: String

    func run() async throws {
        let association: AppSiteAssociation
        do {
            association = try await PageCommandSupport.association(from: file)
        } catch {
            PageCommandSupport.fail(error)
            throw ExitCode(2)
        }
        let match = association.match(url)
        print("\(url): \(match.message)")
        for decision in match.decisions {
            let verdict: String
            switch decision.outcome {
            case .included: verdict = "matches \(decision.rule ?? "")"
            case .excluded: verdict = "excluded by \(decision.rule ?? "")"
            case .noMatch: verdict = "no rule matches"
            }
            print("  \(decision.appIDs.joined(separator: ", ")): \(verdict)")
        }
        if !match.isUniversalLink { throw ExitCode(1) }
    }
}
