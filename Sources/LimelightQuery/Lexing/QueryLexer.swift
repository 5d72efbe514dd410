/// Splits query text into tokens, one at a time.
///
/// In strict mode every malformed token throws a ``ParseFailure``. In lenient mode the lexer
/// never throws: it repairs what it can (closes an open string, reads `&` as `&&`, skips stray
/// characters), records each repair in ``repairs`` and carries on.
struct QueryLexer: Sendable {
    /// The text being read.
    let source: SourceText
    /// Whether malformed input is repaired instead of rejected.
    let isLenient: Bool
    /// The scalar index of the next unread scalar.
    var position = 0
    /// What lenient mode repaired, in order.
    private(set) var repairs: [ParseFailure] = []

    init(_ source: SourceText, isLenient: Bool = false) {
        self.source = source
        self.isLenient = isLenient
    }

    var scalars: [Unicode.Scalar] { source.scalars }

    /// Reads the next token.
    mutating func next() throws(ParseFailure) -> Token {
        while true {
            skipWhitespace()
            guard position < scalars.count else {
                return Token(kind: .end, start: position, end: position)
            }
            let start = position
            if let kind = try readToken() {
                return Token(kind: kind, start: start, end: position)
            }
        }
    }

    /// Records a repair in lenient mode or throws it in strict mode.
    ///
    mutating func report(_ code: ParseFailure.Code, _ reason: String, at position: Int) throws(ParseFailure) {
        guard isLenient else { throw source.error(code, reason, at: position) }
        if repairs.count < Self.maximumRepairs { repairs.append(source.error(code, reason, at: position)) }
    }

    /// The most repairs lenient mode records.
    static let maximumRepairs = 64

    /// Moves past whitespace.
    mutating func skipWhitespace() {
        while position < scalars.count, Self.isWhitespace(scalars[position]) {
            position += 1
        }
    }

    /// The next scalar after any whitespace, without consuming anything.
    func peekPastWhitespace() -> Unicode.Scalar? {
        var index = position
        while index < scalars.count, Self.isWhitespace(scalars[index]) { index += 1 }
        return index < scalars.count ? scalars[index] : nil
    }

    /// The scalar `distance` places ahead of the cursor, if any.
    func scalar(ahead distance: Int = 0) -> Unicode.Scalar? {
        let index = position + distance
        return index < scalars.count ? scalars[index] : nil
    }

    /// Reads one token starting at the cursor; `nil` when lenient mode skipped a stray character.
    private mutating func readToken() throws(ParseFailure) -> Token.Kind? {
        let start = position
        let first = scalars[position]
        switch first {
        case "(":
            position += 1
            return .leftParenthesis
        case ")":
            position += 1
            return .rightParenthesis
        case ",":
            position += 1
            return .comma
        case "*":
            position += 1
            if scalar(ahead: 0) == "*" {
                position += 1
                return .doubleStar
            }
            return .star
        case "=":
            position += 1
            if scalar(ahead: 0) == "=" { position += 1 }
            return .comparison(.equal)
        case "!":
            position += 1
            if scalar(ahead: 0) == "=" {
                position += 1
                return .comparison(.notEqual)
            }
            return .not
        case "<", ">":
            position += 1
            let orEqual = scalar(ahead: 0) == "="
            if orEqual { position += 1 }
            if first == "<" { return .comparison(orEqual ? .lessOrEqual : .less) }
            return .comparison(orEqual ? .greaterOrEqual : .greater)
        case "&", "|":
            position += 1
            if scalar(ahead: 0) == first {
                position += 1
            } else {
                let doubled = first == "&" ? "&&" : "||"
                try report(.unexpectedCharacter, "unexpected '\(first)' (did you mean '\(doubled)'?)", at: start)
            }
            return first == "&" ? .and : .or
        case "[":
            return .modifierList(try readModifierList())
        case "\"", "'":
            return .string(try readString())
        case "$":
            return try readVariable()
        default:
            if Self.isDigit(first) || startsSignedNumber() {
                return try readNumber()
            }
            if Self.isIdentifierStart(first) {
                return .identifier(readIdentifier())
            }
            position += 1
            try report(.unexpectedCharacter, "unexpected character '\(first)'", at: start)
            return nil
        }
    }

    /// Reads `$name`.
    private mutating func readVariable() throws(ParseFailure) -> Token.Kind? {
        let start = position
        position += 1
        guard let first = scalar(ahead: 0), Self.isIdentifierStart(first) else {
            try report(.invalidTimeFunction, "expected a variable name such as '$time.now' after '$'", at: start)
            return nil
        }
        return .variable(readIdentifier())
    }

    /// Reads letters, digits, `_`, `.` and `:`.
    mutating func readIdentifier() -> String {
        let start = position
        while position < scalars.count, Self.isIdentifierContinuation(scalars[position]) {
            position += 1
        }
        return source.slice(start..<position)
    }

    /// Whether the cursor is at `-` or `+` (or `.`) directly followed by a digit or `.digit`.
    private func startsSignedNumber() -> Bool {
        guard let first = scalar(ahead: 0) else { return false }
        if first == "." { return scalar(ahead: 1).map(Self.isDigit) ?? false }
        guard first == "-" || first == "+", let second = scalar(ahead: 1) else { return false }
        if Self.isDigit(second) { return true }
        return second == "." && (scalar(ahead: 2).map(Self.isDigit) ?? false)
    }

    /// Reads `[-+]digits[.digits][e[-+]digits]`.
    private mutating func readNumber() throws(ParseFailure) -> Token.Kind? {
        let start = position
        if scalar(ahead: 0) == "-" || scalar(ahead: 0) == "+" { position += 1 }
        skipDigits()
        if scalar(ahead: 0) == ".", scalar(ahead: 1).map(Self.isDigit) ?? false {
            position += 1
            skipDigits()
        }
        if scalar(ahead: 0) == "e" || scalar(ahead: 0) == "E" {
            let afterSign = (scalar(ahead: 1) == "-" || scalar(ahead: 1) == "+") ? 2 : 1
            if scalar(ahead: afterSign).map(Self.isDigit) ?? false {
                position += afterSign
                skipDigits()
            }
        }
        if position < scalars.count, Self.isIdentifierContinuation(scalars[position]) {
            // Something like `12abc` or `1.2.3`: neither a number nor a name.
            while position < scalars.count, Self.isIdentifierContinuation(scalars[position]) { position += 1 }
            let text = source.slice(start..<position)
            try report(.invalidNumber, "invalid number '\(text)'", at: start)
            return .word(text)
        }
        let text = source.slice(start..<position)
        let digits = text.first == "+" ? String(text.dropFirst()) : text
        guard let value = Double(digits), value.isFinite else {
            try report(.invalidNumber, "number '\(text)' is out of range", at: start)
            return .word(text)
        }
        return .number(value)
    }

    private mutating func skipDigits() {
        while position < scalars.count, Self.isDigit(scalars[position]) { position += 1 }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x41 && scalar.value <= 0x5A) || (scalar.value >= 0x61 && scalar.value <= 0x7A)
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == "_" || isASCIILetter(scalar) }
        return scalar.properties.isAlphabetic
    }

    static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        if isDigit(scalar) || scalar == "_" || scalar == "." || scalar == ":" { return true }
        if scalar.value < 0x80 { return isASCIILetter(scalar) }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber: return true
        default: return scalar.properties.isAlphabetic
        }
    }
}

extension QueryLexer {
    /// Moves past one scalar (used after peeking at a known scalar).
    mutating func skipScalar() {
        if position < scalars.count { position += 1 }
    }
}
