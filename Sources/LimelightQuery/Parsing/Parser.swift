/// The recursive-descent parser behind ``QueryParser``.
///
/// Grammar (strict mode), from loosest to tightest binding:
///
///     query      := or END
///     or         := and ( '||' and )*
///     and        := unary ( '&&' unary )*
///     unary      := '!' unary | primary
///     primary    := '(' or ')' | inRange | comparison
///     inRange    := 'InRange' '(' attribute ',' value ',' value ')'
///     comparison := attribute operator modifierList? value
///     attribute  := IDENTIFIER | '*' | '**'
///     value      := STRING modifierLetters* | NUMBER | BOOLEAN | '$time.' function
///
/// Groups and negations count toward a nesting limit so that hostile input (thousands of `(`)
/// gives an error instead of exhausting the stack. The lenient grammar lives in
/// `Parser+Lenient.swift`; values, `$time` and `InRange` in `Parser+Values.swift`.
struct Parser {
    /// The token source; exactly one token ahead of ``current``.
    var lexer: QueryLexer
    /// The token being looked at.
    private(set) var current: Token
    /// The token before ``current``, for messages such as "expected a comparison after '&&'".
    private(set) var previous: Token?
    /// How many groups and negations enclose the current position.
    var depth = 0
    /// The deepest nesting allowed.
    let maximumDepth: Int
    /// Repairs made by the lenient grammar (the lexer keeps its own).
    var notes: [ParseFailure] = []

    init(_ source: SourceText, isLenient: Bool, maximumDepth: Int) throws(ParseFailure) {
        var lexer = QueryLexer(source, isLenient: isLenient)
        self.current = try lexer.next()
        self.lexer = lexer
        self.maximumDepth = max(1, maximumDepth)
    }

    var source: SourceText { lexer.source }

    /// Moves to the next token.
    mutating func advance() throws(ParseFailure) {
        previous = current
        current = try lexer.next()
    }

    /// An error located at the start of `token`.
    func error(_ code: ParseFailure.Code, _ reason: String, at token: Token) -> ParseFailure {
        source.error(code, reason, at: token.start)
    }

    /// The source text of `token`.
    func text(of token: Token) -> String {
        source.slice(token.start..<token.end)
    }

    // MARK: Strict grammar

    /// Parses a whole query.
    mutating func parseQuery() throws(ParseFailure) -> QueryExpression {
        if current.kind == .end {
            throw error(.emptyQuery, "the query is empty", at: current)
        }
        let expression = try parseOr()
        switch current.kind {
        case .end:
            return expression
        case .rightParenthesis:
            throw error(.unbalancedParenthesis, "unbalanced ')': there is no '(' to close", at: current)
        default:
            throw error(
                .unexpectedToken,
                "expected '&&', '||' or the end of the query, found \(current.kind.quotedForMessage)",
                at: current
            )
        }
    }

    private mutating func parseOr() throws(ParseFailure) -> QueryExpression {
        var operands = [try parseAnd()]
        while current.kind == .or {
            try advance()
            operands.append(try parseAnd())
        }
        return QueryExpression.disjunction(operands) ?? operands[0]
    }

    private mutating func parseAnd() throws(ParseFailure) -> QueryExpression {
        var operands = [try parseUnary()]
        while current.kind == .and {
            try advance()
            operands.append(try parseUnary())
        }
        return QueryExpression.conjunction(operands) ?? operands[0]
    }

    private mutating func parseUnary() throws(ParseFailure) -> QueryExpression {
        guard current.kind == .not else { return try parsePrimary() }
        try enterNesting()
        try advance()
        let operand = try parseUnary()
        depth -= 1
        return .not(operand)
    }

    private mutating func parsePrimary() throws(ParseFailure) -> QueryExpression {
        switch current.kind {
        case .leftParenthesis:
            let opening = current
            try enterNesting()
            try advance()
            let inner = try parseOr()
            guard current.kind == .rightParenthesis else {
                let column = source.column(at: opening.start)
                throw error(
                    current.kind == .end ? .unbalancedParenthesis : .unexpectedToken,
                    "expected ')' to close '(' at column \(column), found \(current.kind.quotedForMessage)",
                    at: current
                )
            }
            depth -= 1
            try advance()
            return inner
        case .identifier(let name) where isRangeCall(name):
            return .inRange(try parseInRange())
        case .identifier, .star, .doubleStar:
            return .comparison(try parseComparison())
        case .rightParenthesis where previous?.kind == .leftParenthesis:
            throw error(.unexpectedToken, "empty parentheses: expected a comparison inside '()'", at: current)
        default:
            throw missingComparison()
        }
    }

    /// Parses `attribute operator [modifiers] value` with ``current`` on the attribute.
    private mutating func parseComparison() throws(ParseFailure) -> Comparison {
        let attributeToken = current
        guard let attribute = attributeReference(current.kind) else { throw missingComparison() }
        try advance()
        guard case .comparison(let comparisonOperator) = current.kind else {
            throw error(
                current.kind == .end ? .unexpectedEnd : .expectedOperator,
                "expected a comparison operator after '\(text(of: attributeToken))'",
                at: current
            )
        }
        let operatorToken = current
        try advance()
        var bracketModifiers: ComparisonModifiers = []
        var bracketToken: Token?
        if case .modifierList(let modifiers) = current.kind {
            bracketModifiers = modifiers
            bracketToken = current
            try advance()
        }
        let value = try readValue(
            context: "after '\(text(of: operatorToken))'",
            bracketModifiers: bracketModifiers,
            bracketToken: bracketToken
        )
        return Comparison(attribute, comparisonOperator, value)
    }

    /// The attribute a token names, if it can name one.
    func attributeReference(_ kind: Token.Kind) -> AttributeReference? {
        switch kind {
        case .identifier(let name): return .named(name)
        case .star: return .anyDefault
        case .doubleStar: return .anyIncludingContent
        default: return nil
        }
    }

    /// Whether an identifier starts an `InRange(…)` call (the name is case-insensitive).
    func isRangeCall(_ name: String) -> Bool {
        name.count == 7 && name.lowercased() == "inrange" && lexer.peekPastWhitespace() == "("
    }

    /// Counts one more level of nesting, failing past the limit.
    mutating func enterNesting() throws(ParseFailure) {
        guard depth < maximumDepth else {
            throw error(
                .nestingTooDeep,
                "groups and negations are nested deeper than \(maximumDepth) levels",
                at: current
            )
        }
        depth += 1
    }

    /// The error for a place where a comparison should start but does not.
    private func missingComparison() -> ParseFailure {
        let after = previous.map { " after \($0.kind.quotedForMessage)" } ?? ""
        switch current.kind {
        case .end:
            return error(.unexpectedEnd, "expected a comparison\(after) but the query ended", at: current)
        case .rightParenthesis:
            return error(.unbalancedParenthesis, "unbalanced ')': expected a comparison\(after)", at: current)
        case .comparison:
            return error(
                .expectedAttribute, "expected an attribute name before \(current.kind.quotedForMessage)", at: current)
        default:
            return error(
                .unexpectedToken,
                "expected a comparison\(after), found \(current.kind.quotedForMessage)",
                at: current
            )
        }
    }
}
