/// A query's text as Unicode scalars, with conversions from scalar positions to the
/// character columns and UTF-8 offsets reported in errors.
///
/// Lexing works on scalars rather than `Character`s so that a combining mark right after a
/// quote cannot merge with the quote into one grapheme and hide it.
struct SourceText: Sendable {
    /// The original text.
    let text: String
    /// The text's Unicode scalars.
    let scalars: [Unicode.Scalar]
    /// The string index of each scalar, plus the end index.
    private let indices: [String.Index]

    init(_ text: String) {
        self.text = text
        var scalars: [Unicode.Scalar] = []
        var indices: [String.Index] = []
        scalars.reserveCapacity(text.utf8.count)
        indices.reserveCapacity(text.utf8.count + 1)
        let view = text.unicodeScalars
        var index = view.startIndex
        while index < view.endIndex {
            scalars.append(view[index])
            indices.append(index)
            index = view.index(after: index)
        }
        indices.append(view.endIndex)
        self.scalars = scalars
        self.indices = indices
    }

    private func index(at position: Int) -> String.Index {
        indices[min(max(position, 0), scalars.count)]
    }

    /// The 1-based character column of the scalar at `position` (which may be `scalars.count`).
    func column(at position: Int) -> Int {
        text[..<index(at: position)].count + 1
    }

    /// The 0-based UTF-8 offset of the scalar at `position`.
    func utf8Offset(at position: Int) -> Int {
        text.utf8.distance(from: text.startIndex, to: index(at: position))
    }

    /// The text of the scalars in `range`.
    func slice(_ range: Range<Int>) -> String {
        let lower = index(at: range.lowerBound)
        let upper = index(at: max(range.upperBound, range.lowerBound))
        return String(text.unicodeScalars[lower..<upper])
    }

    /// A failure located at the scalar `position`.
    func error(_ code: QuerySyntaxError.Code, _ reason: String, at position: Int) -> ParseFailure {
        ParseFailure(code: code, reason: reason, position: position)
    }

    /// The public error for a failure, with its character column and UTF-8 offset.
    ///
    /// - Complexity: O(n) in the position; done once per reported error, never per repair.
    func syntaxError(for failure: ParseFailure) -> QuerySyntaxError {
        QuerySyntaxError(
            code: failure.code,
            reason: failure.reason,
            column: column(at: failure.position),
            offset: utf8Offset(at: failure.position)
        )
    }
}

/// A syntax error inside the lexer and parser, located by scalar index.
///
/// Columns and offsets cost a pass over the text, so they are worked out only when a failure
/// leaves the parser as a ``QuerySyntaxError``; lenient parsing of hostile input that fails
/// thousands of times stays linear.
struct ParseFailure: Error, Sendable {
    typealias Code = QuerySyntaxError.Code

    /// The kind of error.
    let code: Code
    /// What was wrong, in plain words.
    let reason: String
    /// The scalar index where the problem was found.
    let position: Int
}
