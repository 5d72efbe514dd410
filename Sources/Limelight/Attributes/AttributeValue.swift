import Foundation

/// A typed attribute value: what one attribute of a searchable item holds.
///
/// The case always matches an ``AttributeType`` (see ``type``). Numbers are `Double`s; use
/// ``integer(_:)`` to build one from an `Int`. Lists keep their order and may be empty.
public enum AttributeValue: Sendable, Hashable {
    /// One string.
    case string(String)
    /// A list of strings.
    case strings([String])
    /// One number.
    case number(Double)
    /// A list of numbers.
    case numbers([Double])
    /// One point in time.
    case date(Date)
    /// A list of points in time.
    case dates([Date])
    /// A Boolean flag.
    case bool(Bool)
    /// Opaque bytes.
    case data(Data)
    /// One URL.
    case url(URL)
    /// A list of URLs.
    case urls([URL])

    /// A number value built from an integer.
    ///
    /// - Parameter value: The integer; values beyond ±2^53 lose precision, as with any `Double`.
    /// - Returns: `.number(Double(value))`.
    public static func integer(_ value: Int) -> AttributeValue {
        .number(Double(value))
    }

    /// The type of this value.
    public var type: AttributeType {
        switch self {
        case .string: .string
        case .strings: .strings
        case .number: .number
        case .numbers: .numbers
        case .date: .date
        case .dates: .dates
        case .bool: .bool
        case .data: .data
        case .url: .url
        case .urls: .urls
        }
    }

    /// The value as one string, when it is a `.string`.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The value as a list of strings: the list of a `.strings`, or a one-element list for a `.string`.
    public var stringValues: [String]? {
        switch self {
        case .string(let value): [value]
        case .strings(let values): values
        default: nil
        }
    }

    /// The value as one number, when it is a `.number`.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The value as one date, when it is a `.date`.
    public var dateValue: Date? {
        if case .date(let value) = self { value } else { nil }
    }

    /// The value as a flag, when it is a `.bool`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The value as bytes, when it is a `.data`.
    public var dataValue: Data? {
        if case .data(let value) = self { value } else { nil }
    }

    /// The value as one URL, when it is a `.url`.
    public var urlValue: URL? {
        if case .url(let value) = self { value } else { nil }
    }

    /// The textual form of every element, for text indexing and display: strings as they are, URLs
    /// as absolute strings, numbers without a trailing `.0` when integral, dates in ISO 8601, flags as
    /// `true`/`false`; data has no textual form and gives an empty list.
    public var textualElements: [String] {
        switch self {
        case .string(let value): [value]
        case .strings(let values): values
        case .number(let value): [Self.format(value)]
        case .numbers(let values): values.map(Self.format)
        case .date(let value): [ISO8601Date.format(value)]
        case .dates(let values): values.map(ISO8601Date.format)
        case .bool(let value): [value ? "true" : "false"]
        case .data: []
        case .url(let value): [value.absoluteString]
        case .urls(let values): values.map(\.absoluteString)
        }
    }

    /// Whether the value is accepted for an attribute of type `expected`: the types are equal, or the
    /// value is a single element given for a list type (it is then stored as a one-element list, see
    /// ``coerced(to:)``).
    ///
    /// - Parameter expected: The attribute's declared type.
    public func isCompatible(with expected: AttributeType) -> Bool {
        coerced(to: expected) != nil
    }

    /// This value converted to `expected`, or `nil` when it cannot be.
    ///
    /// The only conversion is a single element to a one-element list of the same element type
    /// (`.string("a")` → `.strings(["a"])`); everything else must match exactly.
    ///
    /// - Parameter expected: The attribute's declared type.
    public func coerced(to expected: AttributeType) -> AttributeValue? {
        if type == expected { return self }
        switch (self, expected) {
        case (.string(let value), .strings): return .strings([value])
        case (.number(let value), .numbers): return .numbers([value])
        case (.date(let value), .dates): return .dates([value])
        case (.url(let value), .urls): return .urls([value])
        default: return nil
        }
    }

    /// A number's shortest textual form: integral values without a fractional part.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}
