extension QueryLexer {
    /// Reads a quoted string starting at the opening quote, then any modifier letters written
    /// right after the closing quote.
    ///
    /// Escapes: `\n`, `\t`, `\r`, `\uXXXX` and `\u{X…}`; a backslash before any other character
    /// (such as `\"`, `\'`, `\\`, `\*`, `\?`) makes that character literal.
    mutating func readString() throws(QuerySyntaxError) -> StringLiteral {
        let start = position
        let quote = scalars[position]
        position += 1
        var segments: [StringPattern.Segment] = []
        var literal = String.UnicodeScalarView()
        func flushLiteral() {
            if !literal.isEmpty {
                segments.append(.literal(String(literal)))
                literal = String.UnicodeScalarView()
            }
        }
        var isClosed = false
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == quote {
                position += 1
                isClosed = true
                break
            }
            switch scalar {
            case "\\":
                guard position + 1 < scalars.count else {
                    position += 1
                    break
                }
                literal.append(try readEscape())
            case "*":
                position += 1
                flushLiteral()
                segments.append(.anyCharacters)
            case "?":
                position += 1
                flushLiteral()
                segments.append(.anyCharacter)
            default:
                position += 1
                literal.append(scalar)
            }
        }
        flushLiteral()
        if !isClosed {
            let column = source.column(at: start)
            try report(
                source.error(.unterminatedString, "unterminated string starting at column \(column)", at: start)
            )
        }
        let modifiers = isClosed ? try readModifierSuffix() : []
        return StringLiteral(pattern: StringPattern(segments: segments), modifiers: modifiers)
    }

    /// Reads a backslash escape at the cursor (a scalar is known to follow the backslash).
    private mutating func readEscape() throws(QuerySyntaxError) -> Unicode.Scalar {
        let start = position
        position += 1
        let escaped = scalars[position]
        position += 1
        switch escaped {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "u": break
        default: return escaped
        }
        var digits = String.UnicodeScalarView()
        if scalar(ahead: 0) == "{" {
            position += 1
            while let next = scalar(ahead: 0), next != "}", digits.count < 8 {
                digits.append(next)
                position += 1
            }
            if scalar(ahead: 0) == "}" {
                position += 1
            } else {
                digits = String.UnicodeScalarView()
            }
        } else {
            while digits.count < 4, let next = scalar(ahead: 0), next.properties.isASCIIHexDigit {
                digits.append(next)
                position += 1
            }
            if digits.count < 4 { digits = String.UnicodeScalarView() }
        }
        if let value = UInt32(String(digits), radix: 16), let decoded = Unicode.Scalar(value) {
            return decoded
        }
        try report(
            source.error(
                .invalidEscape,
                "invalid escape '\(source.slice(start..<position))': expected \\uXXXX or \\u{X…} with a valid code point",
                at: start
            )
        )
        return "\u{FFFD}"
    }

    /// Reads modifier letters written right after a closing quote (`"Paris"cd`).
    private mutating func readModifierSuffix() throws(QuerySyntaxError) -> ComparisonModifiers {
        var modifiers: ComparisonModifiers = []
        while position < scalars.count, Self.isIdentifierContinuation(scalars[position]) {
            let scalar = scalars[position]
            if let modifier = ComparisonModifiers(letter: Character(scalar)) {
                modifiers.insert(modifier)
            } else {
                try report(
                    source.error(
                        .unknownModifier,
                        "unknown modifier '\(scalar)' after string (expected c, d, w or t)",
                        at: position
                    )
                )
            }
            position += 1
        }
        return modifiers
    }

    /// Reads `[cd]` starting at the `[`; whitespace inside the brackets is ignored.
    mutating func readModifierList() throws(QuerySyntaxError) -> ComparisonModifiers {
        let start = position
        position += 1
        var modifiers: ComparisonModifiers = []
        while position < scalars.count, scalars[position] != "]" {
            let scalar = scalars[position]
            if let modifier = ComparisonModifiers(letter: Character(scalar)) {
                modifiers.insert(modifier)
            } else if !scalar.properties.isWhitespace {
                if !Self.isIdentifierContinuation(scalar) { break }
                try report(
                    source.error(
                        .unknownModifier,
                        "unknown modifier '\(scalar)' in '[…]' (expected c, d, w or t)",
                        at: position
                    )
                )
            }
            position += 1
        }
        if position < scalars.count, scalars[position] == "]" {
            position += 1
        } else {
            try report(source.error(.unexpectedCharacter, "expected ']' to close the modifier list", at: start))
        }
        return modifiers
    }

    /// Reads the raw text of a `$time.iso(…)` argument up to (not including) the closing `)`.
    ///
    /// - Returns: The text and where it starts, or `nil` when no `)` follows.
    mutating func readRawArgument() -> (text: String, start: Int)? {
        skipWhitespace()
        let start = position
        var end = position
        while end < scalars.count, scalars[end] != ")" { end += 1 }
        guard end < scalars.count else { return nil }
        position = end
        return (source.slice(start..<end), start)
    }
}
