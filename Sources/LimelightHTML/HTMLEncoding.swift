/// The character encodings the parser decodes.
///
/// Labels are resolved as in the WHATWG Encoding Standard: `iso-8859-1`, `latin1`, `ascii` and
/// `us-ascii` are windows-1252. Encodings outside this set (Shift_JIS, ISO-8859-2, …) are not
/// supported; their labels are treated as unknown, so detection falls through to the next step.
public enum HTMLEncoding: String, Sendable, Hashable {
    /// UTF-8.
    case utf8 = "UTF-8"
    /// UTF-16, little-endian.
    case utf16LittleEndian = "UTF-16LE"
    /// UTF-16, big-endian.
    case utf16BigEndian = "UTF-16BE"
    /// windows-1252 (also used for the ISO-8859-1 and US-ASCII labels).
    case windows1252 = "windows-1252"

    /// Resolves an encoding label (case-insensitive, surrounding whitespace ignored).
    /// - Returns: The encoding, or nil for labels of unsupported or unknown encodings.
    public init?(label: String) {
        let trimmed = label.utf8.drop { ASCII.isWhitespace($0) }.reversed().drop { ASCII.isWhitespace($0) }.reversed()
        let normalized = String(decoding: trimmed.map(ASCII.lowercased), as: UTF8.self)
        switch normalized {
        case "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8":
            self = .utf8
        case "csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16", "utf-16le":
            self = .utf16LittleEndian
        case "unicodefffe", "utf-16be":
            self = .utf16BigEndian
        case "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
            "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252",
            "x-cp1252", "x-user-defined":
            self = .windows1252
        default:
            return nil
        }
    }
}

/// Where the encoding of a byte stream came from.
public enum HTMLEncodingSource: Sendable, Hashable {
    /// The input was already a Unicode string.
    case unicodeString
    /// A byte order mark at the start of the bytes.
    case byteOrderMark
    /// The charset given by the transport (HTTP `Content-Type`).
    case transport
    /// A `<meta charset>` or `<meta http-equiv="content-type">` within the first 1024 bytes.
    case metaPrescan
    /// No declaration: the bytes are valid UTF-8.
    case validUTF8
    /// No declaration and not valid UTF-8: the windows-1252 default.
    case defaultFallback
}
