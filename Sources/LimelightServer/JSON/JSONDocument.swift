import Foundation

/// A JSON value as the daemon reads it from requests and writes it in responses.
///
/// Objects keep their members in a dictionary (member order carries no meaning in the API) and
/// are written with sorted keys, so equal documents give equal text. ``raw(_:)`` embeds JSON text
/// produced elsewhere (an item in the item-file format) without parsing it again.
public enum JSONDocument: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONDocument])
    /// An object.
    case object([String: JSONDocument])
    /// JSON text written as is (never produced by parsing).
    case raw(String)

    /// Parses one JSON document.
    ///
    /// - Parameter data: UTF-8 JSON text.
    /// - Returns: The document.
    /// - Throws: ``LimelightServiceError`` (`invalidRequest`) saying where the text is malformed.
    public static func parse(_ data: Data) throws(LimelightServiceError) -> JSONDocument {
        do {
            return try JSONDecoder().decode(JSONDocument.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            let detail = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            throw .invalidRequest(field: nil, "the body is not valid JSON: \(detail ?? context.debugDescription)")
        } catch {
            throw .invalidRequest(field: nil, "the body is not valid JSON: \(error)")
        }
    }

    /// The JSON text of the document.
    public var serialized: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The UTF-8 bytes of ``serialized``.
    public var data: Data { Data(serialized.utf8) }

    /// Appends the document's JSON text to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let number): output += Self.format(number)
        case .string(let string): Self.quote(string, into: &output)
        case .raw(let text): output += text
        case .array(let elements):
            output += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { output += "," }
                Self.quote(key, into: &output)
                output += ":"
                members[key, default: .null].write(to: &output)
            }
            output += "}"
        }
    }

    /// A number as JSON: integers without a fraction, non-finite values as `null`.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// Appends `string` as a quoted JSON string.
    static func quote(_ string: String, into output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONDocument: Decodable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONDocument] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONDocument.self)) }
            self = .array(elements)
            return
        }
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONDocument] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONDocument.self, forKey: key) }
            self = .object(members)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let flag = try? value.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? value.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try value.decode(String.self))
        }
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension JSONDocument: ExpressibleByStringLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    /// A string document.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An object document.
    public init(dictionaryLiteral elements: (String, JSONDocument)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }
    /// An array document.
    public init(arrayLiteral elements: JSONDocument...) { self = .array(elements) }
}

extension JSONDocument {
    /// A number document from an integer.
    public static func integer(_ value: Int) -> JSONDocument { .number(Double(value)) }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONDocument? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The string, when the document is one.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The elements, when the document is an array.
    public var arrayValue: [JSONDocument]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The number, when the document is one.
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }
}
