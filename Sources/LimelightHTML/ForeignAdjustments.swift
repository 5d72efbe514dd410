/// Name adjustments for SVG and MathML content (HTML §13.2.6.1 "adjust … attributes",
/// §13.2.6.5 the SVG tag name table).
enum ForeignAdjustments {
    static let svgTagNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform",
        "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology",
        "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
        "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
    ].map { (DoctypeQuirks.asciiLowercased($0), $0) })

    static let svgAttributeNames: [String: String] = Dictionary(uniqueKeysWithValues: [
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
        "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
        "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
        "numOctaves", "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
        "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY",
        "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant",
        "specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
        "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox", "viewTarget",
        "xChannelSelector", "yChannelSelector", "zoomAndPan",
    ].map { (DoctypeQuirks.asciiLowercased($0), $0) })

    /// Foreign attributes: lowercase source name → (prefix, local name).
    static let foreignAttributes: [String: (prefix: String, name: String)] = [
        "xlink:actuate": ("xlink", "actuate"), "xlink:arcrole": ("xlink", "arcrole"),
        "xlink:href": ("xlink", "href"), "xlink:role": ("xlink", "role"), "xlink:show": ("xlink", "show"),
        "xlink:title": ("xlink", "title"), "xlink:type": ("xlink", "type"), "xml:lang": ("xml", "lang"),
        "xml:space": ("xml", "space"), "xmlns": ("xmlns", "xmlns"), "xmlns:xlink": ("xmlns", "xlink"),
    ]

    static func adjustSVGTagName(_ name: String) -> String {
        svgTagNames[name] ?? name
    }

    static func adjustMathMLAttributes(_ attributes: inout [HTMLAttribute]) {
        for index in attributes.indices where attributes[index].name == "definitionurl" {
            attributes[index].name = "definitionURL"
        }
    }

    static func adjustSVGAttributes(_ attributes: inout [HTMLAttribute]) {
        for index in attributes.indices {
            if let adjusted = svgAttributeNames[attributes[index].name] { attributes[index].name = adjusted }
        }
    }

    static func adjustForeignAttributes(_ attributes: inout [HTMLAttribute]) {
        for index in attributes.indices {
            if let adjusted = foreignAttributes[attributes[index].name] {
                attributes[index].namespacePrefix = adjusted.prefix
                attributes[index].name = adjusted.name
            }
        }
    }
}

/// Tree construction for tokens in foreign content (HTML §13.2.6.5).
extension TreeBuilder {
    /// Start tags that break out of foreign content back to HTML.
    static func isBreakoutStartTag(_ id: TagID) -> Bool {
        switch id {
        case .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed, .h1, .h2, .h3,
            .h4, .h5, .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr, .ol, .p, .pre, .ruby, .s,
            .small, .span, .strong, .strike, .sub, .sup, .table, .tt, .u, .ul, .var:
            return true
        default:
            return false
        }
    }

    /// The attributes that make a `font` start tag break out of foreign content.
    static func isFontBreakoutAttribute(_ name: String) -> Bool {
        name == "color" || name == "face" || name == "size"
    }

    mutating func processForeignContent(_ token: inout Token) -> Bool {
        switch token {
        case .characters(let bytes):
            var text = bytes
            if text.contains(0) {
                parseError()
                var replaced: [UInt8] = []
                replaced.reserveCapacity(text.count + 8)
                for byte in text {
                    if byte == 0 { replaced.append(contentsOf: ASCII.replacementCharacter) } else { replaced.append(byte) }
                }
                text = replaced[...]
            }
            insertCharacters(text)
            if framesetOK && !bytes.allSatisfy({ ASCII.isWhitespace($0) || $0 == 0 }) { framesetOK = false }
            return false
        case .comment(let text):
            insertComment(text)
            return false
        case .doctype:
            parseError()
            return false
        case .startTag(let tag):
            let breaksOut = Self.isBreakoutStartTag(tag.id)
                || (tag.id == .font && tag.attributes.contains { Self.isFontBreakoutAttribute($0.name) })
            if breaksOut {
                parseError()
                popUntilHTMLContent()
                return processInsertionModeFromForeignContent(&token)
            }
            insertForeignStartTag(tag)
            return false
        case .endTag(let tag):
            if tag.id == .br || tag.id == .p {
                parseError()
                popUntilHTMLContent()
                return processInsertionModeFromForeignContent(&token)
            }
            if tag.id == .script, let current = currentNode, current.tagID == .script,
                current.elementNamespace == .svg
            {
                pop()
                return false
            }
            return foreignEndTag(tag, &token)
        case .endOfFile:
            return processInsertionMode(mode, &token)
        }
    }

    /// Processes by the current insertion mode directly, then lets any reprocessing go through
    /// the dispatcher again.
    private mutating func processInsertionModeFromForeignContent(_ token: inout Token) -> Bool {
        processInsertionMode(mode, &token)
    }

    private mutating func popUntilHTMLContent() {
        while let node = currentNode, node.elementNamespace != .html, !node.isMathMLTextIntegrationPoint,
            !node.isHTMLIntegrationPoint
        {
            pop()
        }
    }

    /// "Any other start tag" in foreign content.
    private mutating func insertForeignStartTag(_ tag: TagToken) {
        let namespace = adjustedCurrentNode?.elementNamespace ?? .html
        var adjusted = tag
        if namespace == .mathML {
            ForeignAdjustments.adjustMathMLAttributes(&adjusted.attributes)
        } else if namespace == .svg {
            adjusted.rename(to: ForeignAdjustments.adjustSVGTagName(tag.name))
            ForeignAdjustments.adjustSVGAttributes(&adjusted.attributes)
        }
        ForeignAdjustments.adjustForeignAttributes(&adjusted.attributes)
        insertElement(adjusted, namespace: namespace)
        if tag.selfClosing { pop() }
    }

    /// "Any other end tag" in foreign content.
    private mutating func foreignEndTag(_ tag: TagToken, _ token: inout Token) -> Bool {
        var index = openElements.count - 1
        guard index >= 0 else { return false }
        if DoctypeQuirks.asciiLowercased(openElements[index].localName) != tag.name { parseError() }
        while index > 0 {
            let node = openElements[index]
            if DoctypeQuirks.asciiLowercased(node.localName) == tag.name {
                while let popped = pop(), popped !== node {}
                return false
            }
            index -= 1
            if openElements[index].elementNamespace == .html {
                return processInsertionMode(mode, &token)
            }
        }
        return false
    }
}
