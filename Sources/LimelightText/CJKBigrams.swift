/// Splitting runs of CJK characters into overlapping bigrams.
///
/// A character is a base scalar with the combining marks after it (such as the kana voicing
/// mark U+3099), so a bigram never cuts a mark from its base.
enum CJKBigrams {
    /// Collects the UTF-8 offsets at which each character of the run `start..<end` begins.
    ///
    /// - Parameter mayHaveMarks: `false` when the run is known to contain no combining marks (every
    ///   scalar then starts a character and none needs classifying).
    static func characterStarts(
        in bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        mayHaveMarks: Bool = true,
        into starts: inout [Int]
    ) {
        starts.removeAll(keepingCapacity: true)
        var index = start
        while index < end {
            let (scalar, length) = UTF8Encoding.decode(bytes, at: index)
            if !mayHaveMarks || starts.isEmpty || ScalarKind.of(scalar) != .extend { starts.append(index) }
            index += length
        }
    }

    /// Calls `body` with each bigram of the run (or the single character of a one-character run).
    static func forEachBigram(_ starts: [Int], end: Int, _ body: (Int, Int) -> Void) {
        guard starts.count > 1 else {
            if let only = starts.first { body(only, end) }
            return
        }
        for index in 0..<(starts.count - 1) {
            body(starts[index], index + 2 < starts.count ? starts[index + 2] : end)
        }
    }
}

/// How a query word made of CJK characters should be matched against bigram-indexed text.
public enum CJKQueryForm: Sendable, Equatable {
    /// The word has no CJK characters (or mixes them with other letters): analyse it and match
    /// its terms like any other word.
    case notCJK
    /// A single CJK character: match it as a prefix, so that it finds every indexed bigram that
    /// starts with it as well as the character indexed alone.
    case singleCharacter
    /// Two or more CJK characters: analyse the word into bigrams and match them as a phrase
    /// (consecutive positions). A two-character word is a single bigram term.
    case characterRun
}

extension TextAnalyzer {
    /// How the query word `word` should be matched: as ordinary terms, as a single CJK character
    /// (prefix match), or as a phrase of CJK bigrams.
    ///
    /// Characters are counted as base scalars; combining marks belong to the character before
    /// them. A word that mixes CJK characters with other letters, or contains separators, is
    /// ``CJKQueryForm/notCJK``: analyse it into tokens and match those as a phrase.
    ///
    /// - Parameter word: A query word (folded or not).
    /// - Complexity: O(n) in the length of `word`.
    public static func cjkQueryForm(of word: some StringProtocol) -> CJKQueryForm {
        var characters = 0
        for scalar in word.unicodeScalars {
            switch ScalarKind.of(scalar.value) {
            case .cjk: characters += 1
            case .extend where characters > 0: continue
            default: return .notCJK
            }
        }
        switch characters {
        case 0: return .notCJK
        case 1: return .singleCharacter
        default: return .characterRun
        }
    }
}
