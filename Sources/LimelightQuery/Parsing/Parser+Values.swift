extension Parser {
    /// Reads a value with ``current`` on its first token.
    ///
    /// - Parameters:
    ///   - context: Where the value stands, for messages (`after '=='`).
    ///   - bracketModifiers: Modifiers written after the operator (`==[cd]`), merged into a string
    ///     value's own.
    ///   - bracketToken: The `[…]` token, to locate a misplaced-modifier error.
    mutating func readValue(
        context: String,
        bracketModifiers: ComparisonModifiers,
        bracketToken: Token?
    ) throws(ParseFailure) -> QueryValue {
        let valueToken = current
        func rejectBracketModifiers(_ parser: Parser) throws(ParseFailure) {
            if let bracketToken {
                throw parser.error(
                    .misplacedModifier,
                    "modifiers such as '\(parser.text(of: bracketToken))' apply only to string values",
                    at: bracketToken
                )
            }
        }
        switch current.kind {
        case .string(let literal):
            try advance()
            let modifiers = bracketModifiers.union(literal.modifiers).union(try readSpacedModifiers(after: valueToken))
            return .string(literal.pattern, modifiers)
        case .number(let number):
            try rejectBracketModifiers(self)
            try advance()
            return .number(number)
        case .identifier(let word):
            guard let bool = Self.booleanLiteral(word) else {
                throw error(
                    .expectedValue,
                    "expected a value \(context), found '\(word)' (quote text values: \"\(word)\")",
                    at: current
                )
            }
            try rejectBracketModifiers(self)
            try advance()
            return .bool(bool)
        case .variable(let name):
            try rejectBracketModifiers(self)
            return .date(try readTime(named: name))
        case .star, .doubleStar:
            throw error(
                .expectedValue,
                "expected a value \(context); write a wildcard inside quotes, as in \"*\"",
                at: current
            )
        case .end:
            throw error(.unexpectedEnd, "expected a value \(context) but the query ended", at: current)
        default:
            throw error(
                .expectedValue, "expected a value \(context), found \(current.kind.quotedForMessage)", at: current)
        }
    }

    /// `true`, `false`, `yes` or `no` in any letter case.
    static func booleanLiteral(_ word: String) -> Bool? {
        guard word.count <= 5 else { return nil }
        switch word.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: return nil
        }
    }

    /// Reads modifier groups separated from the string by spaces, as in `"johnny" c w d t`.
    ///
    /// Only words made entirely of modifier letters are taken, and not when an operator follows
    /// (then the word is the start of a comparison missing its `&&`); nothing else may follow a
    /// value there, so this never changes the meaning of a valid query.
    private mutating func readSpacedModifiers(after stringToken: Token) throws(ParseFailure) -> ComparisonModifiers {
        var modifiers: ComparisonModifiers = []
        while case .identifier(let word) = current.kind, word.count <= 8,
            !Self.startsOperator(lexer.peekPastWhitespace())
        {
            var group: ComparisonModifiers = []
            for letter in word {
                guard let modifier = ComparisonModifiers(letter: letter) else { return modifiers }
                group.insert(modifier)
            }
            modifiers.formUnion(group)
            try advance()
        }
        return modifiers
    }

    private static func startsOperator(_ scalar: Unicode.Scalar?) -> Bool {
        scalar == "=" || scalar == "!" || scalar == "<" || scalar == ">" || scalar == "("
    }

    /// Reads `$time.<function>[(<offset>)]` or `$time.iso(<date>)` with ``current`` on the variable.
    mutating func readTime(named name: String) throws(ParseFailure) -> TimeExpression {
        let variableToken = current
        let lowered = name.lowercased()
        guard lowered.hasPrefix("time.") else {
            throw error(
                .invalidTimeFunction,
                "unknown variable '$\(name)' (expected $time.now, $time.today, $time.iso(…) …)",
                at: variableToken
            )
        }
        let function = String(name.dropFirst(5))
        if function.lowercased() == "iso" {
            return .instant(try readISOArgument())
        }
        guard let anchor = RelativeTime.Anchor(rawValue: function.lowercased()) else {
            let known = RelativeTime.Anchor.allCases.map(\.functionName).joined(separator: ", ")
            throw error(
                .invalidTimeFunction,
                "unknown $time function '\(function)' (expected \(known) or iso)",
                at: variableToken
            )
        }
        var offset = 0
        if lexer.peekPastWhitespace() == "(" {
            try advance()
            try advance()
            if case .number(let number) = current.kind {
                let limit = anchor.maximumOffset
                guard number == number.rounded(), abs(number) <= Double(limit) else {
                    throw error(
                        .invalidTimeFunction,
                        "the offset of $time.\(anchor.functionName) must be a whole number from -\(limit) to \(limit)",
                        at: current
                    )
                }
                offset = Int(number)
                try advance()
            }
            guard current.kind == .rightParenthesis else {
                throw error(
                    current.kind == .end ? .unexpectedEnd : .invalidTimeFunction,
                    "expected ')' after the offset of $time.\(anchor.functionName), found \(current.kind.quotedForMessage)",
                    at: current
                )
            }
        }
        try advance()
        return .relative(RelativeTime(anchor, offset: offset))
    }

    /// Reads the `(…)` of `$time.iso`, quoted or not, with ``current`` on the variable.
    private mutating func readISOArgument() throws(ParseFailure) -> Double {
        let variableToken = current
        guard lexer.peekPastWhitespace() == "(" else {
            throw error(
                .invalidTimeFunction,
                "$time.iso needs a date in parentheses, as in $time.iso(2026-01-10T00:00:00Z)",
                at: variableToken
            )
        }
        lexer.skipWhitespace()
        lexer.skipScalar()
        lexer.skipWhitespace()
        let argumentStart = lexer.position
        let argument: String
        if let quote = lexer.scalar(ahead: 0), quote == "\"" || quote == "'" {
            let literal = try lexer.readString()
            guard case .exact(let text) = literal.pattern.kind else {
                throw source.error(.invalidDate, "a date cannot contain wildcards", at: argumentStart)
            }
            argument = text
            lexer.skipWhitespace()
        } else if let raw = lexer.readRawArgument() {
            argument = raw.text
        } else if argumentStart + QueryLexer.maximumRawArgumentLength >= source.scalars.count {
            throw source.error(
                .unexpectedEnd,
                "expected ')' to close '$time.iso(' at column \(source.column(at: variableToken.start))",
                at: source.scalars.count
            )
        } else {
            throw source.error(
                .invalidDate,
                "expected an ISO 8601 date and ')' after '$time.iso('",
                at: argumentStart
            )
        }
        guard lexer.scalar(ahead: 0) == ")" else {
            throw source.error(.invalidTimeFunction, "expected ')' after the date of $time.iso", at: lexer.position)
        }
        guard let instant = ISO8601Date.parse(argument) else {
            throw source.error(.invalidDate, "invalid ISO 8601 date '\(argument)'", at: argumentStart)
        }
        lexer.skipScalar()
        try advance()
        return instant
    }

    /// Parses `InRange(attribute, low, high)` with ``current`` on the function name.
    mutating func parseInRange() throws(ParseFailure) -> RangeTest {
        let usage = "InRange takes three arguments: InRange(attribute, low, high)"
        try advance()
        try advance()
        guard let attribute = attributeReference(current.kind) else {
            throw error(.invalidRange, "expected an attribute name as the first argument of InRange", at: current)
        }
        try advance()
        try expectComma(usage)
        let lower = try readValue(context: "as the low bound of InRange", bracketModifiers: [], bracketToken: nil)
        try expectComma(usage)
        let upper = try readValue(context: "as the high bound of InRange", bracketModifiers: [], bracketToken: nil)
        guard current.kind == .rightParenthesis else {
            throw error(
                current.kind == .end ? .unexpectedEnd : .invalidRange,
                "expected ')' after the high bound of InRange; \(usage)",
                at: current
            )
        }
        try advance()
        return RangeTest(attribute, from: lower, through: upper)
    }

    private mutating func expectComma(_ usage: String) throws(ParseFailure) {
        guard current.kind == .comma else {
            throw error(
                current.kind == .end ? .unexpectedEnd : .invalidRange,
                "expected ',' but found \(current.kind.quotedForMessage); \(usage)",
                at: current
            )
        }
        try advance()
    }
}
