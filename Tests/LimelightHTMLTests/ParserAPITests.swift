import LimelightHTML
import Testing

@Suite struct ParserAPITests {
    @Test func documentStructureAndCounts() throws {
        let result = HTMLParser.parse("<!DOCTYPE html><title>T</title><p id=a class=b>Hi <b>there</b>")
        #expect(result.quirksMode == .noQuirks)
        #expect(result.encoding == .utf8)
        #expect(result.parseErrorCount == 0)
        let root = try #require(result.rootElement)
        #expect(root.isHTMLElement("html"))
        #expect(root.isElement && !result.document.isElement)
        let paragraph = try #require(result.document.descendantElements.first { $0.isHTMLElement("p") })
        #expect(paragraph.attribute("id") == "a")
        #expect(paragraph.textContent == "Hi there")
        #expect(paragraph.children.first.map { !$0.isElement } == true)
        #expect(paragraph.parent?.isHTMLElement("body") == true)
    }

    @Test func parseErrorsAreCounted() {
        #expect(HTMLParser.parse("<p>unclosed <b>bold</p></i>").parseErrorCount > 0)
        #expect(HTMLParser.parse("<html>").quirksMode == .quirks)
    }

    @Test func adjacentTextIsMerged() throws {
        let result = HTMLParser.parse("<p>a&amp;b<!---->c</p><div>x&lt;y</div>")
        let div = try #require(result.document.descendantElements.first { $0.isHTMLElement("div") })
        #expect(div.children.count == 1)
        if case .text(let text) = div.children[0].kind { #expect(text == "x<y") } else { Issue.record("not text") }
    }

    @Test func runsOfTextEndAtEveryOffset() throws {
        for offset in 0..<20 {
            let prefix = String(repeating: "t", count: offset)
            let result = HTMLParser.parse("<div>\(prefix)&lt;\(prefix)<b>x</b></div><p title='\(prefix)&amp;\(prefix)\0'>")
            let div = try #require(result.document.descendantElements.first { $0.isHTMLElement("div") })
            #expect(div.textContent == prefix + "<" + prefix + "x")
            let paragraph = try #require(result.document.descendantElements.first { $0.isHTMLElement("p") })
            #expect(paragraph.attribute("title") == prefix + "&" + prefix + "\u{FFFD}")
        }
    }

    @Test func fragmentParsing() {
        let result = HTMLParser.parseFragment("<td>cell</td><td>two", context: "tr")
        #expect(result.fragment.children.count == 2)
        #expect(result.fragment.children.allSatisfy { $0.isHTMLElement("td") })
        let title = HTMLParser.parseFragment("a<b>c</b>", context: "title")
        #expect(HTMLTreeFormatter.format(childrenOf: title.fragment) == "| \"a<b>c</b>\"")
    }

    @Test func treeFormatterOutput() {
        let result = HTMLParser.parse("<!DOCTYPE html><svg viewbox='0 0 1 1'><foreignobject/></svg><template>x</template>")
        let expected = """
            | <!DOCTYPE html>
            | <html>
            |   <head>
            |   <body>
            |     <svg svg>
            |       viewBox="0 0 1 1"
            |       <svg foreignObject>
            |     <template>
            |       content
            |         "x"
            """
        #expect(HTMLTreeFormatter.format(childrenOf: result.document) == expected)
    }

    @Test func tokenizerAPI() {
        var tokenizer = HTMLTokenizer("</script>x</SCRIPT >", initialState: .scriptData, lastStartTag: "script")
        #expect(tokenizer.remainingTokens() == [.endTag(name: "script"), .characters("x"), .endTag(name: "script")])
        var plain = HTMLTokenizer("a</script><b>", initialState: .scriptData, lastStartTag: "script")
        #expect(plain.remainingTokens() == [.characters("a"), .endTag(name: "script"),
            .startTag(name: "b", attributes: [], selfClosing: false)])
        var entities = HTMLTokenizer("&notit; &notin; <a title='&notit;'>")
        #expect(entities.remainingTokens() == [.characters("\u{AC}it; \u{2209} "),
            .startTag(name: "a", attributes: [HTMLAttribute(name: "title", value: "&notit;")], selfClosing: false)])
    }
}
