/// A forgiving JSON reader for JSON-LD found in the wild and for association files.
///
/// Besides standard JSON it accepts what web pages really contain:
/// - HTML comment and CDATA wrappers around the value (`<!-- … -->`, `<![CDATA[ … ]]>`),
///   and `//` or `/* */` comments wherever whitespace may stand;
/// - raw control characters (new lines, tabs) inside strings, unknown escapes (`\x` reads as `x`),
///   lone surrogates (read as U+FFFD), single-quoted strings and unquoted member names;
/// - trailing and repeated commas, missing commas between members;
/// - junk after the value (ignored); several values one after another (read as an array);
/// - `undefined`, `NaN` and `Infinity` (read as `null`).
///
/// It never crashes or loops on any input: every step consumes input, nesting is limited to
/// ``maximumDepth`` and anything else unreadable is a ``WebMarkupError``.
public enum LenientJSON {
    /// The deepest nesting of arrays and objects accepted; deeper input is `nestingTooDeep`.
    public static let maximumDepth = 256

    /// Parses JSON text leniently.
    /// - Throws: ``WebMarkupError`` with code `invalidJSON`, `nestingTooDeep` or `emptyInput`.
    /// - Complexity: O(n) in the length of the text.
    public static func parse(_ text: String) throws(WebMarkupError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses UTF-8 JSON bytes leniently (invalid UTF-8 inside strings becomes U+FFFD).
    /// - Throws: ``WebMarkupError`` with code `invalidJSON`, `nestingTooDeep` or `emptyInput`.
    /// - Complexity: O(n) in the number of bytes.
    public static func parse(bytes: [UInt8]) throws(WebMarkupError) -> JSONValue {
        var reader = LenientJSONReader(bytes: bytes)
        return try reader.readDocument()
    }
}

/// The cursor over one input.
struct LenientJSONReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func peek(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func hasPrefix(_ prefix: StaticString, at index: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    private func failure(_ message: String) -> WebMarkupError {
        WebMarkupError(code: .invalidJSON, message: message, offset: position)
    }

    // MARK: Document

    mutating func readDocument() throws(WebMarkupError) -> JSONValue {
        skipTrivia(outermost: true)
        guard position < bytes.count else {
            throw WebMarkupError(code: .emptyInput, message: "no JSON value in the input", offset: position)
        }
        var values = [try readValue(depth: 0)]
        while true {
            skipTrivia(outermost: true)
            while current == UInt8(ascii: ",") || current == UInt8(ascii: ";") {
                position += 1
                skipTrivia(outermost: true)
            }
            guard let next = current, next == UInt8(ascii: "{") || next == UInt8(ascii: "[") else { break }
            let checkpoint = position
            do {
                values.append(try readValue(depth: 0))
            } catch {
                position = checkpoint
                break
            }
        }
        return values.count == 1 ? values[0] : .array(values)
    }

    /// Skips whitespace and comments. The outermost level also skips the HTML comment and
    /// CDATA markers that pages wrap around scripts.
    private mutating func skipTrivia(outermost: Bool) {
        while let byte = current {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                position += 1
            case 0xEF where hasPrefix("\u{FEFF}", at: position):
                position += 3
            case UInt8(ascii: "/") where peek(at: position + 1) == UInt8(ascii: "/"):
                position += 2
                while let next = current, next != 0x0A, next != 0x0D { position += 1 }
            case UInt8(ascii: "/") where peek(at: position + 1) == UInt8(ascii: "*"):
                position += 2
                while position < bytes.count, !hasPrefix("*/", at: position) { position += 1 }
                position = min(bytes.count, position + 2)
            case UInt8(ascii: "<") where outermost && hasPrefix("<!--", at: position):
                position += 4
            case UInt8(ascii: "<") where outermost && hasPrefix("<![CDATA[", at: position):
                position += 9
            case UInt8(ascii: "-") where outermost && hasPrefix("-->", at: position):
                position += 3
            case UInt8(ascii: "]") where outermost && hasPrefix("]]>", at: position):
                position += 3
            default:
                return
            }
        }
    }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(WebMarkupError) -> JSONValue {
        skipTrivia(outermost: false)
        guard let byte = current else { throw failure("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            return try readObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber()
        default:
            if Self.isIdentifierByte(byte) {
                let word = readIdentifier()
                switch word {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null", "undefined", "NaN", "Infinity": return .null
                default:
                    position -= word.utf8.count
                    throw failure("unexpected word '\(word.prefix(40))'")
                }
            }
            throw failure("unexpected character, expected a value")
        }
    }

    private mutating func enter(depth: Int) throws(WebMarkupError) {
        guard depth <= LenientJSON.maximumDepth else {
            throw WebMarkupError(
                code: .nestingTooDeep,
                message: "JSON nests deeper than \(LenientJSON.maximumDepth) levels",
                offset: position
            )
        }
    }

    private mutating func readObject(depth: Int) throws(WebMarkupError) -> JSONValue {
        try enter(depth: depth)
        position += 1  // {
        var object = JSONObject()
        while true {
            skipTrivia(outermost: false)
            guard let byte = current else { throw failure("unterminated object") }
            if byte == UInt8(ascii: "}") {
                position += 1
                return .object(object)
            }
            if byte == UInt8(ascii: ",") {
                position += 1
                continue
            }
            let key: String
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                key = try readString()
            } else if Self.isIdentifierByte(byte) {
                key = readIdentifier()
            } else {
                throw failure("expected a member name")
            }
            skipTrivia(outermost: false)
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after member name") }
            position += 1
            let value = try readValue(depth: depth)
            object.append(key: key, value: value)
        }
    }

    private mutating func readArray(depth: Int) throws(WebMarkupError) -> JSONValue {
        try enter(depth: depth)
        position += 1  // [
        var elements: [JSONValue] = []
        while true {
            skipTrivia(outermost: false)
            guard let byte = current else { throw failure("unterminated array") }
            if byte == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            if byte == UInt8(ascii: ",") {
                position += 1
                continue
            }
            elements.append(try readValue(depth: depth))
        }
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "@"):
            return true
        default:
            return byte >= 0x80
        }
    }

    private mutating func readIdentifier() -> String {
        let start = position
        while let byte = current, Self.isIdentifierByte(byte) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readNumber() throws(WebMarkupError) -> JSONValue {
        let start = position
        while let byte = current {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                position += 1
            default:
                var text = String(decoding: bytes[start..<position], as: UTF8.self)
                return try number(from: &text, start: start)
            }
        }
        var text = String(decoding: bytes[start..<position], as: UTF8.self)
        return try number(from: &text, start: start)
    }

    private func number(from text: inout String, start: Int) throws(WebMarkupError) -> JSONValue {
        if text.hasPrefix("+") { text.removeFirst() }
        if text.hasPrefix(".") { text = "0" + text }
        if text.hasPrefix("-.") { text = "-0" + text.dropFirst() }
        if text.hasSuffix(".") { text += "0" }
        guard let value = Double(text), value.isFinite else {
            throw WebMarkupError(code: .invalidJSON, message: "malformed number '\(text.prefix(40))'", offset: start)
        }
        return .number(value)
    }

    // MARK: Strings

    private mutating func readString() throws(WebMarkupError) -> String {
        guard let quote = current else { throw failure("expected a string") }
        let start = position
        position += 1
        var buffer: [UInt8] = []
        var chunkStart = position
        while let byte = current {
            if byte == quote {
                buffer.append(contentsOf: bytes[chunkStart..<position])
                position += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                buffer.append(contentsOf: bytes[chunkStart..<position])
                position += 1
                readEscape(into: &buffer)
                chunkStart = position
                continue
            }
            position += 1
        }
        throw WebMarkupError(code: .invalidJSON, message: "unterminated string", offset: start)
    }

    /// Reads the escape after a backslash. Unknown escapes stand for the escaped character.
    private mutating func readEscape(into buffer: inout [UInt8]) {
        guard let byte = current else { return }
        position += 1
        switch byte {
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "u"):
            guard let first = readHex4() else {
                buffer.append(UInt8(ascii: "u"))
                return
            }
            var scalarValue = first
            if (0xD800...0xDBFF).contains(first), hasPrefix("\\u", at: position) {
                let checkpoint = position
                position += 2
                if let second = readHex4(), (0xDC00...0xDFFF).contains(second) {
                    scalarValue = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                } else {
                    position = checkpoint
                }
            }
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            buffer.append(contentsOf: String(scalar).utf8)
        default:
            buffer.append(byte)
        }
    }

    private mutating func readHex4() -> UInt32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[position + offset]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value << 4 | digit
        }
        position += 4
        return value
    }
}
