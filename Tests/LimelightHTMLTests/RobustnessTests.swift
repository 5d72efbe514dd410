import LimelightHTML
import Testing

/// A small deterministic generator (SplitMix64) so fuzz failures are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// Robustness: arbitrary bytes, truncated documents, deep nesting and huge tags must give a
/// tree, never a crash or a hang, in time linear in the input.
@Suite struct RobustnessTests {
    /// Fragments that reach many tokenizer states and insertion modes.
    static let pieces = [
        "<", ">", "</", "/>", "<!--", "-->", "--!>", "<!DOCTYPE html", " PUBLIC \"", "\"", "'", "=", "&", "&amp",
        "&#x", "&#", ";", "<![CDATA[", "]]>", "<script>", "</script>", "<!--<script>", "<style>", "<textarea>",
        "<title>", "<plaintext>", "<table>", "<tr>", "<td>", "</table>", "<select>", "<option>", "<svg>", "<math>",
        "<mi>", "<foreignObject>", "<desc>", "<annotation-xml encoding=text/html>", "<template>", "</template>",
        "<a href=x>", "</a>", "<b>", "</b>", "<i>", "<p>", "</p>", "<div>", "<frameset>", "<frame>", "<body>",
        "<head>", "<html>", "<li>", "<dd>", "<button>", "<form>", "</form>", "<nobr>", "<font color=red>", "\0",
        "\r\n", "\r", " ", "x", "\u{FFFD}", "\u{E9}", "\u{1F600}", "<image>", "<input type=hidden>", "<col>",
        "<caption>", "<colgroup>", "</html>", "</body>", "<noscript>", "<xmp>", "<iframe>", "<noembed>",
    ]

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(state: 0x5EED)
        for _ in 0..<200 {
            let length = Int.random(in: 0..<4000, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let result = HTMLParser.parse(bytes: bytes)
            #expect(result.rootElement != nil)
        }
    }

    @Test func randomMarkupNeverCrashes() {
        var generator = SeededGenerator(state: 42)
        for iteration in 0..<400 {
            let count = Int.random(in: 1..<300, using: &generator)
            let html = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let document = HTMLParser.parse(html)
            #expect(document.rootElement != nil)
            if iteration % 4 == 0 {
                let contexts = ["body", "td", "table", "select", "title", "svg", "template", "tr", "html"]
                let context = contexts.randomElement(using: &generator)!
                _ = HTMLParser.parseFragment(html, context: context, contextNamespace: context == "svg" ? .svg : .html)
            }
            var tokenizer = HTMLTokenizer(html, initialState: .scriptData, lastStartTag: "script")
            _ = tokenizer.remainingTokens()
        }
    }

    @Test func everyTruncationOfADocumentParses() {
        let document = """
            <!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">
            <html lang=en><head><meta charset="utf-8"><title>A &amp; B</title>
            <script>if (a < b && c) { document.write("<!--<script>x</script>-->") }</script>
            <style>p > a { color: red }</style></head>
            <body class='x'><!-- comment --><table><tr><td>1<td>2</table>
            <svg viewBox="0 0 1 1"><![CDATA[ raw ]]><foreignObject><p>in svg</p></foreignObject></svg>
            <math><mi>x</mi><annotation-xml encoding="text/html"><b>y</b></annotation-xml></math>
            <p>&notit; &#x1F600; &#128512; &#0; <a href="?a=1&b=2">link</a></p><template><tr><td>t</template>
            <select><option selected>one<option>two</select><textarea>
            text</textarea><plaintext>rest
            """
        let bytes = Array(document.utf8)
        for length in 0...bytes.count {
            let result = HTMLParser.parse(bytes: Array(bytes[0..<length]), httpCharset: "utf-8")
            #expect(result.rootElement != nil)
        }
    }

    /// Parses `html` and checks it finished within `limit`; returns the document.
    @discardableResult
    func parseTimed(_ html: String, limit: Duration = .seconds(20), _ label: String) -> HTMLDocumentResult {
        let clock = ContinuousClock()
        var result: HTMLDocumentResult?
        let elapsed = clock.measure { result = HTMLParser.parse(html) }
        #expect(elapsed < limit, "\(label) took \(elapsed)")
        return result!
    }

    @Test func deepNestingIsIterativeAndLinear() {
        let depth = 50_000
        for tag in ["div", "span", "b", "a", "table", "li", "svg", "template", "select", "font"] {
            let result = parseTimed(String(repeating: "<\(tag)>", count: depth), "\(depth) nested <\(tag)>")
            #expect(result.rootElement != nil)
            // Walking and releasing the deep tree must not recurse.
            // (The html5lib-style formatter indents by depth, so its output is quadratic here.)
            _ = result.document.textContent
            #expect(result.document.descendantElements.count >= 3)
        }
        let deepDivs = parseTimed(String(repeating: "<div>", count: 100_000) + "x", "100k nested divs")
        #expect(deepDivs.document.textContent == "x")
    }

    @Test func pathologicalFormattingAndTables() {
        let count = 20_000
        parseTimed((0..<count).map { "<b id=\($0)>" }.joined(), "distinct formatting elements")
        parseTimed(String(repeating: "<b><p>", count: count), "adoption agency per paragraph")
        parseTimed("<b>" + String(repeating: "<span>", count: count) + "<div></b>", "adoption agency over deep stack")
        parseTimed("<b>" + String(repeating: "<i>", count: count) + "<div>" + String(repeating: "</b>", count: 100),
            "adoption agency over formatting elements")
        parseTimed("<table>" + String(repeating: "<a>x", count: count), "foster parenting")
        parseTimed(String(repeating: "<div>", count: count) + String(repeating: "<table></table>", count: count),
            "reset insertion mode under a deep stack")
        parseTimed(String(repeating: "<span>", count: count) + String(repeating: "</x>", count: count),
            "unmatched end tags")
        parseTimed(String(repeating: "text ", count: count * 10), "one long text node")
    }

    @Test func hugeAttributeCounts() throws {
        let count = 100_000
        let distinct = "<div " + (0..<count).map { "a\($0)=\"\($0)\"" }.joined(separator: " ") + ">"
        let result = parseTimed(distinct, "distinct attributes")
        let div = try #require(result.document.descendantElements.first { $0.isHTMLElement("div") })
        #expect(div.attributes.count == count)
        let duplicates = "<div " + String(repeating: "a=1 ", count: count) + ">"
        let deduplicated = parseTimed(duplicates, "duplicate attributes")
        let single = try #require(deduplicated.document.descendantElements.first { $0.isHTMLElement("div") })
        #expect(single.attributes.count == 1)
    }
}
