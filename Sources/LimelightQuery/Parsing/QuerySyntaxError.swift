/// A query that could not be parsed: what was wrong and where.
///
/// `description` reads like `column 9: unterminated string starting at column 9`.
/// Match on ``code`` to react to a kind of error; new codes may be added without breaking callers.
public struct QuerySyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of error. Compare with the static members, for example `.unterminatedString`.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String

        private init(_ name: String) { self.name = name }

        /// The query is empty or only whitespace.
        public static let emptyQuery = Code("emptyQuery")
        /// A character that starts no token, such as `#` or a lone `&`.
        public static let unexpectedCharacter = Code("unexpectedCharacter")
        /// A token in a place where it does not belong.
        public static let unexpectedToken = Code("unexpectedToken")
        /// The query ended where more was needed.
        public static let unexpectedEnd = Code("unexpectedEnd")
        /// A quoted string without its closing quote.
        public static let unterminatedString = Code("unterminatedString")
        /// A malformed backslash escape such as `\u12`.
        public static let invalidEscape = Code("invalidEscape")
        /// A letter after a string or in `[…]` that is not a known modifier.
        public static let unknownModifier = Code("unknownModifier")
        /// Modifiers given for a value that is not a string.
        public static let misplacedModifier = Code("misplacedModifier")
        /// An attribute name was expected.
        public static let expectedAttribute = Code("expectedAttribute")
        /// A comparison operator was expected after an attribute.
        public static let expectedOperator = Code("expectedOperator")
        /// A value was expected after a comparison operator.
        public static let expectedValue = Code("expectedValue")
        /// A malformed number, or one too large to represent.
        public static let invalidNumber = Code("invalidNumber")
        /// A `$` variable or `$time` function that does not exist, or a malformed call of one.
        public static let invalidTimeFunction = Code("invalidTimeFunction")
        /// A date that is not valid ISO 8601.
        public static let invalidDate = Code("invalidDate")
        /// Parentheses that do not pair up.
        public static let unbalancedParenthesis = Code("unbalancedParenthesis")
        /// A malformed `InRange(attribute, low, high)` call.
        public static let invalidRange = Code("invalidRange")
        /// Groups or negations nested deeper than the parser allows.
        public static let nestingTooDeep = Code("nestingTooDeep")

        /// The code's name, for example `unterminatedString`.
        public var description: String { name }
    }

    /// The kind of error.
    public let code: Code
    /// What was wrong, in plain words, for example `expected a comparison operator after 'title'`.
    public let reason: String
    /// The 1-based position in the query, counted in characters, where the problem was found.
    public let column: Int
    /// The 0-based position in the query, counted in UTF-8 bytes (for byte-oriented clients).
    public let offset: Int

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of error.
    ///   - reason: What was wrong, in plain words.
    ///   - column: The 1-based character position.
    ///   - offset: The 0-based UTF-8 byte position.
    public init(code: Code, reason: String, column: Int, offset: Int) {
        self.code = code
        self.reason = reason
        self.column = column
        self.offset = offset
    }

    /// `column <n>: <reason>`.
    public var description: String { "column \(column): \(reason)" }
}
