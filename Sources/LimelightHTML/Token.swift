/// A token produced by the HTML tokenizer (WHATWG HTML §13.2.5).
public enum HTMLToken: Sendable, Equatable {
    /// A DOCTYPE token. Missing name or identifiers are nil, as the specification distinguishes
    /// "missing" from "empty".
    case doctype(name: String?, publicIdentifier: String?, systemIdentifier: String?, forceQuirks: Bool)
    /// A start tag with its (deduplicated, first-wins) attributes.
    case startTag(name: String, attributes: [HTMLAttribute], selfClosing: Bool)
    /// An end tag.
    case endTag(name: String)
    /// A comment.
    case comment(String)
    /// A run of character data (adjacent characters are merged into one token).
    case characters(String)
    /// The end of the input.
    case endOfFile
}

/// A tag token as the tree builder sees it.
struct TagToken {
    /// The lowercased tag name.
    var name: String
    /// The interned tag name; kept equal to `TagID(name: name)`.
    var id: TagID
    /// The attributes in source order, duplicates removed.
    var attributes: [HTMLAttribute]
    /// Whether the tag ended with `/>`.
    var selfClosing: Bool

    /// A tag with everything given.
    init(name: String, id: TagID, attributes: [HTMLAttribute], selfClosing: Bool) {
        self.name = name
        self.id = id
        self.attributes = attributes
        self.selfClosing = selfClosing
    }

    /// A tag without attributes for a known name, as the algorithm synthesizes them.
    init(_ id: TagID) {
        self.init(name: id.name, id: id, attributes: [], selfClosing: false)
    }

    /// Changes the tag's name, keeping `id` in step.
    mutating func rename(to newName: String) {
        name = newName
        id = TagID(name: newName)
    }
}

/// A DOCTYPE token as the tree builder sees it.
struct DoctypeToken {
    var name: String?
    var publicIdentifier: String?
    var systemIdentifier: String?
    var forceQuirks: Bool
}

/// The internal token type: character data stays as UTF-8 bytes (usually a slice of the input
/// itself) until it is inserted.
enum Token {
    case doctype(DoctypeToken)
    case startTag(TagToken)
    case endTag(TagToken)
    case comment(String)
    case characters(ArraySlice<UInt8>)
    case endOfFile
}

/// ASCII byte constants and classification helpers used by the tokenizer and tree builder.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let formFeed: UInt8 = 0x0C
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21
    static let quote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let ampersand: UInt8 = 0x26
    static let apostrophe: UInt8 = 0x27
    static let hyphen: UInt8 = 0x2D
    static let slash: UInt8 = 0x2F
    static let semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let leftBracket: UInt8 = 0x5B
    static let rightBracket: UInt8 = 0x5D
    static let graveAccent: UInt8 = 0x60

    /// Tab, line feed, form feed, carriage return or space.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    @inline(__always) static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
    @inline(__always) static func isLower(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }
    @inline(__always) static func isAlpha(_ byte: UInt8) -> Bool { isUpper(byte) || isLower(byte) }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) static func isAlphanumeric(_ byte: UInt8) -> Bool { isAlpha(byte) || isDigit(byte) }
    @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
    @inline(__always) static func lowercased(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte | 0x20 : byte }

    /// Appends the UTF-8 encoding of `scalar` (assumed to be a valid scalar value) to `bytes`.
    static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(0xC0 | (scalar >> 6)))
            bytes.append(UInt8(0x80 | (scalar & 0x3F)))
        case 0x800..<0x10000:
            bytes.append(UInt8(0xE0 | (scalar >> 12)))
            bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            bytes.append(UInt8(0xF0 | (scalar >> 18)))
            bytes.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            bytes.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    /// The UTF-8 encoding of U+FFFD REPLACEMENT CHARACTER.
    static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
}
