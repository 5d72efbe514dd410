extension QueryLexer {
    /// Reads a quoted string starting at the opening quote, then any modifier letters written
    /// right after the closing quote.
    ///
    /// Escapes: `\n`, `\t`, `\r`, `\uXXXX` and `\u{X…}`; a backslash before any other character
    /// (such as `\"`, `\'`, `\\`, `\*`, `\?`) makes that character literal.
    mutating func readString() throws(ParseFailure) -> StringLiteral {
        let start = position
        let quote = scalars[position]
        position += 1
        var segments: [StringPattern.Segment] = []
        // Plain runs are copied from the source in one slice; escapes are appended one by one.
        var literal = ""
        var runStart = position
        func flushRun(upTo end: Int) {
            if end > runStart { literal += source.slice(runStart..<end) }
        }
        func flushLiteral() {
            if !literal.isEmpty {
                segments.append(.literal(literal))
                literal = ""
            }
        }
        var isClosed = false
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == quote {
                flushRun(upTo: position)
                position += 1
                isClosed = true
                break
            }
            switch scalar {
            case "\\":
                flushRun(upTo: position)
                if position + 1 < scalars.count {
                    literal.unicodeScalars.append(try readEscape())
                } else {
                    position += 1
                }
                runStart = position
            case "*", "?":
                flushRun(upTo: position)
                position += 1
                runStart = position
                flushLiteral()
                segments.append(scalar == "*" ? .anyCharacters : .anyCharacter)
            default:
                position += 1
            }
        }
        if !isClosed { flushRun(upTo: position) }
        flushLiteral()
        if !isClosed {
            let column = source.column(at: start)
            try report(.unterminatedString, "unterminated string starting at column \(column)", at: start)
        }
        let modifiers = isClosed ? try readModifierSuffix() : []
        return StringLiteral(pattern: StringPattern(segments: segments), modifiers: modifiers)
    }

    /// Reads a backslash escape at the cursor (a scalar is known to follow the backslash).
    private mutating func readEscape() throws(ParseFailure) -> Unicode.Scalar {
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
            .invalidEscape,
            "invalid escape '\(source.slice(start..<position))': expected \\uXXXX or \\u{X…} with a valid code point",
            at: start
        )
        return "\u{FFFD}"
    }

    /// Reads modifier letters written right after a closing quote (`"Paris"cd`).
    private mutating func readModifierSuffix() throws(ParseFailure) -> ComparisonModifiers {
        var modifiers: ComparisonModifiers = []
        while position < scalars.count, Self.isIdentifierContinuation(scalars[position]) {
            let scalar = scalars[position]
            if let modifier = ComparisonModifiers(letter: Character(scalar)) {
                modifiers.insert(modifier)
            } else {
                try report(
                    .unknownModifier,
                    "unknown modifier '\(scalar)' after string (expected c, d, w or t)",
                    at: position
                )
            }
            position += 1
        }
        return modifiers
    }

    /// Reads `[cd]` starting at the `[`; whitespace inside the brackets is ignored.
    mutating func readModifierList() throws(ParseFailure) -> ComparisonModifiers {
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
                    .unknownModifier,
                    "unknown modifier '\(scalar)' in '[…]' (expected c, d, w or t)",
                    at: position
                )
            }
            position += 1
        }
        if position < scalars.count, scalars[position] == "]" {
            position += 1
        } else {
            try report(.unexpectedCharacter, "expected ']' to close the modifier list", at: start)
        }
        return modifiers
    }

    /// Reads the raw text of a `$time.iso(…)` argument up to (not including) the closing `)`.
    ///
    /// The search for `)` stops after ``maximumRawArgumentLength`` scalars (no ISO 8601 date is
    /// that long), so a run of unclosed `$time.iso(` stays linear.
    ///
    /// - Returns: The text and where it starts, or `nil` when no `)` follows closely enough; the
    ///   cursor moves only on success.
    mutating func readRawArgument() -> (text: String, start: Int)? {
        var start = position
        while start < scalars.count, Self.isWhitespace(scalars[start]) { start += 1 }
        let limit = min(scalars.count, start + Self.maximumRawArgumentLength)
        var end = start
        while end < limit, scalars[end] != ")" { end += 1 }
        guard end < limit else { return nil }
        position = end
        return (source.slice(start..<end), start)
    }

    /// The longest raw `$time.iso(…)` argument searched for its `)`.
    static let maximumRawArgumentLength = 64
}
