import LimelightHTML

/// One `<meta>` element of a page.
public struct MetaTag: Sendable, Equatable {
    /// The `name` attribute, lowercased and trimmed (`description`, `twitter:card`).
    public var name: String?
    /// The `property` attribute, trimmed (`og:image`, `al:ios:url`); compared lowercased.
    public var property: String?
    /// The `http-equiv` attribute, lowercased.
    public var httpEquiv: String?
    /// The `content` attribute as written (entities decoded by the parser).
    public var content: String?

    /// Creates a meta tag.
    public init(name: String? = nil, property: String? = nil, httpEquiv: String? = nil, content: String? = nil) {
        self.name = name
        self.property = property
        self.httpEquiv = httpEquiv
        self.content = content
    }

    /// The key a meta-based vocabulary is read from: `property`, else `name` (pages mix them up
    /// for Open Graph, Twitter and App Links), lowercased.
    var vocabularyKey: String? {
        (property ?? name).map { $0.lowercased() }
    }
}

/// One `<link>` element of a page.
public struct LinkTag: Sendable, Equatable {
    /// The `rel` tokens, lowercased.
    public var relations: [String]
    /// The `href` attribute resolved against the base URL.
    public var href: String
    /// The `type` attribute, when present.
    public var type: String?
    /// The `sizes` attribute, when present.
    public var sizes: String?

    /// Creates a link tag.
    public init(relations: [String], href: String, type: String? = nil, sizes: String? = nil) {
        self.relations = relations
        self.href = href
        self.type = type
        self.sizes = sizes
    }
}

/// What one pass over the document finds for the meta-based extractors: the title, the base URL,
/// meta and link elements, and the JSON-LD script texts.
struct PageScan {
    var title: String?
    var baseHref: String?
    var metas: [MetaTag] = []
    var linkElements: [(relations: [String], href: String, type: String?, sizes: String?)] = []
    var jsonLDScripts: [String] = []
    var hasMicrodata = false
    var hasRDFa = false

    /// Scans the whole document once.
    /// - Complexity: O(number of nodes), plus the size of the script and title text.
    init(document: HTMLNode) {
        DocumentWalk.forEachElement(below: document) { element in
            // Lengths are compared first: most names then need no string comparison at all.
            if !hasMicrodata || !hasRDFa {
                for attribute in element.attributes {
                    let name = attribute.name
                    switch name.utf8.count {
                    case 9 where name == "itemscope": hasMicrodata = true
                    case 6 where name == "typeof", 5 where name == "vocab": hasRDFa = true
                    default: break
                    }
                }
            }
            guard case .element(let name, .html) = element.kind, (4...6).contains(name.utf8.count) else { return }
            switch name {
            case "title":
                if title == nil { title = HTMLWhitespace.collapsed(DocumentWalk.textContent(of: element)) }
            case "base":
                if baseHref == nil, let href = element.attribute("href") { baseHref = href }
            case "meta":
                let tag = MetaTag(
                    name: element.attribute("name").map { HTMLWhitespace.trimmed($0).lowercased() },
                    property: element.attribute("property").map { HTMLWhitespace.trimmed($0) },
                    httpEquiv: element.attribute("http-equiv").map { HTMLWhitespace.trimmed($0).lowercased() },
                    content: element.attribute("content")
                )
                if tag.name != nil || tag.property != nil || tag.httpEquiv != nil { metas.append(tag) }
            case "link":
                if let rel = element.attribute("rel"), let href = element.attribute("href") {
                    linkElements.append(
                        (
                            HTMLWhitespace.tokens(rel.lowercased()), href, element.attribute("type"),
                            element.attribute("sizes")
                        ))
                }
            case "script":
                if let type = element.attribute("type"), Self.isJSONLDType(type) {
                    jsonLDScripts.append(DocumentWalk.ownText(of: element))
                }
            default:
                break
            }
        }
    }

    /// Whether a script `type` names JSON-LD (parameters such as `charset` are ignored).
    static func isJSONLDType(_ type: String) -> Bool {
        let essence = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return HTMLWhitespace.trimmed(essence).lowercased() == "application/ld+json"
    }

    /// The content of every meta element whose `name` is one of `names`, in document order.
    func metaContents(named names: Set<String>) -> [String] {
        metas.compactMap { tag in
            guard let name = tag.name, names.contains(name) else { return nil }
            return tag.content
        }
    }

    /// Every (key, content) pair of meta elements whose vocabulary key starts with one of the
    /// prefixes, in document order.
    func vocabularyPairs(prefixes: [String]) -> [(key: String, content: String)] {
        metas.compactMap { tag in
            guard let key = tag.vocabularyKey, let content = tag.content,
                prefixes.contains(where: { key.hasPrefix($0) })
            else { return nil }
            return (key, content)
        }
    }
}
