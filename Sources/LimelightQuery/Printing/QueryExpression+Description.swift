// Canonical query syntax for every AST type. Parsing the printed text gives back an equal value
// (for values that parsing can produce: finite numbers, named attributes that are identifiers,
// instants in years 0000–9999).

extension QueryExpression: CustomStringConvertible {
    /// The expression in canonical query syntax, for example
    /// `title == "Paris"cd && (fileSize > 1000 || !(rating < 3))`.
    ///
    /// `&&` operands that are `||` groups get parentheses; the operand of `!` always does.
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .comparison(let comparison):
            output += comparison.description
        case .inRange(let range):
            output += range.description
        case .not(let operand):
            output += "!("
            operand.write(to: &output)
            output += ")"
        case .and(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { output += " && " }
                if case .or = operand {
                    output += "("
                    operand.write(to: &output)
                    output += ")"
                } else {
                    operand.write(to: &output)
                }
            }
        case .or(let operands):
            for (index, operand) in operands.enumerated() {
                if index > 0 { output += " || " }
                operand.write(to: &output)
            }
        }
    }
}

extension Comparison: CustomStringConvertible {
    /// `attribute op value`, for example `title == "Paris"cd`.
    public var description: String {
        "\(attribute) \(self.operator.symbol) \(value)"
    }
}

extension RangeTest: CustomStringConvertible {
    /// `InRange(attribute, low, high)`.
    public var description: String {
        "InRange(\(attribute), \(lowerBound), \(upperBound))"
    }
}

extension AttributeReference: CustomStringConvertible {
    /// The attribute name, `*` or `**`.
    public var description: String {
        switch self {
        case .named(let name): return name
        case .anyDefault: return "*"
        case .anyIncludingContent: return "**"
        }
    }
}

extension QueryValue: CustomStringConvertible {
    /// The value as written in a query: `"Paris"cd`, `1000`, `2.5`, `true`, `$time.today(-1)`.
    public var description: String {
        switch self {
        case .string(let pattern, let modifiers):
            return pattern.description + modifiers.letters
        case .number(let number):
            return Self.format(number)
        case .bool(let bool):
            return bool ? "true" : "false"
        case .date(let time):
            return time.description
        }
    }

    /// Whole numbers print without a fraction (`1000`), others in Swift's shortest form (`2.5`, `1e-07`).
    private static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}

extension StringPattern: CustomStringConvertible {
    /// The pattern as a double-quoted string: wildcards bare, literal `*`, `?`, `"` and `\` escaped,
    /// control characters as `\n`, `\t`, `\r` or `\u{…}`.
    public var description: String {
        var output = "\""
        for segment in segments {
            switch segment {
            case .anyCharacters: output += "*"
            case .anyCharacter: output += "?"
            case .literal(let text):
                for scalar in text.unicodeScalars {
                    switch scalar {
                    case "\"", "\\", "*", "?": output += "\\" + String(scalar)
                    case "\n": output += "\\n"
                    case "\t": output += "\\t"
                    case "\r": output += "\\r"
                    default:
                        if scalar.value < 0x20 || scalar.value == 0x7F {
                            output += "\\u{" + String(scalar.value, radix: 16) + "}"
                        } else {
                            output.unicodeScalars.append(scalar)
                        }
                    }
                }
            }
        }
        return output + "\""
    }
}

extension TimeExpression: CustomStringConvertible {
    /// `$time.today(-1)`, `$time.now` or `$time.iso(2026-01-10T00:00:00Z)`.
    public var description: String {
        switch self {
        case .relative(let relative):
            return relative.description
        case .instant(let seconds):
            return "$time.iso(\(ISO8601Date.format(seconds) ?? String(seconds)))"
        }
    }
}

extension RelativeTime: CustomStringConvertible {
    /// `$time.<anchor>` or `$time.<anchor>(<offset>)`.
    public var description: String {
        offset == 0 ? "$time.\(anchor.functionName)" : "$time.\(anchor.functionName)(\(offset))"
    }
}
