import LimelightHTML

/// Reads RDFa Lite 1.1 (`vocab`, `typeof`, `property`, `resource`, `prefix`) into items of the
/// same shape as Microdata.
///
/// - `typeof` starts an item; its types are expanded to IRIs with the in-scope `vocab` or a
///   prefix (`schema:Recipe`), its identifier is `resource` (or `about`).
/// - `property` on an element adds a value to the nearest enclosing item: the new item when the
///   element also has `typeof`, else `resource`, `href`, `src` (resolved), `content`, a `time`
///   element's `datetime`, or the text content. Property names are kept as written.
/// - `property` outside any item is not an item property (Open Graph meta tags read that way
///   are handled by ``OpenGraph``).
/// - The RDFa initial context prefixes (`schema`, `og`, `dc`, `dcterms`, `foaf`, `rdf`, `rdfs`,
///   `xsd`) are predefined.
public enum RDFaLiteExtractor {
    /// The deepest item nesting kept; deeper items become ``StructuredDataItem/Value/error``.
    public static let maximumNesting = 64

    /// Prefixes every document has (from the RDFa 1.1 initial context).
    public static let initialPrefixes: [String: String] = [
        "schema": "http://schema.org/", "og": "http://ogp.me/ns#", "dc": "http://purl.org/dc/terms/",
        "dcterms": "http://purl.org/dc/terms/", "foaf": "http://xmlns.com/foaf/0.1/",
        "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
        "xsd": "http://www.w3.org/2001/XMLSchema#",
    ]

    /// The top-level items of a document in tree order.
    /// - Complexity: O(n) in the number of nodes, plus the text of property values.
    public static func items(in document: HTMLNode, baseURL: String?) -> [StructuredDataItem] {
        var arena: [ArenaItem] = []
        var topLevel: [Int] = []
        var prefixScopes: [[String: String]] = [initialPrefixes]
        var stack: [(node: HTMLNode, scope: Scope)] = document.children.reversed().map {
            ($0, Scope(vocabulary: nil, prefixScope: 0, item: nil))
        }
        while let entry = stack.popLast() {
            let node = entry.node
            guard node.isElement else { continue }
            var scope = entry.scope
            if let vocab = node.attribute("vocab") {
                let trimmed = HTMLWhitespace.trimmed(vocab)
                scope.vocabulary = trimmed.isEmpty ? nil : trimmed
            }
            if let prefix = node.attribute("prefix") {
                var mappings = prefixScopes[scope.prefixScope]
                let tokens = HTMLWhitespace.tokens(prefix)
                var index = 0
                while index + 1 < tokens.count {
                    if tokens[index].hasSuffix(":") {
                        mappings[String(tokens[index].dropLast()).lowercased()] = tokens[index + 1]
                        index += 2
                    } else {
                        index += 1
                    }
                }
                prefixScopes.append(mappings)
                scope.prefixScope = prefixScopes.count - 1
            }
            let prefixes = prefixScopes[scope.prefixScope]
            let propertyNames = node.attribute("property").map(HTMLWhitespace.tokens) ?? []
            if let typeOf = node.attribute("typeof") {
                var item = ArenaItem()
                item.types = HTMLWhitespace.tokens(typeOf).map {
                    expand($0, vocabulary: scope.vocabulary, prefixes: prefixes)
                }
                if let resource = node.attribute("resource") ?? node.attribute("about"),
                    !HTMLWhitespace.trimmed(resource).isEmpty
                {
                    item.id = URLResolver.resolve(resource, against: baseURL)
                }
                arena.append(item)
                let index = arena.count - 1
                if let parent = scope.item, !propertyNames.isEmpty {
                    for name in propertyNames { arena[parent].add(.item(index), to: name) }
                } else {
                    topLevel.append(index)
                }
                scope.item = index
            } else if let parent = scope.item, !propertyNames.isEmpty {
                let value = textValue(of: node, baseURL: baseURL)
                for name in propertyNames { arena[parent].add(.text(value), to: name) }
            }
            for child in node.children.reversed() {
                if child.isElement { stack.append((child, scope)) }
            }
        }
        return topLevel.map { build(arena, index: $0, depth: 0) }
    }

    /// The in-scope settings an element inherits.
    private struct Scope {
        var vocabulary: String?
        var prefixScope: Int
        var item: Int?
    }

    /// An item under construction; nested items are indices into the arena.
    struct ArenaItem {
        enum Value {
            case text(String)
            case item(Int)
        }
        var types: [String] = []
        var id: String?
        var properties: [(name: String, values: [Value])] = []

        mutating func add(_ value: Value, to name: String) {
            if let index = properties.firstIndex(where: { $0.name == name }) {
                properties[index].values.append(value)
            } else {
                properties.append((name, [value]))
            }
        }
    }

    private static func build(_ arena: [ArenaItem], index: Int, depth: Int) -> StructuredDataItem {
        let source = arena[index]
        var item = StructuredDataItem(types: source.types, id: source.id)
        for property in source.properties {
            let values: [StructuredDataItem.Value] = property.values.map {
                switch $0 {
                case .text(let text): return .text(text)
                case .item(let nested):
                    guard depth + 1 < maximumNesting, nested < arena.count else { return .error }
                    return .item(build(arena, index: nested, depth: depth + 1))
                }
            }
            item.properties.append(StructuredDataItem.Property(name: property.name, values: values))
        }
        return item
    }

    /// Expands a type term: an absolute IRI stays, `prefix:term` uses the prefix, a bare term
    /// is appended to the vocabulary.
    static func expand(_ term: String, vocabulary: String?, prefixes: [String: String]) -> String {
        if let colon = term.firstIndex(of: ":") {
            let prefix = term[..<colon].lowercased()
            let rest = term[term.index(after: colon)...]
            if rest.hasPrefix("//") { return term }
            if let namespace = prefixes[prefix] { return namespace + rest }
            return term
        }
        if let vocabulary { return vocabulary + term }
        return term
    }

    /// The value of a `property` element that does not start an item.
    static func textValue(of element: HTMLNode, baseURL: String?) -> String {
        for attribute in ["resource", "href", "src"] {
            if let value = element.attribute(attribute) { return URLResolver.resolve(value, against: baseURL) }
        }
        if let content = element.attribute("content") { return content }
        if element.isHTMLElement("time"), let datetime = element.attribute("datetime") { return datetime }
        if element.isHTMLElement("data"), let value = element.attribute("value") { return value }
        return DocumentWalk.textContent(of: element)
    }
}
