import LimelightHTML

/// One-call entry points: parse a page with the HTML parser and extract, map or validate it.
///
/// These are what the CLI, the crawler and benchmarks call; the step-by-step types
/// (``WebMarkupExtractor``, ``WebSearchResultMapper``, ``WebMarkupValidator``) remain available.
public enum WebMarkup {
    /// Parses HTML text and extracts its markup.
    /// - Parameters:
    ///   - html: the page's HTML.
    ///   - pageURL: the page's absolute URL, for resolving relative URLs.
    /// - Complexity: O(n) in the size of the page.
    public static func extract(html: String, pageURL: String? = nil) -> WebPageMarkup {
        WebMarkupExtractor.extract(from: HTMLParser.parse(html).document, pageURL: pageURL)
    }

    /// Parses HTML bytes (the encoding chosen from the BOM, the HTTP charset, `<meta charset>`
    /// or the content) and extracts its markup.
    /// - Parameters:
    ///   - bytes: the page's bytes as received.
    ///   - httpCharset: the `charset` parameter of the HTTP `Content-Type`, when known.
    ///   - pageURL: the page's absolute URL.
    public static func extract(bytes: [UInt8], httpCharset: String? = nil, pageURL: String? = nil) -> WebPageMarkup {
        WebMarkupExtractor.extract(
            from: HTMLParser.parse(bytes: bytes, httpCharset: httpCharset).document, pageURL: pageURL)
    }

    /// Parses, extracts and maps a page to a search result: the benchmark hook and the
    /// crawler's per-page call.
    /// - Parameters:
    ///   - bytes: the page's bytes.
    ///   - httpCharset: the HTTP charset, when known.
    ///   - pageURL: the page's absolute URL.
    ///   - association: the site's apple-app-site-association file, when known.
    /// - Returns: the extracted markup and the mapped result.
    public static func analyze(
        bytes: [UInt8], httpCharset: String? = nil, pageURL: String? = nil, association: AppSiteAssociation? = nil
    ) -> (markup: WebPageMarkup, result: WebSearchResult) {
        let markup = extract(bytes: bytes, httpCharset: httpCharset, pageURL: pageURL)
        return (markup, WebSearchResultMapper.map(markup, association: association))
    }

    /// Parses, extracts, maps and validates a page.
    public static func validate(
        bytes: [UInt8], httpCharset: String? = nil, pageURL: String? = nil, association: AppSiteAssociation? = nil
    ) -> ValidationReport {
        WebMarkupValidator.validate(
            extract(bytes: bytes, httpCharset: httpCharset, pageURL: pageURL), association: association)
    }
}
