import Foundation
import LimelightHTML
@testable import LimelightWebMarkup

/// Test-only ways to get a document tree: a small builder for hand-made trees, and a simple
/// tree builder over the HTML tokenizer for fixture pages.
enum TestHTML {
    /// An element in the HTML namespace with attributes (in order) and children.
    static func element(_ name: String, _ attributes: KeyValuePairs<String, String> = [:], _ children: HTMLNode...)
        -> HTMLNode
    {
        let node = HTMLNode(
            kind: .element(name: name, namespace: .html),
            attributes: attributes.map { HTMLAttribute(name: $0.key, value: $0.value) })
        for child in children { node.appendChild(child) }
        return node
    }

    /// A text node.
    static func text(_ text: String) -> HTMLNode {
        HTMLNode(kind: .text(text))
    }

    /// A document node holding the given children.
    static func document(_ children: HTMLNode...) -> HTMLNode {
        let document = HTMLNode(kind: .document)
        for child in children { document.appendChild(child) }
        return document
    }

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    static let rawTextElements: Set<String> = ["title", "textarea"]

    /// Parses HTML into a tree: start tags open elements (void elements do not), end tags close
    /// the nearest open element of that name, and the text of `script`, `style`, `title` and
    /// `textarea` is kept as one text node. Good for well-formed fixture pages.
    static func parse(_ html: String) -> HTMLNode {
        let (source, rawTexts) = extractRawTexts(html)
        let document = HTMLNode(kind: .document)
        var stack: [HTMLNode] = [document]
        var tokenizer = HTMLTokenizer(source)
        defer { restoreRawTexts(in: document, rawTexts) }
        var rawText: String?
        while true {
            let token = tokenizer.nextToken()
            if var raw = rawText, let open = stack.last?.elementName {
                switch token {
                case .endTag(let name) where name == open:
                    stack.last?.appendChild(text(raw))
                    rawText = nil
                    stack.removeLast()
                    continue
                case .characters(let characters): raw += characters
                case .comment(let comment): raw += "<!--" + comment + "-->"
                case .startTag(let name, _, _): raw += "<" + name + ">"
                case .endTag(let name): raw += "</" + name + ">"
                case .endOfFile:
                    stack.last?.appendChild(text(raw))
                    return document
                default: break
                }
                rawText = raw
                continue
            }
            switch token {
            case .startTag(let name, let attributes, let selfClosing):
                let node = HTMLNode(kind: .element(name: name, namespace: .html), attributes: attributes)
                stack.last?.appendChild(node)
                if voidElements.contains(name) || selfClosing { continue }
                stack.append(node)
                if rawTextElements.contains(name) { rawText = "" }
            case .endTag(let name):
                if let index = stack.lastIndex(where: { $0.elementName == name }), index > 0 {
                    stack.removeSubrange(index...)
                }
            case .characters(let characters):
                stack.last?.appendChild(text(characters))
            case .comment(let comment):
                stack.last?.appendChild(HTMLNode(kind: .comment(comment)))
            case .doctype:
                continue
            case .endOfFile:
                return document
            }
        }
    }

    /// Takes the content of `<script>` and `<style>` elements out of the source (the standalone
    /// tokenizer does not switch to their raw-text states), leaving numbered placeholders.
    static func extractRawTexts(_ html: String) -> (String, [String]) {
        var output = ""
        var rawTexts: [String] = []
        var rest = Substring(html)
        while let open = rest.range(of: "<script", options: .caseInsensitive)
            ?? rest.range(of: "<style", options: .caseInsensitive)
        {
            let name = rest[open].lowercased().dropFirst()
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                let close = rest[tagEnd...].range(of: "</" + name, options: .caseInsensitive)
            else { break }
            output += rest[..<rest.index(after: tagEnd)]
            rawTexts.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
            output += "\u{E000}\(rawTexts.count - 1)\u{E000}"
            rest = rest[close.lowerBound...]
        }
        output += rest
        return (output, rawTexts)
    }

    /// Puts raw texts back in place of their placeholders.
    static func restoreRawTexts(in document: HTMLNode, _ rawTexts: [String]) {
        guard !rawTexts.isEmpty else { return }
        var stack = [document]
        while let node = stack.popLast() {
            if case .text(let text) = node.kind, text.hasPrefix("\u{E000}"),
                let index = Int(text.dropFirst().dropLast()), index < rawTexts.count
            {
                node.kind = .text(rawTexts[index])
            }
            stack.append(contentsOf: node.children)
        }
    }

    /// Parses and extracts in one step.
    static func markup(_ html: String, pageURL: String? = "https://example.com/page") -> WebPageMarkup {
        WebMarkupExtractor.extract(from: parse(html), pageURL: pageURL)
    }

    /// A page whose head holds `head` and body holds `body`.
    static func page(head: String = "", body: String = "") -> String {
        "<!DOCTYPE html><html><head>\(head)</head><body>\(body)</body></html>"
    }
}

/// Fixture files under Tests/LimelightWebMarkupTests/Fixtures, found from this source file.
enum Fixtures {
    static let directory: String = {
        let file = "\(#filePath)"
        let testsDirectory = file.split(separator: "/", omittingEmptySubsequences: false).dropLast(2)
            .joined(separator: "/")
        return testsDirectory + "/Fixtures"
    }()

    /// The text of a fixture file.
    static func text(_ name: String) throws -> String {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else { throw FixtureError(path: path) }
        return String(decoding: data, as: UTF8.self)
    }

    struct FixtureError: Error, CustomStringConvertible {
        var path: String
        var description: String { "fixture not found: \(path)" }
    }
}
