import ArgumentParser
import LimelightWebMarkup

/// `limelight extract FILE|URL [--base-url U] [--aasa FILE] [--json]`: the web markup of a page
/// and the search result it maps to.
struct ExtractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Extract deep links and structured data from a web page.",
        discussion: """
            Reads an HTML file or fetches an http(s) URL, then prints its title, description, canonical URL, \
            robots directives, deep links (Smart App Banner, App Links, Twitter app card), Open Graph, \
            schema.org (JSON-LD, Microdata, RDFa) and the search result they map to, with Core Spotlight \
            attribute names. With --json, prints one JSON object.
            """)

    @Argument(help: "An HTML file path or an http(s) URL.")
    var source: String

    @Option(name: .customLong("base-url"), help: "The page's URL, for resolving relative links (default: the fetched URL).")
    var baseURL: String?

    @Option(name: .customLong("aasa"), help: "An apple-app-site-association file (path or URL) for universal links.")
    var associationSource: String?

    @Flag(name: .long, help: "Print one JSON object instead of a readable summary.")
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
        let (markup, result) = WebMarkup.analyze(
            bytes: page.bytes, httpCharset: page.httpCharset, pageURL: pageURL, association: association)
        if page.truncated { PageCommandSupport.warnTruncated(fetcher) }
        if json {
            print(markup.json(result: result).serialized(pretty: true))
        } else {
            print(markup.formattedSummary(result: result), terminator: "")
        }
    }
}

extension Optional {
    /// Maps the wrapped value with an async throwing transform.
    func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}
