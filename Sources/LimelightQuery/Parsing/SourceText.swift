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

    init(_ text: String) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
    }

    /// The 1-based character column of the scalar at `position` (which may be `scalars.count`).
    func column(at position: Int) -> Int {
        let clamped = min(max(position, 0), scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[0..<clamped])
        return String(view).count + 1
    }

    /// The 0-based UTF-8 offset of the scalar at `position`.
    func utf8Offset(at position: Int) -> Int {
        let clamped = min(max(position, 0), scalars.count)
        return scalars[0..<clamped].reduce(0) { $0 + UTF8.width($1) }
    }

    /// The text of the scalars in `range`.
    func slice(_ range: Range<Int>) -> String {
        let lower = min(max(range.lowerBound, 0), scalars.count)
        let upper = min(max(range.upperBound, lower), scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        return String(view)
    }

    /// An error located at the scalar `position`.
    func error(_ code: QuerySyntaxError.Code, _ reason: String, at position: Int) -> QuerySyntaxError {
        QuerySyntaxError(code: code, reason: reason, column: column(at: position), offset: utf8Offset(at: position))
    }
}
