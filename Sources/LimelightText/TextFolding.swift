/// Which differences between two spellings of a word folding erases.
public struct FoldingOptions: OptionSet, Sendable, Hashable {
    /// The raw bits of the option set.
    public let rawValue: UInt8

    /// Creates an option set from its raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Ignore case, with full Unicode case folding ("É" → "é", "ß" → "ss", "Σ"/"ς" → "σ").
    public static let caseInsensitive = FoldingOptions(rawValue: 1 << 0)

    /// Ignore diacritics: combining accents are removed ("é" → "e") and letters whose diacritic
    /// is part of the letter map to plain letters ("ø" → "o", "ł" → "l", "đ" → "d", "ı" → "i",
    /// "æ" → "ae", "œ" → "oe"). Kana voicing marks ("ガ") and Indic vowel signs are kept.
    public static let diacriticInsensitive = FoldingOptions(rawValue: 1 << 1)

    /// Ignore character width: fullwidth ASCII becomes ASCII ("Ａ" → "A") and halfwidth kana
    /// becomes normal kana ("ｶﾞ" → "ガ").
    public static let widthInsensitive = FoldingOptions(rawValue: 1 << 2)

    /// The folding of index terms: case, diacritic and width insensitive.
    public static let indexTerm: FoldingOptions = [.caseInsensitive, .diacriticInsensitive, .widthInsensitive]
}

/// Case, diacritic and width folding of text, without Foundation.
///
/// Folding works on canonical equivalence: the result is always in Normalization Form C, so "é"
/// written as U+00E9 or as "e" + U+0301 folds to the same bytes under every option set
/// (including the empty one). Hangul syllables are kept whole, and conjoining jamo are composed
/// into syllables.
public enum TextFolding {
    /// Folds `text` as `options` asks, leaving everything else as it is.
    ///
    /// - Parameters:
    ///   - text: The text to fold.
    ///   - options: The differences to erase.
    /// - Returns: The folded text, in Normalization Form C.
    /// - Complexity: O(n) in the UTF-8 length of `text`; ASCII-only text takes a fast path.
    public static func fold(_ text: some StringProtocol, _ options: FoldingOptions) -> String {
        let utf8 = text.utf8
        if let result = utf8.withContiguousStorageIfAvailable({ fold(bytes: $0, options) }) {
            return result
        }
        let copy = Array(utf8)
        return copy.withUnsafeBufferPointer { fold(bytes: $0, options) }
    }

    /// Folds valid UTF-8 `bytes`.
    static func fold(bytes: UnsafeBufferPointer<UInt8>, _ options: FoldingOptions) -> String {
        var isASCII = true
        for byte in bytes where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            let lowercase = options.contains(.caseInsensitive)
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    output[index] = lowercase && byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
        var folder = ScalarFolder(options: options)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let (scalar, length) = UTF8Encoding.decode(bytes, at: index)
            folder.append(scalar)
            index += length
        }
        folder.finish(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether diacritic folding removes the combining mark `scalar`.
    ///
    /// These are the general-purpose combining diacritics (U+0300–U+036F, U+1AB0–U+1AFF,
    /// U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F), the Hebrew points and the Arabic vowel marks.
    /// Marks that turn a letter into another letter (kana voicing marks, Indic vowel signs) are kept.
    @inline(__always)
    static func isStrippableMark(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F:
            return true
        case 0x0591...0x05BD, 0x05BF, 0x05C1...0x05C2, 0x05C4...0x05C5, 0x05C7:
            return true
        case 0x0610...0x061A, 0x064B...0x065F, 0x0670:
            return true
        default:
            return false
        }
    }
}
