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
