import Foundation

/// A JSON value with object members in a fixed order, used to read and write item files.
indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([JSONMember])

    /// The JSON type's name for error messages: "a string", "an object", …
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Parses JSON text.
    static func parse(_ bytes: Data) throws(ItemJSONError) -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: bytes)
        } catch let error as DecodingError {
            let detail: String
            switch error {
            case .dataCorrupted(let context):
                let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                detail = underlying ?? context.debugDescription
            default:
                detail = "\(error)"
            }
            throw ItemJSONError(kind: .malformedJSON, path: "", message: "the line is not valid JSON (\(detail))")
        } catch {
            throw ItemJSONError(kind: .malformedJSON, path: "", message: "the line is not valid JSON (\(error))")
        }
    }

    /// Writes the value as JSON text.
    ///
    /// - Parameters:
    ///   - prettyPrinted: Whether to break objects and arrays over indented lines.
    ///   - indent: The current indentation, for pretty printing.
    func serialized(prettyPrinted: Bool = false, indent: String = "") -> String {
        switch self {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return AttributeValue.format(number)
        case .string(let string): return Self.quote(string)
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            if !prettyPrinted { return "[" + elements.map { $0.serialized() }.joined(separator: ",") + "]" }
            let inner = indent + "  "
            let body = elements.map { inner + $0.serialized(prettyPrinted: true, indent: inner) }
            return "[\n" + body.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            if !prettyPrinted {
                return "{" + members.map { Self.quote($0.key) + ":" + $0.value.serialized() }.joined(separator: ",")
                    + "}"
            }
            let inner = indent + "  "
            let body = members.map {
                inner + Self.quote($0.key) + ": " + $0.value.serialized(prettyPrinted: true, indent: inner)
            }
            return "{\n" + body.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as is.
    static func quote(_ string: String) -> String {
        var result = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// One member of a JSON object.
struct JSONMember: Sendable, Equatable {
    var key: String
    var value: JSONValue
}

extension JSONValue: Decodable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [JSONMember] = []
            for key in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(JSONMember(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }
}
