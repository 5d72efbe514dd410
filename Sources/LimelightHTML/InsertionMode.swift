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

}

/// The Noah's Ark clause's view of an entry of the list of active formatting elements: a key
/// that is cheap to compute, and a hash of the attributes computed only when two keys match.
/// Equal elements have equal keys and hashes, so most comparisons stop at an integer.
struct FormattingSignature {
    /// The signature of markers.
    static let marker = FormattingSignature(key: Int.min, attributeHash: nil)

    /// The tag name, the attribute count and the attributes' lengths (order-independent).
    var key: Int
    /// An order-independent hash of the attributes' names and values, once computed.
    var attributeHash: Int?

    /// The cheap part of `tag`'s signature.
    init(of tag: TagToken) {
        var key = Int(tag.id.rawValue) &+ tag.name.utf8.count &* 0x100 &+ tag.attributes.count &* 0x10000
        for attribute in tag.attributes {
            key = key &+ (attribute.name.utf8.count &* 0x1_0000_0000 | attribute.value.utf8.count)
        }
        self.init(key: key == Int.min ? 0 : key, attributeHash: nil)
    }

    private init(key: Int, attributeHash: Int?) {
        self.key = key
        self.attributeHash = attributeHash
    }

    /// The attribute hash of `tag`, cached in `attributeHash`.
    mutating func attributeHash(of tag: TagToken) -> Int {
        if let attributeHash { return attributeHash }
        var hash = 0
        for attribute in tag.attributes {
            var hasher = Hasher()
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
            hasher.combine(attribute.namespacePrefix)
            hash = hash &+ hasher.finalize()
        }
        attributeHash = hash
        return hash
    }
}

/// The element categories of tree construction, as predicates on interned names.
extension TagID {
    /// HTML elements of the "special" category (§13.2.4.2).
    var isSpecialHTML: Bool {
        switch self {
        case .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body, .br,
            .button, .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl, .dt, .embed, .fieldset,
            .figcaption, .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3, .h4, .h5, .h6, .head,
            .header, .hgroup, .hr, .html, .iframe, .img, .input, .keygen, .li, .link, .listing, .main, .marquee,
            .menu, .meta, .nav, .noembed, .noframes, .noscript, .object, .ol, .p, .param, .plaintext, .pre,
            .script, .search, .section, .source, .style, .summary, .table, .tbody, .td, .template, .textarea,
            .tfoot, .th, .thead, .title, .tr, .track, .ul, .wbr, .xmp:
            return true
        default:
            return false
        }
    }

    /// HTML elements that bound the default "in scope" search.
    var isDefaultScopeBoundaryHTML: Bool {
        switch self {
        case .applet, .caption, .html, .table, .td, .th, .marquee, .object, .template: return true
        default: return false
        }
    }

    /// MathML elements that bound scope searches (and are "special").
    var isMathMLScopeBoundary: Bool {
        switch self {
        case .mi, .mo, .mn, .ms, .mtext, .annotationXML: return true
        default: return false
        }
    }

    /// SVG elements that bound scope searches (and are "special").
    var isSVGScopeBoundary: Bool {
        self == .foreignObject || self == .desc || self == .title
    }

    /// Elements whose end tags are implied (§13.2.6.3).
    var hasImpliedEndTag: Bool {
        switch self {
        case .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc: return true
        default: return false
        }
    }

    /// Elements whose end tags are implied when generating them thoroughly.
    var hasImpliedEndTagThoroughly: Bool {
        switch self {
        case .caption, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr: return true
        default: return hasImpliedEndTag
        }
    }

    /// `h1` to `h6`.
    var isHeading: Bool {
        switch self {
        case .h1, .h2, .h3, .h4, .h5, .h6: return true
        default: return false
        }
    }

    /// `tbody`, `thead` and `tfoot`.
    var isTableSection: Bool { self == .tbody || self == .thead || self == .tfoot }

    /// `td` and `th`.
    var isCell: Bool { self == .td || self == .th }

    /// Where "clear the stack back to a table context" stops.
    var isTableContext: Bool { self == .table || self == .template || self == .html }

    /// Where "clear the stack back to a table body context" stops.
    var isTableBodyContext: Bool { isTableSection || self == .template || self == .html }

    /// Where "clear the stack back to a table row context" stops.
    var isTableRowContext: Bool { self == .tr || self == .template || self == .html }

    /// Current nodes for which "in table" switches to "in table text".
    var isTableTextTarget: Bool { self == .table || isTableSection || self == .template || self == .tr }

    /// Current nodes that foster-parent inserted content.
    var isFosterTarget: Bool { self == .table || isTableSection || self == .tr }

    /// Start tags that close a caption or cell: `caption`, `col`, `colgroup`, sections, cells, `tr`.
    var isTableStructure: Bool {
        switch self {
        case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr: return true
        default: return false
        }
    }

    /// The names "reset the insertion mode appropriately" looks for besides `html` and `body`.
    static let resetModeNames: [TagID] = [
        .td, .th, .tr, .tbody, .thead, .tfoot, .caption, .colgroup, .table, .template, .head, .frameset,
    ]
}

/// Tree-construction conveniences on nodes.
extension HTMLNode {
    /// The element's local name, or the empty string for other nodes.
    var localName: String {
        if case .element(let name, _) = kind { return name }
        return ""
    }

    /// Whether this is an HTML element with the interned name `id` (never `unknown`).
    @inline(__always) func isHTML(_ id: TagID) -> Bool {
        tagID == id && elementNamespace == .html
    }

    /// Whether this is an HTML element whose interned name satisfies `predicate`.
    @inline(__always) func isHTML(where predicate: (TagID) -> Bool) -> Bool {
        elementNamespace == .html && predicate(tagID)
    }

    /// Whether this element is in the "special" category.
    var isSpecial: Bool {
        switch elementNamespace {
        case .html: return tagID.isSpecialHTML
        case .mathML: return tagID.isMathMLScopeBoundary
        case .svg: return tagID.isSVGScopeBoundary
        case nil: return false
        }
    }

    /// Whether this element is a MathML text integration point (§13.2.6.5).
    var isMathMLTextIntegrationPoint: Bool {
        elementNamespace == .mathML && tagID.isMathMLScopeBoundary && tagID != .annotationXML
    }

    /// Whether this element is an HTML integration point (§13.2.6.5).
    var isHTMLIntegrationPoint: Bool {
        switch elementNamespace {
        case .svg:
            return tagID.isSVGScopeBoundary
        case .mathML:
            guard tagID == .annotationXML, let encoding = attribute("encoding") else { return false }
            let lowered = encoding.lowercased()
            return lowered == "text/html" || lowered == "application/xhtml+xml"
        case .html, nil:
            return false
        }
    }
}
