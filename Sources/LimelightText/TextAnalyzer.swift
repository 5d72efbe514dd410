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
/// Normalization Form C, so composed and decomposed spellings give the same term.
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
    public static func analyze(_ text: String, into tokens: inout [AnalyzedToken], startPosition: UInt32 = 0) {
        var text = text
        text.withUTF8 { bytes in
            var position = startPosition
            var folder: ScalarFolder? = nil
            var termBytes: [UInt8] = []
            forEachUnit(of: bytes) { start, end, isASCII in
                let term: String
                if isASCII {
                    term = asciiTerm(bytes, start, end)
                } else {
                    if folder == nil { folder = ScalarFolder(options: .indexTerm) }
                    term = foldedTerm(bytes, start, end, folder: &folder!, scratch: &termBytes)
                }
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
    public static func analyze(_ text: String) -> [AnalyzedToken] {
        var tokens: [AnalyzedToken] = []
        analyze(text, into: &tokens)
        return tokens
    }

    /// The words of `text` in their original (unfolded) form, with the same segmentation as
    /// ``analyze(_:)``: one substring per token, CJK runs given as their overlapping bigrams.
    ///
    /// - Parameter text: The text to split.
    /// - Returns: Slices of `text`, in order.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func words(_ text: String) -> [Substring] {
        let utf8 = text.utf8
        return wordRanges(text).map { range in
            let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let upper = utf8.index(lower, offsetBy: range.count)
            return text[lower..<upper]
        }
    }

    /// The UTF-8 byte ranges of the words of `text`, with the same segmentation as ``analyze(_:)``.
    ///
    /// - Parameter text: The text to split.
    /// - Returns: One range per token, in order.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func wordRanges(_ text: String) -> [Range<Int>] {
        var text = text
        var ranges: [Range<Int>] = []
        text.withUTF8 { bytes in
            forEachUnit(of: bytes) { start, end, _ in ranges.append(start..<end) }
        }
        return ranges
    }

    /// Calls `body` with the byte range of every token of `bytes`: each ordinary word, and each
    /// bigram (or lone character) of each CJK run, with whether the range is all ASCII.
    @inline(__always)
    static func forEachUnit(of bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Int, Bool) -> Void) {
        var characterStarts: [Int] = []
        WordScanner.scan(bytes) { segment in
            guard segment.isCJK else { return body(segment.start, segment.end, segment.isASCII) }
            CJKBigrams.characterStarts(in: bytes, segment.start, segment.end, into: &characterStarts)
            CJKBigrams.forEachBigram(characterStarts, end: segment.end) { start, end in body(start, end, false) }
        }
    }

    /// The term of an all-ASCII word: lowercased, apostrophes dropped.
    @inline(__always)
    private static func asciiTerm(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var isFolded = true
        for index in start..<end {
            let byte = bytes[index]
            if byte &- 0x41 < 26 || byte == 0x27 {
                isFolded = false
                break
            }
        }
        if isFolded {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: end - start) { output in
            var written = 0
            for index in start..<end {
                let byte = bytes[index]
                if byte == 0x27 { continue }
                output[written] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                written += 1
            }
            return written
        }
    }

    /// The term of a word containing non-ASCII scalars: fully folded, apostrophes dropped.
    private static func foldedTerm(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        folder: inout ScalarFolder,
        scratch: inout [UInt8]
    ) -> String {
        var index = start
        while index < end {
            let (scalar, length) = UTF8Encoding.decode(bytes, at: index)
            if scalar != 0x27 && scalar != 0x2019 { folder.append(scalar) }
            index += length
        }
        scratch.removeAll(keepingCapacity: true)
        folder.finish(into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }
}
