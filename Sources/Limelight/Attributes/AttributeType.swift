/// The kind of value an attribute holds.
///
/// Every attribute in ``AttributeCatalogue`` and every custom attribute has exactly one type.
/// Multi-valued types (`strings`, `numbers`, `dates`, `urls`) hold an ordered list of values of the
/// matching single-valued type; ``elementType`` gives that single-valued type.
public enum AttributeType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// One string.
    case string
    /// A list of strings.
    case strings
    /// One number, stored as a `Double` (integers are accepted and stored exactly up to 2^53).
    case number
    /// A list of numbers.
    case numbers
    /// One point in time.
    case date
    /// A list of points in time.
    case dates
    /// A Boolean flag.
    case bool
    /// Opaque bytes (for example a thumbnail image).
    case data
    /// One URL.
    case url
    /// A list of URLs.
    case urls

    /// Whether a value of this type is a list.
    public var isMultiValued: Bool {
        switch self {
        case .strings, .numbers, .dates, .urls: true
        case .string, .number, .date, .bool, .data, .url: false
        }
    }

    /// The type of one element: the type itself for single-valued types, the matching single-valued
    /// type for lists (`strings` → `string`).
    public var elementType: AttributeType {
        switch self {
        case .strings: .string
        case .numbers: .number
        case .dates: .date
        case .urls: .url
        case .string, .number, .date, .bool, .data, .url: self
        }
    }

    /// The list type whose elements have this type (`string` → `strings`), or `nil` for types that
    /// have no list form (`bool`, `data`) and for types that already are lists.
    public var listType: AttributeType? {
        switch self {
        case .string: .strings
        case .number: .numbers
        case .date: .dates
        case .url: .urls
        case .strings, .numbers, .dates, .urls, .bool, .data: nil
        }
    }

    /// Whether the values of this type hold words that can be text-indexed (strings and string lists).
    public var isTextual: Bool { elementType == .string }

    /// The type's name as written in JSON item files and error messages (`"string"`, `"dates"`, …).
    public var description: String { rawValue }
}
