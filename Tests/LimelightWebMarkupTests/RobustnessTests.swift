import LimelightTestSupport
import Testing

@testable import LimelightWebMarkup

/// Any input gives a result or a typed error, never a crash or a hang.
@Suite("Robustness")
struct RobustnessTests {
    static let markupAlphabet: [UInt8] = Array(
        "<>/=\"' -:;,.{}[]!?&#*$()abcdefgmnoprstuyz0123456789\n\t\u{0}".utf8) + [0xC3, 0xA9, 0xFF, 0xE2, 0x80]

    @Test("random bytes: extraction, mapping and validation never crash")
    func randomBytes() {
        var generator = SplitMix64(state: 42)
        for round in 0..<300 {
            let length = Int.random(in: 0..<2_000, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                round % 2 == 0
                    ? UInt8.random(in: 0...255, using: &generator)
                    : Self.markupAlphabet.randomElement(using: &generator) ?? 0
            }
            let report = WebMarkup.validate(bytes: bytes, pageURL: "https://example.com/fuzz")
            #expect(!report.checks.isEmpty)
        }
    }

    @Test("random JSON-ish text never crashes the lenient reader")
    func randomJSON() {
        var generator = SplitMix64(state: 7)
        let alphabet = Array("{}[]\":,'\\/*<!-->]]CDATA[ truefalsnu0123456789.eE+-@\n\t".unicodeScalars)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0..<200, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator) ?? " ")
            }
            do {
                let value = try LenientJSON.parse(text)
                #expect(try LenientJSON.parse(value.serialized()) == value)
            } catch {
                #expect(!error.message.isEmpty)
            }
        }
    }

    @Test("every prefix of a real page is handled")
    func truncatedPages() throws {
        let page = try Fixtures.text("store-graph.html")
        let bytes = Array(page.utf8)
        for end in stride(from: 0, through: bytes.count, by: 37) {
            let markup = WebMarkup.extract(bytes: Array(bytes[..<end]), pageURL: "https://store.example/p")
            _ = WebSearchResultMapper.map(markup)
        }
        let whole = WebMarkup.extract(bytes: bytes, pageURL: "https://store.example/p")
        #expect(whole.jsonLD.count == 2)
    }

    @Test("every prefix of a JSON-LD block is a value or an error")
    func truncatedJSON() throws {
        let page = try Fixtures.text("restaurant-jsonld.html")
        let markup = TestHTML.markup(page)
        let json = try #require(markup.jsonLD.first).serialized()
        var readable = 0
        for end in 0...json.utf8.count {
            let prefix = String(decoding: Array(json.utf8)[..<end], as: UTF8.self)
            if (try? LenientJSON.parse(prefix)) != nil { readable += 1 }
        }
        #expect(readable >= 1)
    }

    @Test("10,000-deep JSON-LD is refused with an error")
    func deepJSONLD() {
        let depth = 10_000
        let json = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let markup = TestHTML.markup(TestHTML.page(head: "<script type=\"application/ld+json\">\(json)</script>"))
        #expect(markup.jsonLD.isEmpty)
        #expect(markup.jsonLDErrors.first?.code == .nestingTooDeep)
    }

    @Test("10,000-deep HTML with nested items and properties")
    func deepHTML() {
        let depth = 10_000
        let open = String(repeating: #"<div itemprop="p" itemscope typeof="Thing" property="q">"#, count: depth)
        let html = "<div itemscope>" + open + "x" + String(repeating: "</div>", count: depth) + "</div>"
        let clock = ContinuousClock()
        var markup = WebPageMarkup()
        let elapsed = clock.measure { markup = TestHTML.markup(html) }
        #expect(markup.microdata.count == 1)
        #expect(markup.rdfa.count == 1)
        #expect(markup.microdata.microdataJSON.serialized().contains("ERROR"))
        #expect(elapsed < .seconds(30))
    }

    @Test("a huge attribute and many meta tags stay linear")
    func wideInput() {
        let metas = String(repeating: #"<meta property="og:image" content="https://x/a.png">"#, count: 20_000)
        let clock = ContinuousClock()
        var markup = WebPageMarkup()
        let elapsed = clock.measure { markup = TestHTML.markup(TestHTML.page(head: metas)) }
        #expect(markup.openGraph.images.count == 20_000)
        #expect(elapsed < .seconds(30))
        let banner = SmartAppBanner(content: "app-id=1, app-argument=" + String(repeating: "a,", count: 50_000))
        #expect(banner?.appID == "1")
    }
}
