/// Splits text into words and folds each word into an index term.
///
/// Segmentation (see also ``words(_:)``):
/// - Words are maximal runs of letters and numbers (Unicode general categories L* and N*) with
///   the combining marks that follow them. Everything else separates words: spaces, punctuation
///   (`-`, `.`, `_`, `/`, ...), symbols and emoji. "paris-france.jpg" → paris, france, jpg.
/// - An apostrophe between two letters or digits stays inside the word: "don't" is one word,
///   indexed as the term "dont" (apostrophes are dropped from terms, so "dont" finds it too).
/// - camelCase: a lowercase letter followed by an uppercase one starts a new word
///   ("MyWindowClass" → my, window, class; "iPhone" → i, phone), but "NSWindow", "mp3" and
///   "ios17" stay whole (upper → upper, upper → lower and letter ↔ digit are not boundaries).
/// - Han ideographs and kana are indexed as overlapping bigrams: "東京都" → 東京, 京都 at
///   consecutive positions; an isolated CJK character is indexed alone. CJK runs next to Latin
///   letters are separate words ("iPhone用" → i, phone, 用). Hangul is indexed like Latin words,
///   since Korean separates words with spaces. Thai, Lao, Khmer and Myanmar text, written without
///   spaces, is not split into words (each run of letters is one word).
///
/// Terms are folded with ``FoldingOptions/indexTerm`` (case, diacritics and width) and put in
/// Normalization Form C, so composed and decomposed spellings give the same term. Apostrophes,
/// soft hyphens, zero-width joiners, variation selectors and tatweels are left out of terms
/// (but stay inside the word's byte range).
public enum TextAnalyzer {
    /// Splits `text` into words and appends one token per word (or CJK bigram) to `tokens`.
    ///
    /// - Parameters:
    ///   - text: The text to analyse.
    ///   - tokens: The buffer that receives the tokens; existing contents are kept, so one buffer
    ///     can be reused across calls (call `removeAll(keepingCapacity: true)` in between).
    ///   - startPosition: The position of the first word, for values analysed in several pieces.
    /// - Complexity: O(n) in the UTF-8 length of `text`; ASCII words take a fast path that never
    ///   decodes scalars.
    public static func analyze(
        _ text: some StringProtocol,
        into tokens: inout [AnalyzedToken],
        startPosition: UInt32 = 0
    ) {
        withUTF8Bytes(of: text) { bytes in
            var position = startPosition
            var termFolder = TermFolder()
            forEachUnit(of: bytes) { start, end, needsUnicodeFolding, _ in
                let term = termFolder.term(bytes, start, end, needsUnicodeFolding: needsUnicodeFolding)
                tokens.append(AnalyzedToken(term: term, position: position, start: start, end: end))
                position &+= 1
            }
        }
    }

    /// Splits `text` into words and returns one token per word (or CJK bigram).
    ///
    /// - Parameter text: The text to analyse.
    /// - Returns: The tokens, with positions starting at 0.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func analyze(_ text: some StringProtocol) -> [AnalyzedToken] {
        var tokens: [AnalyzedToken] = []
        analyze(text, into: &tokens)
        return tokens
    }

    /// ``analyze(_:)`` of a `String`: callers in other modules get code specialized for it rather
    /// than the generic entry point, which looks up protocol witnesses on every call.
    public static func analyze(_ text: String) -> [AnalyzedToken] {
        if let word = lowercaseASCIIWord(text) { return [word] }
        var tokens: [AnalyzedToken] = []
        analyze(text, into: &tokens)
        return tokens
    }

    /// The one token of text made only of ASCII lowercase letters and digits (a typed word, as
    /// most query words are): the text itself, which folding leaves unchanged and which holds no
    /// word boundary; nil for other text.
    private static func lowercaseASCIIWord(_ text: String) -> AnalyzedToken? {
        var text = text
        let count = text.withUTF8 { bytes in bytes.allSatisfy(isLowercaseASCIIWordByte) ? bytes.count : 0 }
        return count > 0 ? AnalyzedToken(term: text, position: 0, start: 0, end: count) : nil
    }

    /// Whether `byte` is an ASCII lowercase letter or digit: text made only of these is one word,
    /// which analysis leaves as it is.
    @inline(__always)
    public static func isLowercaseASCIIWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The words of `text` in their original (unfolded) form, with the same segmentation as
    /// ``analyze(_:)``: one substring per token, CJK runs given as their overlapping bigrams.
    ///
    /// - Parameter text: The text to split.
    /// - Returns: Slices of `text`, in order.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func words<Text: StringProtocol>(_ text: Text) -> [Text.SubSequence] {
        let utf8 = text.utf8
        var lower = utf8.startIndex
        var lowerOffset = 0
        return wordRanges(text).map { range in
            // Ranges come in increasing order, so each index is found from the previous one.
            lower = utf8.index(lower, offsetBy: range.lowerBound - lowerOffset)
            lowerOffset = range.lowerBound
            let upper = utf8.index(lower, offsetBy: range.count)
            return text[lower..<upper]
        }
    }

    /// The UTF-8 byte ranges of the words of `text`, with the same segmentation as ``analyze(_:)``.
    ///
    /// - Parameter text: The text to split.
    /// - Returns: One range per token, in order.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func wordRanges(_ text: some StringProtocol) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        withUTF8Bytes(of: text) { bytes in
            forEachUnit(of: bytes) { start, end, _, _ in ranges.append(start..<end) }
        }
        return ranges
    }

    /// The index term of one word, folded exactly as ``analyze(_:)`` folds the words it finds,
    /// without splitting it: for query words and prefixes that must be compared with index terms.
    ///
    /// - Parameter word: A word (or the start of one, while the user is typing).
    /// - Returns: `word` folded with ``FoldingOptions/indexTerm``, without apostrophes and other
    ///   characters that terms leave out (soft hyphens, joiners, variation selectors, tatweel).
    /// - Complexity: O(n) in the UTF-8 length of `word`.
    public static func indexTerm(_ word: some StringProtocol) -> String {
        withUTF8Bytes(of: word) { bytes in
            var needsUnicodeFolding = false
            for byte in bytes where byte >= 0x80 {
                needsUnicodeFolding = true
                break
            }
            var termFolder = TermFolder()
            return termFolder.term(bytes, 0, bytes.count, needsUnicodeFolding: needsUnicodeFolding)
        }
    }

    /// Calls `body` with the UTF-8 bytes of `text`, copying them only when they are not
    /// contiguous in memory.
    @inline(__always)
    static func withUTF8Bytes<Result>(
        of text: some StringProtocol,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        let copy = Array(text.utf8)
        return copy.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the byte range of every token of `bytes`: each ordinary word, and each
    /// bigram (or lone character) of each CJK run, with whether it needs Unicode folding and
    /// whether it comes from a CJK run.
    @inline(__always)
    static func forEachUnit(of bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Bool, Bool) -> Void) {
        var characterStarts: [Int] = []
        WordScanner.scan(bytes) { segment in
            guard segment.isCJK else { return body(segment.start, segment.end, segment.needsUnicodeFolding, false) }
            CJKBigrams.characterStarts(
                in: bytes,
                segment.start,
                segment.end,
                mayHaveMarks: segment.needsUnicodeFolding,
                into: &characterStarts
            )
            CJKBigrams.forEachBigram(characterStarts, end: segment.end) { start, end in
                body(start, end, segment.needsUnicodeFolding, true)
            }
        }
    }
}
