/// Entry points for parsing Spotlight metadata queries.
///
///     let query = try QueryParser.parse(#"(kMDItemFSName == "*.jpg"c) && (kMDItemFSSize > 1000)"#)
///     let typed = QueryParser.parseLenient(#"title == "par"#).expression
///
/// The language: comparisons `attribute op value` with `==` (or `=`), `!=`, `<`, `>`, `<=`, `>=`;
/// `InRange(attribute, low, high)`; `&&` (binding tighter), `||`, `!` and parentheses; `*` and
/// `**` as attribute names; strings in single or double quotes with `*` and `?` wildcards, escapes
/// and modifiers (`"Paris"cdwt` or `==[cd]`); numbers; `true`/`false` (also `YES`/`NO`); dates via
/// `$time.now`, `$time.today`, `$time.yesterday`, `$time.this_week`, `$time.last_week`,
/// `$time.this_month`, `$time.this_year` (each with an optional whole offset, as in
/// `$time.today(-1)`) and `$time.iso(2026-01-10T00:00:00Z)` (quoted or not).
public enum QueryParser {
    /// How deeply groups and negations may nest by default.
    public static let defaultMaximumNestingDepth = 100

    /// Parses a query, rejecting anything that is not valid query syntax.
    ///
    /// - Parameters:
    ///   - query: The query text.
    ///   - maximumNestingDepth: How deeply `(` and `!` may nest; deeper input is an error.
    /// - Returns: The expression, in the normal form described on ``QueryExpression``.
    /// - Throws: ``QuerySyntaxError`` with the column and reason of the first problem.
    /// - Complexity: O(n) in the length of the query.
    public static func parse(
        _ query: String,
        maximumNestingDepth: Int = defaultMaximumNestingDepth
    ) throws(QuerySyntaxError) -> QueryExpression {
        let source = SourceText(query)
        do {
            var parser = try Parser(source, isLenient: false, maximumDepth: maximumNestingDepth)
            return try parser.parseQuery()
        } catch {
            throw source.syntaxError(for: error)
        }
    }

    /// Parses text typed by a user, which may be unfinished or malformed; never fails.
    ///
    /// A valid query gives exactly what ``parse(_:maximumNestingDepth:)`` gives, with no
    /// diagnostics. Otherwise the text is repaired: open strings and groups are closed; dangling
    /// `&&`, `||`, `!` and comparisons without a value are dropped; unquoted words after an
    /// operator are read as strings; unbalanced `)` are ignored; words outside any comparison
    /// become a free-text search (`** == "words"cdwt`, the query Apple recommends for user input).
    ///
    /// - Parameters:
    ///   - query: The text typed so far.
    ///   - maximumNestingDepth: How deeply `(` and `!` may nest; deeper ones are ignored.
    /// - Returns: The best expression (or `nil` when nothing searchable remains) and what was repaired.
    public static func parseLenient(
        _ query: String,
        maximumNestingDepth: Int = defaultMaximumNestingDepth
    ) -> LenientParseResult {
        if let exact = try? parse(query, maximumNestingDepth: maximumNestingDepth) {
            return LenientParseResult(expression: exact, diagnostics: [])
        }
        let source = SourceText(query)
        do {
            var parser = try Parser(source, isLenient: true, maximumDepth: maximumNestingDepth)
            let expression = parser.parseLenientQuery()
            let failures = (parser.lexer.repairs + parser.notes).sorted { $0.position < $1.position }
            return LenientParseResult(expression: expression, diagnostics: failures.map(source.syntaxError(for:)))
        } catch {
            // The lenient lexer does not throw; keep a meaningful answer if that ever changes.
            return LenientParseResult(expression: nil, diagnostics: [source.syntaxError(for: error)])
        }
    }
}

/// The outcome of ``QueryParser/parseLenient(_:maximumNestingDepth:)``.
public struct LenientParseResult: Sendable, Hashable {
    /// The best expression found, or `nil` when the text holds nothing searchable (for example
    /// an empty string or a lone `&&`).
    public let expression: QueryExpression?
    /// What was wrong and how it was repaired, in order of position. Empty for a valid query.
    public let diagnostics: [QuerySyntaxError]

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - expression: The best expression found.
    ///   - diagnostics: The repairs made.
    public init(expression: QueryExpression?, diagnostics: [QuerySyntaxError]) {
        self.expression = expression
        self.diagnostics = diagnostics
    }

    /// Whether the text was a valid query as typed.
    public var isExact: Bool { diagnostics.isEmpty && expression != nil }
}
