/// One lexical unit of a query, with its position in scalars of the source text.
struct Token: Sendable, Equatable {
    /// What the token is.
    enum Kind: Sendable, Equatable {
        /// An attribute name or a bare word: letters, digits, `_`, `.` and `:`.
        case identifier(String)
        /// `*` outside a string: any default-searched attribute.
        case star
        /// `**` outside a string: default-searched attributes plus text content.
        case doubleStar
        /// A quoted string with the modifiers written right after its closing quote.
        case string(StringLiteral)
        /// A number literal.
        case number(Double)
        /// `$name`, for example `$time.today` (the name excludes the `$`).
        case variable(String)
        /// `==`, `=`, `!=`, `<`, `>`, `<=` or `>=`.
        case comparison(ComparisonOperator)
        /// `[cd]`: modifiers written after a comparison operator.
        case modifierList(ComparisonModifiers)
        /// `&&`.
        case and
        /// `||`.
        case or
        /// `!` (not followed by `=`).
        case not
        /// `(`.
        case leftParenthesis
        /// `)`.
        case rightParenthesis
        /// `,`.
        case comma
        /// Text that is neither a name nor a valid number, such as `12abc` (lenient mode only:
        /// strict mode rejects it). It can be a free-text word but never an attribute name.
        case word(String)
        /// The end of the query.
        case end
    }

    /// What the token is.
    let kind: Kind
    /// The scalar index where the token starts.
    let start: Int
    /// The scalar index just past the token.
    let end: Int
}

/// A quoted string as the lexer read it.
struct StringLiteral: Sendable, Equatable {
    /// The pattern: literal runs and the unescaped `*` and `?` wildcards.
    let pattern: StringPattern
    /// Modifier letters written right after the closing quote.
    let modifiers: ComparisonModifiers
}

extension Token.Kind {
    /// How the token reads in an error message, for example `'&&'` or `the end of the query`.
    var quotedForMessage: String {
        switch self {
        case .identifier(let name): return "'\(name)'"
        case .star: return "'*'"
        case .doubleStar: return "'**'"
        case .string: return "a string"
        case .number: return "a number"
        case .variable(let name): return "'$\(name)'"
        case .comparison(let op): return "'\(op.symbol)'"
        case .modifierList: return "a modifier list"
        case .and: return "'&&'"
        case .or: return "'||'"
        case .not: return "'!'"
        case .leftParenthesis: return "'('"
        case .rightParenthesis: return "')'"
        case .comma: return "','"
        case .word(let text): return "'\(text)'"
        case .end: return "the end of the query"
        }
    }
}
