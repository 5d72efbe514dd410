import ArgumentParser
import LimelightWebMarkup

/// `limelight validate FILE|URL [--base-url U] [--aasa FILE] [--json]`: the validation tool's
/// report, element by element, with a preview of the search result.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a web page's deep links and markup for search, element by element.",
        discussion: """
            For the title, description, image, deep link, canonical URL, indexing, structured data and \
            actions, prints the status (PASSED, RECOMMENDED or FAILED) with the reason, the extracted value \
            and the Core Spotlight attribute it maps to, then a preview of the search result. The exit \
            status is 0 whenever a report is printed (whatever its verdict) and 1 when the page cannot be read.
            """)

    @Argument(help: "An HTML file path or an http(s) URL.")
    var source: String

    @Option(name: .customLong("base-url"), help: "The page's URL, for resolving relative links (default: the fetched URL).")
    var baseURL: String?

    @Option(name: .customLong("aasa"), help: "An apple-app-site-association file (path or URL) for universal links.")
    var associationSource: String?

    @Flag(name: .long, help: "Print the report as one JSON object.")
    var json = false

    func run() async throws {
        let fetcher = PageFetcher()
        let page: FetchedPage
        let association: AppSiteAssociation?
        do {
            page = try await fetcher.read(source)
            association = try await associationSource.asyncMap { try await PageCommandSupport.association(from: $0) }
        } catch {
            PageCommandSupport.fail(error)
            throw ExitCode.failure
        }
        let pageURL = baseURL ?? (PageFetcher.isWebAddress(source) ? page.url : nil)
        let report = WebMarkup.validate(
            bytes: page.bytes, httpCharset: page.httpCharset, pageURL: pageURL, association: association)
        if page.truncated { PageCommandSupport.warnTruncated(fetcher) }
        if json {
            print(report.json.serialized(pretty: true))
        } else {
            print(report.formattedTable(), terminator: "")
        }
    }
}
