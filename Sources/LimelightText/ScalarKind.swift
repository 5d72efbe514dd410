/// The role a scalar plays in word segmentation.
enum ScalarKind: UInt8 {
    /// Space, punctuation, symbols, controls: ends the current word.
    case separator
    /// A lowercase letter (general category Ll).
    case lowercase
    /// An uppercase or titlecase letter (Lu, Lt): after a lowercase letter it starts a new word.
    case uppercase
    /// Any other letter or number (Lo, Lm, Nd, Nl, No) outside the CJK scripts.
    case otherLetter
    /// A Han ideograph or a kana letter: indexed as character bigrams.
    case cjk
    /// A combining mark, zero-width joiner or non-joiner, soft hyphen or halfwidth kana voicing
    /// mark: belongs to the character before it.
    case extend
    /// An apostrophe (U+0027 or U+2019): inside a word when between two letters or digits.
    case apostrophe

    /// Whether the scalar is a letter or number of an ordinary (space-separated) word.
    @inline(__always)
    var isWordLetter: Bool {
        self == .lowercase || self == .uppercase || self == .otherLetter
    }

    /// The kind of an ASCII byte (`byte < 0x80`).
    @inline(__always)
    static func ofASCII(_ byte: UInt8) -> ScalarKind {
        if byte &- 0x61 < 26 { return .lowercase }
        if byte &- 0x41 < 26 { return .uppercase }
        if byte &- 0x30 < 10 { return .otherLetter }
        return byte == 0x27 ? .apostrophe : .separator
    }

    /// The kind of any scalar value.
    ///
    /// - Complexity: O(1): a few range checks and a two-stage table lookup.
    @inline(__always)
    static func of(_ value: UInt32) -> ScalarKind {
        classify(value).kind
    }

    /// The kind of any scalar value, and whether index-term folding may change the scalar (always
    /// `false` for ASCII, whose case the ASCII path folds, except for the apostrophe).
    ///
    /// - Complexity: O(1): a few range checks and a two-stage table lookup.
    static func classify(_ value: UInt32) -> (kind: ScalarKind, changesInTerms: Bool) {
        if value < 0x80 { return (ofASCII(UInt8(truncatingIfNeeded: value)), value == 0x27) }
        switch value {
        case 0x2019: return (.apostrophe, true)
        case 0x00AD, 0x200C, 0x200D: return (.extend, true)
        case 0xFF9E, 0xFF9F: return (.extend, true)  // halfwidth kana voicing marks belong to the kana before them
        default: break
        }
        let stored = WordCategoryTable.shared.storedClass(of: value)
        let changes = stored & WordCategoryTable.changesInTermsFlag != 0
        switch WordCategoryTable.Category(rawValue: stored & ~WordCategoryTable.changesInTermsFlag) {
        case .separator: return (.separator, changes)
        case .lowercase: return (.lowercase, changes)
        case .uppercase: return (.uppercase, changes)
        case .otherLetter: return (isCJK(value) ? .cjk : .otherLetter, changes)
        case .mark: return (.extend, changes)
        case .unassigned, nil: return (ofNewerScalar(value), true)
        }
    }

    /// The kind of a scalar unassigned in the generated table, from the standard library's
    /// (possibly newer) Unicode data.
    private static func ofNewerScalar(_ value: UInt32) -> ScalarKind {
        guard let scalar = Unicode.Scalar(value) else { return .separator }
        switch scalar.properties.generalCategory {
        case .lowercaseLetter:
            return .lowercase
        case .uppercaseLetter, .titlecaseLetter:
            return .uppercase
        case .otherLetter, .modifierLetter, .decimalNumber, .letterNumber, .otherNumber:
            return isCJK(value) ? .cjk : .otherLetter
        case .nonspacingMark, .spacingMark, .enclosingMark:
            return .extend
        default:
            return .separator
        }
    }

    /// Whether the scalar value is a Han ideograph or kana letter (see ``TextAnalyzer/isCJK(_:)``).
    @inline(__always)
    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x3005...0x3007, 0x3021...0x3029, 0x3031...0x3035, 0x303B...0x303C:
            return true  // iteration marks, ideographic numbers, kana repeat marks
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF:
            return true  // Hiragana, Katakana, Katakana phonetic extensions
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF:
            return true  // CJK Unified Ideographs, Extension A, compatibility ideographs
        case 0xFF66...0xFF9F:
            return true  // halfwidth Katakana
        case 0x1AFF0...0x1B16F:
            return true  // Kana Extended-B, Kana Supplement, Kana Extended-A, Small Kana Extension
        case 0x20000...0x323AF:
            return true  // CJK Unified Ideographs Extensions B–H, compatibility supplement
        default:
            return false
        }
    }
}

extension TextAnalyzer {
    /// Whether `scalar` belongs to a script written without spaces between words that the
    /// analyzer indexes as overlapping character bigrams: Han ideographs (CJK Unified Ideographs
    /// and all their extensions, compatibility ideographs, ideographic iteration marks and numbers)
    /// and Japanese kana (Hiragana, Katakana, their extensions and halfwidth Katakana).
    ///
    /// Hangul is not included: Korean separates words with spaces, so Hangul words are indexed
    /// like Latin words. Only letters and numbers in these ranges are treated as CJK characters
    /// by the analyzer; punctuation such as "・" or "。" separates words.
    ///
    /// - Complexity: O(1).
    public static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        ScalarKind.isCJK(scalar.value)
    }
}
