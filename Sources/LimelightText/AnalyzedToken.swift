/// One word of analysed text: its index term and where it came from.
public struct AnalyzedToken: Sendable, Equatable, Hashable {
    /// The folded form used as the index term: case-, diacritic- and width-insensitive, in
    /// Normalization Form C, with apostrophes removed ("Don't" → "dont", "Frédéric" → "frederic").
    public var term: String
    /// The word's position within the analysed value: 0-based (plus the start position given to
    /// the analyzer), consecutive words differing by 1. CJK bigrams take one position each.
    public var position: UInt32
    /// UTF-8 byte offset of the word in the original text.
    public var start: Int
    /// UTF-8 byte offset one past the end of the word in the original text.
    public var end: Int

    /// Creates a token.
    ///
    /// - Parameters:
    ///   - term: The folded index term.
    ///   - position: The word position.
    ///   - start: UTF-8 offset of the word's first byte.
    ///   - end: UTF-8 offset one past the word's last byte.
    public init(term: String, position: UInt32, start: Int, end: Int) {
        self.term = term
        self.position = position
        self.start = start
        self.end = end
    }

    /// The UTF-8 byte range of the word in the original text.
    public var byteRange: Range<Int> { start..<end }
}
