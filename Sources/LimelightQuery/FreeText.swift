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
        terms = Self.asciiTerms(text) ?? Self.characterTerms(text)
    }

    /// Splits any text character by character (what ``init(_:)`` does for text that is not all
    /// ASCII).
    init(characters text: String) {
        terms = Self.characterTerms(text)
    }

    /// The general split, character by character.
    private static func characterTerms(_ text: String) -> [Term] {
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
        return terms
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

    /// The split of text that is all ASCII, done on its bytes (as typed queries mostly are; it
    /// gives the same terms as ``init(characters:)`` without breaking the text into characters);
    /// nil for other text.
    private static func asciiTerms(_ text: String) -> [Term]? {
        var text = text
        return text.withUTF8 { bytes -> [Term]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var terms: [Term] = []
            func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            func addWord(_ start: Int, _ end: Int, complete: Bool) {
                var low = start
                var high = end
                while low < high && asciiKind[Int(bytes[low])] == .punctuation { low += 1 }
                while high > low && asciiKind[Int(bytes[high - 1])] == .punctuation { high -= 1 }
                if low < high { terms.append(Term(string(low..<high), isComplete: complete)) }
            }
            func addPhrase(_ start: Int, _ end: Int, complete: Bool) {
                let words = bytes[start..<end].split { asciiKind[Int($0)] == .whitespace }
                guard !words.isEmpty else { return }
                let phrase = words.map { string($0.startIndex..<$0.endIndex) }.joined(separator: " ")
                terms.append(Term(phrase, isPhrase: true, isComplete: complete))
            }
            var start = 0
            var inPhrase = false
            for index in bytes.indices {
                let byte = bytes[index]
                if inPhrase {
                    guard byte == UInt8(ascii: "\"") else { continue }
                    addPhrase(start, index, complete: true)
                    inPhrase = false
                    start = index + 1
                } else if byte == UInt8(ascii: "\"") {
                    addWord(start, index, complete: true)
                    inPhrase = true
                    start = index + 1
                } else if asciiKind[Int(byte)] == .whitespace {
                    addWord(start, index, complete: true)
                    start = index + 1
                }
            }
            if inPhrase { addPhrase(start, bytes.count, complete: false) } else { addWord(start, bytes.count, complete: false) }
            return terms
        }
    }

    /// What each ASCII byte is to the split, taken from `Character`'s own properties so that both
    /// paths agree.
    private enum ASCIIKind { case whitespace, punctuation, other }
    private static let asciiKind: [ASCIIKind] = (0..<128).map { value in
        let character = Character(Unicode.Scalar(UInt8(value)))
        return character.isWhitespace ? .whitespace : character.isPunctuation ? .punctuation : .other
    }

    private static func trimmingPunctuation(_ word: String) -> String {
        var characters = Substring(word)
        while let first = characters.first, first.isPunctuation { characters.removeFirst() }
        while let last = characters.last, last.isPunctuation { characters.removeLast() }
        return String(characters)
    }
}
