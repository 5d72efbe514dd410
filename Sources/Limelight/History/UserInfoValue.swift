import Foundation

/// A JSON-compatible value of an activity's `userInfo`: what app history stores so that the
/// activity handed back to the app carries the same information it donated.
///
/// Integers and decimals stay distinct so that an `Int` given to the store comes back as an `Int`.
public enum UserInfoValue: Sendable, Hashable {
    /// JSON `null` (`NSNull` on the way in and out).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int64)
    /// A finite decimal number.
    case double(Double)
    /// Text.
    case string(String)
    /// An ordered list.
    case array([UserInfoValue])
    /// Members by name.
    case object([String: UserInfoValue])

    /// Converts a value as an app puts it in `userInfo`.
    ///
    /// Accepted: `String`, `Bool`, the integer types, finite `Double`/`Float`, `NSNull`, arrays of
    /// accepted values and dictionaries with `String` keys.
    /// - Parameters:
    ///   - value: The value.
    ///   - path: Where the value sits (for the error message), such as `userInfo["recipe"]`.
    /// - Throws: ``ActivityError`` with code `invalidUserInfo`, naming the path and the type.
    public init(converting value: Any, path: String) throws(ActivityError) {
        switch value {
        case let flag as Bool: self = .bool(flag)
        case let text as String: self = .string(text)
        case let text as Substring: self = .string(String(text))
        case let number as Int: self = .integer(Int64(number))
        case let number as Int64: self = .integer(number)
        case let number as Int32: self = .integer(Int64(number))
        case let number as Int16: self = .integer(Int64(number))
        case let number as Int8: self = .integer(Int64(number))
        case let number as UInt32: self = .integer(Int64(number))
        case let number as UInt16: self = .integer(Int64(number))
        case let number as UInt8: self = .integer(Int64(number))
        case let number as UInt:
            guard let exact = Int64(exactly: number) else { throw Self.unsupported(path, "a UInt beyond Int64") }
            self = .integer(exact)
        case let number as UInt64:
            guard let exact = Int64(exactly: number) else { throw Self.unsupported(path, "a UInt64 beyond Int64") }
            self = .integer(exact)
        case let number as Double:
            guard number.isFinite else { throw Self.unsupported(path, "a non-finite number") }
            self = .double(number)
        case let number as Float:
            guard number.isFinite else { throw Self.unsupported(path, "a non-finite number") }
            self = .double(Double(number))
        case is NSNull: self = .null
        case let list as [Any]:
            var elements: [UserInfoValue] = []
            for (index, element) in list.enumerated() {
                elements.append(try UserInfoValue(converting: element, path: path + "[\(index)]"))
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            self = .object(try Self.members(dictionary.map { (AnyHashable($0.key), $0.value) }, path: path))
        case let dictionary as [AnyHashable: Any]:
            self = .object(try Self.members(Array(dictionary), path: path))
        default:
            throw Self.unsupported(path, "a value of type \(type(of: value))")
        }
    }

    /// Converts a whole `userInfo` dictionary; every key must be a `String`.
    /// - Throws: ``ActivityError`` with code `invalidUserInfo`.
    public static func dictionary(converting userInfo: [AnyHashable: Any]) throws(ActivityError) -> [String: UserInfoValue] {
        try members(Array(userInfo), path: "userInfo")
    }

    private static func members(
        _ pairs: [(key: AnyHashable, value: Any)], path: String
    ) throws(ActivityError) -> [String: UserInfoValue] {
        var result: [String: UserInfoValue] = [:]
        for (key, value) in pairs {
            guard let name = key.base as? String else {
                throw ActivityError(
                    .invalidUserInfo,
                    message: "\(path) has a key of type \(type(of: key.base)); only String keys can be saved")
            }
            result[name] = try UserInfoValue(converting: value, path: path + "[\"\(name)\"]")
        }
        return result
    }

    private static func unsupported(_ path: String, _ what: String) -> ActivityError {
        ActivityError(
            .invalidUserInfo,
            message: "\(path) is \(what); userInfo may hold only strings, numbers, Booleans, NSNull, arrays "
                + "and dictionaries with String keys (convert URLs and dates to strings)")
    }

    /// The value as an app reads it back: `String`, `Bool`, `Int`, `Double`, `NSNull`, `[Any]` or
    /// `[String: Any]`.
    public var anyValue: Any {
        switch self {
        case .null: NSNull()
        case .bool(let flag): flag
        case .integer(let number): Int(exactly: number) ?? Double(number)
        case .double(let number): number
        case .string(let text): text
        case .array(let elements): elements.map(\.anyValue)
        case .object(let members): members.mapValues(\.anyValue) as [String: Any]
        }
    }

    /// A canonical JSON text of the value: object members sorted by name, no spaces. Equal values
    /// give equal texts, which is what identifies an activity by its required user-info values.
    public var canonicalJSON: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): String(number)
        case .double(let number): Self.format(number)
        case .string(let text): JSONValue.quote(text)
        case .array(let elements): "[" + elements.map(\.canonicalJSON).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { JSONValue.quote($0.key) + ":" + $0.value.canonicalJSON }
                .joined(separator: ",") + "}"
        }
    }

    private static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) + ".0" }
        return String(number)
    }
}

extension UserInfoValue: Codable {
    /// Decodes plain JSON.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([UserInfoValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: UserInfoValue].self))
        }
    }

    /// Encodes plain JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
