import Foundation

extension AttributeValue {
    /// Converts a loosely typed value, as passed to Core Spotlight's custom-attribute setter.
    ///
    /// Accepted: `AttributeValue`; `String`, `Substring`, `NSString`; `Bool`; the standard integer and
    /// floating-point types and `NSNumber`; `Date`/`NSDate`; `Data`/`NSData`; `URL`/`NSURL`; and arrays
    /// whose elements all convert to the same single-valued type (an empty array becomes `.strings([])`).
    ///
    /// - Parameter value: The value to convert.
    /// - Returns: `nil` when the value has no attribute form.
    public init?(bridging value: Any) {
        if let attributeValue = value as? AttributeValue {
            self = attributeValue
            return
        }
        if let scalar = Self.scalar(value) {
            self = scalar
            return
        }
        guard let array = Self.array(value) else { return nil }
        let elements = array.compactMap(Self.scalar)
        guard elements.count == array.count else { return nil }
        guard let firstType = elements.first?.type else {
            self = .strings([])
            return
        }
        switch firstType {
        case .string: self = .strings(elements.compactMap(\.stringValue))
        case .number: self = .numbers(elements.compactMap(\.numberValue))
        case .date: self = .dates(elements.compactMap(\.dateValue))
        case .url: self = .urls(elements.compactMap(\.urlValue))
        default: return nil
        }
        guard type.elementType == firstType, textualCount == elements.count else { return nil }
    }

    /// The number of elements, for checking that a list conversion kept every element.
    private var textualCount: Int {
        switch self {
        case .strings(let list): list.count
        case .numbers(let list): list.count
        case .dates(let list): list.count
        case .urls(let list): list.count
        default: 1
        }
    }

    private static func array(_ value: Any) -> [Any]? {
        if let strings = value as? [String] { return strings }
        if let anys = value as? [Any] { return anys }
        if let array = value as? NSArray { return array.map { $0 } }
        return nil
    }

    private static func scalar(_ value: Any) -> AttributeValue? {
        switch value {
        case let string as String: return .string(string)
        case let substring as Substring: return .string(String(substring))
        case let string as NSString: return .string(String(describing: string))
        case let flag as Bool: return .bool(flag)
        case let integer as Int: return .number(Double(integer))
        case let integer as Int64: return .number(Double(integer))
        case let integer as Int32: return .number(Double(integer))
        case let integer as UInt: return .number(Double(integer))
        case let integer as UInt64: return .number(Double(integer))
        case let integer as UInt32: return .number(Double(integer))
        case let double as Double: return .number(double)
        case let float as Float: return .number(Double(float))
        case let number as NSNumber: return .number(number.doubleValue)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let url as URL: return .url(url)
        default: return nil
        }
    }

    /// The value in Core Spotlight's loosely typed form: `String`, `NSNumber` (numbers and flags),
    /// `Date`, `Data`, `URL`, or an array of these.
    public var bridgedValue: Any {
        switch self {
        case .string(let value): value
        case .strings(let values): values
        case .number(let value): NSNumber(value: value)
        case .numbers(let values): values.map { NSNumber(value: $0) }
        case .date(let value): value
        case .dates(let values): values
        case .bool(let value): NSNumber(value: value)
        case .data(let value): value
        case .url(let value): value
        case .urls(let values): values
        }
    }
}
