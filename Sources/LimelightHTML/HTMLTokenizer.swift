/// A standalone WHATWG HTML tokenizer, for tools and conformance testing.
///
/// The tree builder uses the same state machine internally; this type exposes it with a chosen
/// initial state and "last start tag", as the html5lib tokenizer tests require. Without a tree
/// builder, `<![CDATA[` is treated as in HTML content (a bogus comment) unless the initial
/// state is `.cdataSection`.
public struct HTMLTokenizer {
    /// The state the tokenizer starts in.
    public enum InitialState: Sendable, Hashable {
        /// The data state (normal document content).
        case data
        /// RCDATA (the content of `title` and `textarea`).
        case rcdata
        /// RAWTEXT (the content of `style`, `xmp`, `iframe`, `noembed`, `noframes`).
        case rawtext
        /// Script data (the content of `script`).
        case scriptData
        /// PLAINTEXT (everything after `<plaintext>`).
        case plaintext
        /// A CDATA section (inside foreign content).
        case cdataSection
    }

    private var tokenizer: Tokenizer

    /// Creates a tokenizer over `html`.
    /// - Parameters:
    ///   - html: The input; newlines are normalized first.
    ///   - initialState: The state to start in.
    ///   - lastStartTag: The name of the last start tag, used to recognize the end tag that
    ///     leaves RCDATA, RAWTEXT and script data.
    public init(_ html: String, initialState: InitialState = .data, lastStartTag: String? = nil) {
        tokenizer = Tokenizer(input: InputPreprocessor.normalizingNewlines(Array(html.utf8)))
        switch initialState {
        case .data: tokenizer.state = .data
        case .rcdata: tokenizer.state = .rcdata
        case .rawtext: tokenizer.state = .rawtext
        case .scriptData: tokenizer.state = .scriptData
        case .plaintext: tokenizer.state = .plaintext
        case .cdataSection: tokenizer.state = .cdataSection
        }
        if let lastStartTag { tokenizer.lastStartTagName = Array(lastStartTag.utf8) }
    }

    /// The number of parse errors reported so far.
    public var parseErrorCount: Int { tokenizer.errorCount }

    /// Returns the next token; `.endOfFile` once the input is exhausted (and on every later call).
    public mutating func nextToken() -> HTMLToken {
        switch tokenizer.next() {
        case .doctype(let doctype):
            return .doctype(
                name: doctype.name, publicIdentifier: doctype.publicIdentifier,
                systemIdentifier: doctype.systemIdentifier, forceQuirks: doctype.forceQuirks)
        case .startTag(let tag):
            return .startTag(name: tag.name, attributes: tag.attributes, selfClosing: tag.selfClosing)
        case .endTag(let tag):
            return .endTag(name: tag.name)
        case .comment(let text):
            return .comment(text)
        case .characters(let bytes):
            return .characters(String(decoding: bytes, as: UTF8.self))
        case .endOfFile:
            return .endOfFile
        }
    }

    /// Returns every remaining token before the end of input (without `.endOfFile`).
    public mutating func remainingTokens() -> [HTMLToken] {
        var tokens: [HTMLToken] = []
        while true {
            let token = nextToken()
            if token == .endOfFile { return tokens }
            tokens.append(token)
        }
    }
}
