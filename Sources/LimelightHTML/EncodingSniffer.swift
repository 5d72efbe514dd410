/// Encoding sniffing (HTML §13.2.3.2): BOM, transport charset, `<meta>` prescan, then a
/// fallback.
///
/// The fallback differs from a browser's locale default on purpose: a document with no
/// declaration whose bytes are entirely valid UTF-8 is decoded as UTF-8 (most of today's web);
/// anything else is decoded as windows-1252, the standard default for unlabeled Western pages.
public enum EncodingSniffer {
    /// The outcome of sniffing.
    public struct Detection: Sendable, Hashable {
        /// The encoding to decode with.
        public var encoding: HTMLEncoding
        /// How it was determined.
        public var source: HTMLEncodingSource
        /// The length of the byte order mark to skip (0 when there is none).
        public var bomLength: Int
    }

    /// Determines the encoding of `bytes`.
    /// - Parameters:
    ///   - bytes: The document's bytes.
    ///   - httpCharset: The transport-level charset label, if any.
    public static func detect(_ bytes: [UInt8], httpCharset: String? = nil) -> Detection {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            return Detection(encoding: .utf8, source: .byteOrderMark, bomLength: 3)
        }
        if bytes.count >= 2 && bytes[0] == 0xFE && bytes[1] == 0xFF {
            return Detection(encoding: .utf16BigEndian, source: .byteOrderMark, bomLength: 2)
        }
        if bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xFE {
            return Detection(encoding: .utf16LittleEndian, source: .byteOrderMark, bomLength: 2)
        }
        if let httpCharset, let encoding = HTMLEncoding(label: httpCharset) {
            return Detection(encoding: encoding, source: .transport, bomLength: 0)
        }
        if let encoding = MetaPrescanner.prescan(bytes) {
            return Detection(encoding: encoding, source: .metaPrescan, bomLength: 0)
        }
        if HTMLDecoder.isValidUTF8(bytes) {
            return Detection(encoding: .utf8, source: .validUTF8, bomLength: 0)
        }
        return Detection(encoding: .windows1252, source: .defaultFallback, bomLength: 0)
    }
}
