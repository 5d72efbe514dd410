import Foundation
import LimelightHTML
@testable import LimelightWebMarkup

/// Test-only ways to get a document tree: a small builder for hand-made trees, and the HTML
/// parser for pages.
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

    /// Parses a page with the real HTML parser.
    static func parse(_ html: String) -> HTMLNode {
        HTMLParser.parse(html).document
    }

    /// Parses and extracts in one step.
    static func markup(_ html: String, pageURL: String? = "https://example.com/page") -> WebPageMarkup {
        WebMarkup.extract(html: html, pageURL: pageURL)
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
