/// The insertion modes of tree construction (HTML §13.2.4.1).
enum InsertionMode {
    case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text
    case inTable, inTableText, inCaption, inColumnGroup, inTableBody, inRow, inCell
    case inTemplate, afterBody, inFrameset, afterFrameset
    case afterAfterBody, afterAfterFrameset
}

/// The document's quirks mode, decided from the DOCTYPE (HTML §13.2.6.4.1).
public enum HTMLQuirksMode: Sendable, Hashable {
    /// Standards mode.
    case noQuirks
    /// Limited-quirks ("almost standards") mode.
    case limitedQuirks
    /// Quirks mode.
    case quirks
}

/// An entry of the list of active formatting elements.
enum FormattingEntry {
    case marker
    case element(HTMLNode, TagToken)

    var node: HTMLNode? {
        if case .element(let node, _) = self { return node }
        return nil
    }

    /// An order-independent hash of the tag name and attributes, for the Noah's Ark clause.
    static func signature(of tag: TagToken) -> Int {
        var signature = tag.name.hashValue
        for attribute in tag.attributes {
            var hasher = Hasher()
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
            hasher.combine(attribute.namespacePrefix)
            signature = signature &+ hasher.finalize()
        }
        return signature == Int.min ? 0 : signature
    }
}

/// Element name sets used by tree construction.
enum ElementSets {
    /// The HTML elements of the "special" category (§13.2.4.2).
    static let specialHTML: Set<String> = [
        "address", "applet", "area", "article", "aside", "base", "basefont", "bgsound", "blockquote", "body",
        "br", "button", "caption", "center", "col", "colgroup", "dd", "details", "dir", "div", "dl", "dt",
        "embed", "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3",
        "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "iframe", "img", "input", "keygen", "li",
        "link", "listing", "main", "marquee", "menu", "meta", "nav", "noembed", "noframes", "noscript",
        "object", "ol", "p", "param", "plaintext", "pre", "script", "search", "section", "source",
        "style", "summary", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title",
        "tr", "track", "ul", "wbr", "xmp",
    ]
    /// HTML elements that bound the default "in scope" search.
    static let defaultScopeHTML: Set<String> = [
        "applet", "caption", "html", "table", "td", "th", "marquee", "object", "template",
    ]
    static let mathMLScopeBoundaries: Set<String> = ["mi", "mo", "mn", "ms", "mtext", "annotation-xml"]
    static let svgScopeBoundaries: Set<String> = ["foreignObject", "desc", "title"]
    /// Elements whose end tags are implied (§13.2.6.3).
    static let impliedEndTags: Set<String> = ["dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc"]
    static let impliedEndTagsThoroughly: Set<String> = [
        "caption", "colgroup", "dd", "dt", "li", "optgroup", "option", "p", "rb", "rp", "rt", "rtc", "tbody",
        "td", "tfoot", "th", "thead", "tr",
    ]
    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
    static let listItems: Set<String> = ["li"]
    static let definitionItems: Set<String> = ["dd", "dt"]
    static let headBodyHTMLBr: Set<String> = ["head", "body", "html", "br"]
    static let addressDivP: Set<String> = ["address", "div", "p"]
    static let tableContext: Set<String> = ["table", "template", "html"]
    static let tableBodyContext: Set<String> = ["tbody", "tfoot", "thead", "template", "html"]
    static let tableRowContext: Set<String> = ["tr", "template", "html"]
    static let tableTextTargets: Set<String> = ["table", "tbody", "template", "tfoot", "thead", "tr"]
    static let tableStructureStartTags: Set<String> = ["caption", "col", "colgroup", "tbody", "td", "tfoot", "th", "thead", "tr"]
    static let captionIgnoredEndTags: Set<String> = ["body", "col", "colgroup", "html", "tbody", "td", "tfoot", "th", "thead", "tr"]
    static let tableSections: Set<String> = ["tbody", "thead", "tfoot"]
    static let cells: Set<String> = ["td", "th"]
    static let cellIgnoredEndTags: Set<String> = ["body", "caption", "col", "colgroup", "html"]
    static let fosterTargets: Set<String> = ["table", "tbody", "tfoot", "thead", "tr"]
    static let fontBreakoutAttributes: Set<String> = ["color", "face", "size"]
    static let formattingNames: Set<String> = [
        "a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u",
    ]
}

/// Tree-construction conveniences on nodes.
extension HTMLNode {
    /// The element's local name, or the empty string for other nodes.
    var localName: String {
        if case .element(let name, _) = kind { return name }
        return ""
    }

    /// The element's namespace, or nil for other nodes.
    var elementNamespace: HTMLNamespace? {
        if case .element(_, let namespace) = kind { return namespace }
        return nil
    }

    /// Whether this is an HTML element whose name is in `names`.
    func isHTMLElement(in names: Set<String>) -> Bool {
        if case .element(let name, .html) = kind { return names.contains(name) }
        return false
    }

    /// Whether this element is in the "special" category.
    var isSpecial: Bool {
        guard case .element(let name, let namespace) = kind else { return false }
        switch namespace {
        case .html: return ElementSets.specialHTML.contains(name)
        case .mathML: return ElementSets.mathMLScopeBoundaries.contains(name)
        case .svg: return ElementSets.svgScopeBoundaries.contains(name)
        }
    }

    /// Whether this element is a MathML text integration point (§13.2.6.5).
    var isMathMLTextIntegrationPoint: Bool {
        guard case .element(let name, .mathML) = kind else { return false }
        return name == "mi" || name == "mo" || name == "mn" || name == "ms" || name == "mtext"
    }

    /// Whether this element is an HTML integration point (§13.2.6.5).
    var isHTMLIntegrationPoint: Bool {
        guard case .element(let name, let namespace) = kind else { return false }
        switch namespace {
        case .svg:
            return name == "foreignObject" || name == "desc" || name == "title"
        case .mathML:
            guard name == "annotation-xml", let encoding = attribute("encoding") else { return false }
            let lowered = encoding.lowercased()
            return lowered == "text/html" || lowered == "application/xhtml+xml"
        case .html:
            return false
        }
    }
}
