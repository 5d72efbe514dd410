/// A JSON value as read from a page's JSON-LD or an association file, and as written by the CLI.
///
/// Objects keep their members in source order (see ``JSONObject``) so that output is stable and
/// readable, and so that "first in the document" has a meaning for extractors.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number. JSON does not distinguish integers; they are exact up to 2^53.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in source order.
    case array([JSONValue])
    /// An object, members in source order.
    case object(JSONObject)

    /// The string, when this value is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number, when this value is a number.
    public var numberValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The Boolean, when this value is a Boolean.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The object, when this value is an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements, when this value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The value as a list: the elements of an array, nothing for `null`, else the value alone.
    /// Structured-data properties may hold one value or several; this reads both the same way.
    public var asList: [JSONValue] {
        switch self {
        case .array(let array): return array
        case .null: return []
        default: return [self]
        }
    }

    /// The member `key` of an object, or nil when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

/// One member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// A JSON object whose members keep their source order.
///
/// Lookup is linear, which is faster than hashing for the small objects of web markup.
/// When a name occurs twice, the last occurrence wins, as in most JSON readers.
public struct JSONObject: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// The members in source order (duplicates included).
    public private(set) var members: [JSONMember]

    /// Creates an object from members in order.
    public init(members: [JSONMember] = []) {
        self.members = members
    }

    /// Creates an object from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        members = elements.map { JSONMember(key: $0.0, value: $0.1) }
    }

    /// The member names in source order, without duplicates.
    public var keys: [String] {
        var seen = Set<String>()
        return members.compactMap { seen.insert($0.key).inserted ? $0.key : nil }
    }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// The value of the last member named `key`; setting replaces it in place or appends.
    /// Setting nil removes every member with that name.
    public subscript(key: String) -> JSONValue? {
        get {
            for member in members.reversed() where member.key == key { return member.value }
            return nil
        }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.lastIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append(JSONMember(key: key, value: newValue))
            }
        }
    }

    /// Appends a member without looking for an existing one (the parser's fast path).
    public mutating func append(key: String, value: JSONValue) {
        members.append(JSONMember(key: key, value: value))
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A number value.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number value.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array value.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue {
    /// A string value, or `null` when `string` is nil.
    public static func optional(_ string: String?) -> JSONValue {
        string.map(JSONValue.string) ?? .null
    }

    /// A number value, or `null` when `number` is nil or not finite.
    public static func optional(_ number: Double?) -> JSONValue {
        guard let number, number.isFinite else { return .null }
        return .number(number)
    }

    /// A number value, or `null` when `number` is nil.
    public static func optional(_ number: Int?) -> JSONValue {
        number.map { .number(Double($0)) } ?? .null
    }

    /// An array of strings.
    public static func strings(_ strings: [String]) -> JSONValue {
        .array(strings.map(JSONValue.string))
    }
}
