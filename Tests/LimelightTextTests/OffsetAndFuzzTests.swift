import LimelightTestSupport
import Testing

@testable import LimelightText

/// Byte offsets, positions, and robustness on random input.
@Suite struct OffsetAndFuzzTests {
    /// The UTF-8 bytes of `text` in `range`, as a string.
    static func slice(_ text: String, _ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    @Test func multiByteOffsets() throws {
        let text = "Ça va? Ελλάδα—東京都 e\u{301}té 🍕pizza"
        let tokens = TextAnalyzer.analyze(text)
        let originals = tokens.map { Self.slice(text, $0.byteRange) }
        #expect(originals == ["Ça", "va", "Ελλάδα", "東京", "京都", "e\u{301}té", "pizza"])
        #expect(tokens.map(\.term) == ["ca", "va", "ελλαδα", "東京", "京都", "ete", "pizza"])
        let first = try #require(tokens.first)
        #expect(first.start == 0 && first.end == 3)  // "Ç" is two bytes
        #expect(tokens.map(\.position) == Array(0..<UInt32(tokens.count)))
    }

    @Test func wordsAreSlicesOfTheOriginal() {
        let text = "Don’t PANIC: ÉCOLE-Normale 東京タワー"
        let words = TextAnalyzer.words(text)
        #expect(words.map(String.init) == ["Don’t", "PANIC", "ÉCOLE", "Normale", "東京", "京タ", "タワ", "ワー"])
        for (word, range) in zip(words, TextAnalyzer.wordRanges(text)) {
            #expect(String(word) == Self.slice(text, range))
        }
    }

    /// Scalars that exercise every branch: ASCII, marks, apostrophes, CJK, emoji, joiners.
    static let interestingScalars: [Unicode.Scalar] = Array(
        "aZ09 '’-._/жبא\u{301}\u{323}\u{3099}\u{200D}\u{AD}éßİıøÆΣςЁ東京ｶﾞＡ🍕👨🏽한ि".unicodeScalars
    )

    static func randomText(length: Int, using generator: inout SplitMix64) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            if Bool.random(using: &generator) {
                scalars.append(interestingScalars.randomElement(using: &generator) ?? "a")
            } else {
                // Any scalar value at all (surrogates are skipped by the failable initializer).
                let value = UInt32.random(in: 0...0x10FFFF, using: &generator)
                scalars.append(Unicode.Scalar(value) ?? "x")
            }
        }
        return String(scalars)
    }

    @Test func randomInputKeepsInvariants() {
        var generator = SplitMix64(state: 0x5EED)
        var tokens: [AnalyzedToken] = []
        for round in 0..<2_000 {
            let text = Self.randomText(length: Int.random(in: 0...40, using: &generator), using: &generator)
            let byteCount = text.utf8.count
            tokens.removeAll(keepingCapacity: true)
            TextAnalyzer.analyze(text, into: &tokens)
            var previousStart = -1
            for (index, token) in tokens.enumerated() {
                #expect(token.position == UInt32(index), "round \(round)")
                #expect(token.start >= 0 && token.start < token.end && token.end <= byteCount, "round \(round)")
                #expect(token.start > previousStart, "round \(round)")
                #expect(!token.term.isEmpty, "round \(round)")
                previousStart = token.start
            }
            let words = TextAnalyzer.words(text)
            #expect(words.count == tokens.count)
            // The analyzer's fast paths must agree with full folding of each word.
            for (word, token) in zip(words, tokens) {
                #expect(TextAnalyzer.indexTerm(word) == token.term, "round \(round)")
            }
            for options: FoldingOptions in [[], .caseInsensitive, .diacriticInsensitive, .indexTerm] {
                let folded = TextFolding.fold(text, options)
                #expect(TextFolding.fold(folded, options) == folded, "round \(round)")
            }
        }
    }
}
