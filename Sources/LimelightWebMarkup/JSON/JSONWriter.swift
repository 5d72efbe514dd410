/// Serialises ``JSONValue`` trees as standard JSON text.
extension JSONValue {
    /// The value as JSON text.
    ///
    /// - Parameters:
    ///   - pretty: indent nested values by two spaces per level and put one member per line.
    ///   - sortedKeys: write object members sorted by name instead of in source order.
    /// - Returns: valid JSON (UTF-8 safe; control characters escaped; non-finite numbers become `null`).
    /// - Complexity: O(size of the tree). Nesting deeper than 512 levels is written as `null`.
    public func serialized(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var writer = JSONTextWriter(pretty: pretty, sortedKeys: sortedKeys)
        writer.write(self, depth: 0)
        return writer.output
    }
}

/// The state of one serialisation.
struct JSONTextWriter {
    static let maximumDepth = 512

    let pretty: Bool
    let sortedKeys: Bool
    var output = ""

    init(pretty: Bool, sortedKeys: Bool) {
        self.pretty = pretty
        self.sortedKeys = sortedKeys
    }

    mutating func write(_ value: JSONValue, depth: Int) {
        guard depth < Self.maximumDepth else {
            output += "null"
            return
        }
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let number): output += Self.format(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            if elements.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                newline(depth: depth + 1)
                write(element, depth: depth + 1)
            }
            newline(depth: depth)
            output += "]"
        case .object(let object):
            var members = object.members
            if members.isEmpty {
                output += "{}"
                return
            }
            if sortedKeys { members.sort { $0.key < $1.key } }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                newline(depth: depth + 1)
                writeString(member.key)
                output += pretty ? ": " : ":"
                write(member.value, depth: depth + 1)
            }
            newline(depth: depth)
            output += "}"
        }
    }

    private mutating func newline(depth: Int) {
        guard pretty else { return }
        output += "\n"
        output += String(repeating: "  ", count: depth)
    }

    private mutating func writeString(_ string: String) {
        output += "\""
        var pendingStart = string.unicodeScalars.startIndex
        let scalars = string.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            let escape: String?
            switch scalar {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    escape = "\\u" + Self.hex4(scalar.value)
                } else {
                    escape = nil
                }
            }
            if let escape {
                output.unicodeScalars.append(contentsOf: scalars[pendingStart..<index])
                output += escape
                pendingStart = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[pendingStart..<scalars.endIndex])
        output += "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Integers print without a fraction; other numbers use Swift's shortest round-trip form.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            return String(Int64(number))
        }
        return "\(number)"
    }
}
