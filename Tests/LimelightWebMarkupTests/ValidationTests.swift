import Testing

@testable import LimelightWebMarkup

@Suite("Validation report")
struct ValidationTests {
    static func report(head: String, body: String = "", association: AppSiteAssociation? = nil) -> ValidationReport {
        WebMarkupValidator.validate(TestHTML.markup(TestHTML.page(head: head, body: body)), association: association)
    }

    static func check(_ report: ValidationReport, _ element: String) -> ValidationCheck? {
        report.checks.first { $0.element == element }
    }

    @Test("title: missing fails, past the limit is a recommendation, else passes")
    func title() {
        #expect(Self.check(Self.report(head: ""), "Title")?.status == .failed)
        let exact = String(repeating: "a", count: WebMarkupValidator.titleLengthLimit)
        #expect(Self.check(Self.report(head: "<title>\(exact)</title>"), "Title")?.status == .passed)
        let long = Self.check(Self.report(head: "<title>\(exact)b</title>"), "Title")
        #expect(long?.status == .recommended)
        #expect(long?.message?.contains("truncated") == true)
        #expect(long?.attribute == "displayName")
        #expect(long?.source == .html)
    }

    @Test("description: missing or past the limit is a recommendation")
    func description() {
        #expect(Self.check(Self.report(head: ""), "Description")?.status == .recommended)
        let long = String(repeating: "d", count: WebMarkupValidator.descriptionLengthLimit + 1)
        #expect(
            Self.check(Self.report(head: "<meta name=description content=\"\(long)\">"), "Description")?.status
                == .recommended)
        #expect(
            Self.check(Self.report(head: "<meta property=og:description content=\"Short.\">"), "Description")?.status
                == .passed)
    }

    @Test("image: missing, unknown size, too small, good")
    func image() {
        #expect(Self.check(Self.report(head: ""), "Image")?.status == .recommended)
        #expect(Self.check(Self.report(head: "<meta property=og:image content=/a.png>"), "Image")?.message?.contains("size unknown") == true)
        let small = Self.check(
            Self.report(
                head: "<meta property=og:image content=/a.png><meta property=og:image:width content=100><meta property=og:image:height content=300>"),
            "Image")
        #expect(small?.status == .recommended)
        #expect(small?.message?.contains("100×300") == true)
        let good = Self.check(
            Self.report(
                head: "<meta property=og:image content=/a.png><meta property=og:image:width content=1200><meta property=og:image:height content=630>"),
            "Image")
        #expect(good?.status == .passed)
        #expect(good?.extractedValue == "https://example.com/a.png (1200×630)")
    }

    @Test("deep link: none fails; a banner without app-argument says so; a bad app-id is a recommendation")
    func deepLink() {
        #expect(Self.check(Self.report(head: ""), "Deep link")?.status == .failed)
        let noArgument = Self.check(Self.report(head: "<meta name=apple-itunes-app content=\"app-id=1\">"), "Deep link")
        #expect(noArgument?.status == .failed)
        #expect(noArgument?.message?.contains("app-argument") == true)
        let badID = Self.check(
            Self.report(head: "<meta name=apple-itunes-app content=\"app-id=abc, app-argument=x://y\">"), "Deep link")
        #expect(badID?.status == .recommended)
        #expect(badID?.extractedValue == "x://y")
        let good = Self.check(
            Self.report(head: "<meta name=apple-itunes-app content=\"app-id=12, app-argument=x://y\">"), "Deep link")
        #expect(good?.status == .passed)
        #expect(good?.source == .smartAppBanner)
    }

    @Test("noindex fails the indexing row")
    func robots() {
        #expect(Self.check(Self.report(head: "<meta name=robots content=noindex>"), "Indexing")?.status == .failed)
        #expect(Self.check(Self.report(head: "<meta name=robots content=nofollow>"), "Indexing")?.status == .passed)
    }

    @Test("overall status is the worst row; the table is aligned and lists the preview")
    func tableAndOverall() throws {
        let report = Self.report(
            head: """
                <title>Pad Thai</title><link rel=canonical href=/pad-thai>
                <meta property=og:description content="Noodles.">
                <meta property=og:image content=/pad.jpg><meta property=og:image:width content=800>
                <meta property=og:image:height content=600>
                <meta name=apple-itunes-app content="app-id=12, app-argument=kitchen://pad-thai">
                <script type="application/ld+json">{"@type": "Recipe", "name": "Pad Thai",
                  "aggregateRating": {"ratingValue": 4, "ratingCount": 9},
                  "offers": {"@type": "Offer", "price": "3.5", "priceCurrency": "USD"}}</script>
                """)
        #expect(report.overallStatus == .recommended)  // no actions
        #expect(Self.check(report, "Actions")?.status == .recommended)
        #expect(Self.check(report, "Price")?.extractedValue == "3.50 USD")
        #expect(report.preview.rating == "★★★★ 4 stars (9 reviews)")
        let table = report.formattedTable()
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("Element") })
        let statusColumn = try #require(header.firstRange(of: "Status")).lowerBound
        let offset = header.distance(from: header.startIndex, to: statusColumn)
        for line in lines where line.hasPrefix("Title ") || line.hasPrefix("Deep link ") || line.hasPrefix("Actions ") {
            let status = line.dropFirst(offset)
            #expect(status.hasPrefix("PASSED") || status.hasPrefix("RECOMMENDED") || status.hasPrefix("FAILED"), "\(line)")
        }
        #expect(table.contains("Preview:"))
        #expect(table.contains("kitchen://pad-thai"))
        let json = report.json
        #expect(json["status"] == "RECOMMENDED")
        #expect(json["checks"]?.arrayValue?.count == report.checks.count)
        #expect(json["preview"]?["deepLink"] == "kitchen://pad-thai")
    }

    @Test("the preview cuts long text at a word with an ellipsis")
    func truncation() {
        let text = "Shorty Goldstein's, San Francisco - Financial District - Menu, Prices & Restaurant Reviews"
        let cut = WebMarkupValidator.truncated(text, to: 60)
        #expect(cut.count <= 60)
        #expect(cut.hasSuffix("…"))
        #expect(cut.hasPrefix("Shorty Goldstein's, San Francisco - Financial District"))
        #expect(WebMarkupValidator.truncated("short", to: 60) == "short")
    }

    @Test("the readable summary lists markup and attributes")
    func summary() throws {
        let markup = TestHTML.markup(try Fixtures.text("restaurant-jsonld.html"), pageURL: "https://t.example/r")
        let text = markup.formattedSummary(result: WebSearchResultMapper.map(markup))
        #expect(text.contains("Smart App Banner:  app-id=284876795"))
        #expect(text.contains("JSON-LD:           1 object(s): Restaurant"))
        #expect(text.contains("ratingDescription:"))
        #expect(text.contains("supportsPhoneCall:"))
    }
}

@Suite("Encodings")
struct EncodingTests {
    @Test("bytes are decoded with the HTTP charset, else <meta charset>")
    func charsets() {
        let latin1: [UInt8] = Array("<title>Caf".utf8) + [0xE9] + Array("</title>".utf8)
        #expect(WebMarkup.extract(bytes: latin1, httpCharset: "iso-8859-1").title == "Café")
        let meta: [UInt8] = Array("<meta charset=windows-1252><title>Na".utf8) + [0xEF] + Array("ve</title>".utf8)
        #expect(WebMarkup.extract(bytes: meta).title == "Naïve")
        #expect(WebMarkup.extract(bytes: Array("<title>Café</title>".utf8)).title == "Café")
    }
}
