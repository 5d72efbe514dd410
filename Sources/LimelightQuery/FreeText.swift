/// Text typed by a user, split into search terms: whitespace-separated words and quoted phrases.
///
/// This is only the first cut of user input (the user-query path decides how terms match, and the
/// text module segments words for the index):
/// - whitespace separates terms; punctuation at either end of a word is dropped (`"paris,"` →
///   `paris`), punctuation inside a word is kept (`o'neil`, `c++`);
/// - text in double quotes (`"…"` or `“…”`) is one phrase term, even when left open;
/// - the last term is marked incomplete when the text does not end with whitespace or a closing
///   quote, because the user may still be typing it (prefix matching suits it).
public struct FreeText: Sendable, Hashable {
    /// One word or phrase.
    public struct Term: Sendable, Hashable {
        /// The term's text, without quotes.
        public let text: String
        /// Whether the term was written in quotes (match the words together, in order).
        public let isPhrase: Bool
        /// Whether the user finished typing the term; `false` only for a trailing, unfinished term.
        public let isComplete: Bool

        /// Creates a term.
        ///
        /// - Parameters:
        ///   - text: The term's text.
        ///   - isPhrase: Whether it was quoted.
        ///   - isComplete: Whether it was finished.
        public init(_ text: String, isPhrase: Bool = false, isComplete: Bool = true) {
            self.text = text
            self.isPhrase = isPhrase
            self.isComplete = isComplete
        }
    }

    /// The terms in the order typed.
    public let terms: [Term]

    /// Splits user text into terms.
    ///
    /// - Parameter text: The raw text typed by the user.
    /// - Complexity: O(n) in the length of the text.
    public init(_ text: String) {
        var terms: [Term] = []
        var current = ""
        var inPhrase = false
        var closingQuote: Character = "\""
        func finishWord(complete: Bool) {
            let trimmed = Self.trimmingPunctuation(current)
            if !trimmed.isEmpty { terms.append(Term(trimmed, isComplete: complete)) }
            current = ""
        }
        for character in text {
            if inPhrase {
                if character == closingQuote {
                    let phrase = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    if !phrase.isEmpty { terms.append(Term(phrase, isPhrase: true)) }
                    current = ""
                    inPhrase = false
                } else {
                    current.append(character)
                }
            } else if character == "\"" || character == "\u{201C}" {
                finishWord(complete: true)
                inPhrase = true
                closingQuote = character == "\"" ? "\"" : "\u{201D}"
            } else if character.isWhitespace {
                finishWord(complete: true)
            } else {
                current.append(character)
            }
        }
        if inPhrase {
            let phrase = current.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            if !phrase.isEmpty { terms.append(Term(phrase, isPhrase: true, isComplete: false)) }
        } else {
            finishWord(complete: false)
        }
        self.terms = terms
    }

    /// The terms' texts.
    public var words: [String] { terms.map(\.text) }

    /// Whether there is nothing to search.
    public var isEmpty: Bool { terms.isEmpty }

    /// The query Apple recommends for user input: `** == "<terms>"cdwt`, each term matched on its
    /// own, as words, ignoring case and diacritics; `nil` when there are no terms.
    public var expression: QueryExpression? {
        isEmpty ? nil : Parser.freeTextExpression(words)
    }

    private static func trimmingPunctuation(_ word: String) -> String {
        var characters = Substring(word)
        while let first = characters.first, first.isPunctuation { characters.removeFirst() }
        while let last = characters.last, last.isPunctuation { characters.removeLast() }
        return String(characters)
    }
}
