/// The result of parsing a whole document.
public struct HTMLDocumentResult {
    /// The document node; its children are the DOCTYPE, comments and the `html` element.
    public var document: HTMLNode
    /// The character encoding the bytes were decoded with (`.utf8` for `String` input).
    public var encoding: HTMLEncoding
    /// How the encoding was chosen.
    public var encodingSource: HTMLEncodingSource
    /// The number of parse errors (tokenizer and tree construction). Errors never stop parsing.
    public var parseErrorCount: Int
    /// The quirks mode selected by the DOCTYPE.
    public var quirksMode: HTMLQuirksMode

    /// The root `html` element.
    public var rootElement: HTMLNode? {
        document.children.first { $0.elementName != nil }
    }
}

/// The result of parsing a fragment in the context of an element.
public struct HTMLFragmentResult {
    /// A document fragment node whose children are the parsed nodes.
    public var fragment: HTMLNode
    /// The number of parse errors.
    public var parseErrorCount: Int
}

/// Entry points of the WHATWG HTML parser (scripting disabled).
///
/// Any input produces a tree: errors are counted, never thrown. Parsing is iterative, so very
/// deep documents cannot overflow the stack.
public enum HTMLParser {
    /// Parses a complete document from a string.
    /// - Complexity: O(n) in the length of `html` for all but adversarial markup.
    public static func parse(_ html: String) -> HTMLDocumentResult {
        let input = InputPreprocessor.normalizingNewlines(Array(html.utf8))
        return parseDocument(input, encoding: .utf8, source: .unicodeString)
    }

    /// Parses a complete document from bytes, choosing the encoding as the HTML standard
    /// describes: a byte order mark, then `httpCharset`, then a `<meta>` prescan of the first
    /// 1024 bytes, then UTF-8 when the bytes are valid UTF-8, else windows-1252.
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - httpCharset: The `charset` parameter of the HTTP `Content-Type`, if any.
    public static func parse(bytes: [UInt8], httpCharset: String? = nil) -> HTMLDocumentResult {
        let detection = EncodingSniffer.detect(bytes, httpCharset: httpCharset)
        let decoded = HTMLDecoder.decodeToUTF8(bytes, encoding: detection.encoding, skippingBOM: detection.bomLength)
        let input = InputPreprocessor.normalizingNewlines(decoded)
        return parseDocument(input, encoding: detection.encoding, source: detection.source)
    }

    private static func parseDocument(_ input: [UInt8], encoding: HTMLEncoding, source: HTMLEncodingSource)
        -> HTMLDocumentResult
    {
        var builder = TreeBuilder(input: input)
        builder.run()
        return HTMLDocumentResult(
            document: builder.document, encoding: encoding, encodingSource: source,
            parseErrorCount: builder.parseErrorCount, quirksMode: builder.quirksMode)
    }

    /// Parses `html` as the HTML fragment parsing algorithm does for `innerHTML` on an element.
    /// - Parameters:
    ///   - html: The fragment markup.
    ///   - context: The context element's local name (for example `"body"`, `"td"`, `"title"`).
    ///   - contextNamespace: The context element's namespace.
    public static func parseFragment(_ html: String, context: String, contextNamespace: HTMLNamespace = .html)
        -> HTMLFragmentResult
    {
        let input = InputPreprocessor.normalizingNewlines(Array(html.utf8))
        var builder = TreeBuilder(input: input)
        let contextElement = HTMLNode(kind: .element(name: context, namespace: contextNamespace))
        builder.prepareFragment(context: contextElement)
        builder.run()
        let fragment = HTMLNode(kind: .documentFragment)
        if let root = builder.openElements.first ?? builder.document.children.first {
            root.reparentChildren(to: fragment)
        }
        return HTMLFragmentResult(fragment: fragment, parseErrorCount: builder.parseErrorCount)
    }
}

extension TreeBuilder {
    /// Sets up the fragment case (HTML §13.4, steps 4–12 of the fragment parsing algorithm).
    mutating func prepareFragment(context: HTMLNode) {
        contextElement = context
        if context.elementNamespace == .html {
            switch context.localName {
            case "title", "textarea": tokenizer.state = .rcdata
            case "style", "xmp", "iframe", "noembed", "noframes": tokenizer.state = .rawtext
            case "script": tokenizer.state = .scriptData
            case "plaintext": tokenizer.state = .plaintext
            default: break
            }
        }
        let root = HTMLNode(kind: .element(name: "html", namespace: .html))
        document.appendChild(root)
        push(root)
        if context.isHTMLElement("template") { templateModes.append(.inTemplate) }
        resetInsertionMode()
        if context.isHTMLElement("form") { formElement = context }
        tokenizer.allowsCDATA = context.elementNamespace != .html
    }
}
