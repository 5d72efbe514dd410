import LimelightQuery
import LimelightRanking
import LimelightText

/// Turns typed text into ranked-query words: every word is matched as a prefix of an indexed
/// word, case- and diacritic-insensitively; a run of Chinese or Japanese characters is matched as
/// a phrase of its bigrams; a quoted phrase is matched as consecutive words.
enum UserQueryWords {
    /// - Parameter completeWordsMatchWhole: match words the user finished typing (followed by a
    ///   space) as whole words, not prefixes.
    static func words(_ text: String, completeWordsMatchWhole: Bool = false) -> [QueryWord] {
        if let words = lowercaseASCIIWords(text, completeWordsMatchWhole: completeWordsMatchWhole) { return words }
        return generalWords(text, completeWordsMatchWhole: completeWordsMatchWhole)
    }

    /// ``words(_:completeWordsMatchWhole:)`` of text made only of ASCII lowercase letters, digits
    /// and spaces (what most typed queries are): each run between spaces is one word, already
    /// folded; nil for other text. Splitting, trimming and analysing such text give the same words.
    static func lowercaseASCIIWords(_ text: String, completeWordsMatchWhole: Bool) -> [QueryWord]? {
        var text = text
        return text.withUTF8 { bytes -> [QueryWord]? in
            var words: [QueryWord] = []
            words.reserveCapacity(bytes.reduce(1) { $1 == UInt8(ascii: " ") ? $0 + 1 : $0 })  // one allocation
            var start = 0
            for index in bytes.indices where !TextAnalyzer.isLowercaseASCIIWordByte(bytes[index]) {
                guard bytes[index] == UInt8(ascii: " ") else { return nil }
                if start < index {
                    let term = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    words.append(QueryWord(term: term, isPrefix: !completeWordsMatchWhole))
                }
                start = index + 1
            }
            if start < bytes.count {
                // The last word, not followed by a space, is still being typed.
                words.append(QueryWord(term: String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self), isPrefix: true))
            }
            return words
        }
    }

    /// ``words(_:completeWordsMatchWhole:)`` of any text: split into terms and phrases, each
    /// analysed as index text is.
    static func generalWords(_ text: String, completeWordsMatchWhole: Bool) -> [QueryWord] {
        var words: [QueryWord] = []
        for term in FreeText(text).terms {
            let tokens = TextAnalyzer.analyze(term.text).map(\.term)
            guard !tokens.isEmpty else { continue }
            if term.isPhrase {
                if tokens.count == 1 {
                    words.append(QueryWord(term: tokens[0], isPrefix: !term.isComplete))
                } else {
                    words.append(QueryWord(term: tokens.joined(separator: " "), isPrefix: !term.isComplete, phraseTerms: tokens))
                }
                continue
            }
            let isPrefix = !(completeWordsMatchWhole && term.isComplete)
            if tokens.count > 1 && TextAnalyzer.cjkQueryForm(of: term.text) == .characterRun {
                words.append(QueryWord(term: tokens.joined(separator: " "), isPrefix: isPrefix, phraseTerms: tokens))
            } else {
                for token in tokens {
                    words.append(QueryWord(term: token, isPrefix: isPrefix))
                }
            }
        }
        return words
    }
}
