import LimelightHTML

/// Everything the extractors found on one page, before it is mapped to a search result.
public struct WebPageMarkup: Sendable, Equatable {
    /// The URL the page was fetched from, when known.
    public var pageURL: String?
    /// The base URL relative references were resolved against: `<base href>` resolved against
    /// the page URL, else the page URL.
    public var baseURL: String?
    /// The `<title>` text with whitespace collapsed.
    public var title: String?
    /// `<meta name="description">`, trimmed.
    public var metaDescription: String?
    /// `<meta name="keywords">`, split at commas.
    public var keywords: [String] = []
    /// `<link rel="canonical">`, resolved.
    public var canonicalURL: String?
    /// `<meta name="robots">` and `<meta name="applebot">` directives combined.
    public var robots = RobotsDirectives()
    /// Every `<meta>` element with a name, property or http-equiv.
    public var metaTags: [MetaTag] = []
    /// Every `<link>` element with `rel` and `href` (resolved).
    public var links: [LinkTag] = []
    /// The Smart App Banner, when the page has one.
    public var smartAppBanner: SmartAppBanner?
    /// The Twitter card tags.
    public var twitterCard = TwitterCard()
    /// The App Links tags.
    public var appLinks = AppLinks()
    /// The Open Graph properties.
    public var openGraph = OpenGraph()
    /// The JSON-LD values, one per top-level object (a script holding an array contributes each
    /// element), in document order.
    public var jsonLD: [JSONValue] = []
    /// Why JSON-LD scripts could not be read, one per unreadable script.
    public var jsonLDErrors: [WebMarkupError] = []
    /// The top-level Microdata items.
    public var microdata: [StructuredDataItem] = []
    /// The top-level RDFa Lite items.
    public var rdfa: [StructuredDataItem] = []

    /// An empty result for `pageURL`.
    public init(pageURL: String? = nil) {
        self.pageURL = pageURL
        self.baseURL = pageURL
    }
}

/// Extracts ``WebPageMarkup`` from a parsed document.
public enum WebMarkupExtractor {
    /// Extracts every kind of markup from a document.
    ///
    /// - Parameters:
    ///   - document: the document node from the HTML parser.
    ///   - pageURL: the page's absolute URL; relative URLs are resolved against it (or against
    ///     `<base href>` resolved against it).
    /// - Returns: the extracted markup. Never fails: unreadable pieces are skipped, and JSON-LD
    ///   errors are reported in ``WebPageMarkup/jsonLDErrors``.
    /// - Complexity: O(n) in the size of the document for everything but Microdata `itemref`.
    public static func extract(from document: HTMLNode, pageURL: String? = nil) -> WebPageMarkup {
        let scan = PageScan(document: document)
        var markup = WebPageMarkup(pageURL: pageURL)
        if let baseHref = scan.baseHref, !HTMLWhitespace.trimmed(baseHref).isEmpty {
            let resolved = URLResolver.resolve(baseHref, against: pageURL)
            if URLResolver.hasScheme(resolved) { markup.baseURL = resolved }
        }
        let baseURL = markup.baseURL
        markup.title = HTMLWhitespace.nonEmpty(scan.title)
        markup.metaTags = scan.metas
        markup.metaDescription = scan.metaContents(named: ["description"]).lazy.compactMap(HTMLWhitespace.nonEmpty)
            .first
        markup.keywords = scan.metaContents(named: ["keywords"]).flatMap {
            $0.split(separator: ",").compactMap { HTMLWhitespace.nonEmpty(String($0)) }
        }
        for content in scan.metaContents(named: ["robots", "applebot"]) { markup.robots.add(content) }
        markup.links = scan.linkElements.map {
            LinkTag(
                relations: $0.relations, href: URLResolver.resolve($0.href, against: baseURL), type: $0.type,
                sizes: $0.sizes)
        }
        markup.canonicalURL = markup.links.first { $0.relations.contains("canonical") && !$0.href.isEmpty }?.href
        markup.smartAppBanner = scan.metaContents(named: ["apple-itunes-app"]).lazy.compactMap {
            SmartAppBanner(content: $0)
        }.first
        let pairs = scan.vocabularyPairs(prefixes: ["twitter:", "al:"] + OpenGraph.prefixes)
        markup.twitterCard = TwitterCard(pairs: pairs, baseURL: baseURL)
        markup.appLinks = AppLinks(pairs: pairs)
        markup.openGraph = OpenGraph(pairs: pairs, baseURL: baseURL)
        for script in scan.jsonLDScripts {
            do {
                let value = try LenientJSON.parse(script)
                if case .array(let elements) = value {
                    markup.jsonLD.append(contentsOf: elements)
                } else {
                    markup.jsonLD.append(value)
                }
            } catch {
                markup.jsonLDErrors.append(error)
            }
        }
        if scan.hasMicrodata { markup.microdata = MicrodataExtractor.items(in: document, baseURL: baseURL) }
        if scan.hasRDFa { markup.rdfa = RDFaLiteExtractor.items(in: document, baseURL: baseURL) }
        return markup
    }
}
