import Foundation

/// Typed views of the attribute dictionary used by the generated-looking property extensions.
extension CSSearchableItemAttributeSet {
    subscript(string name: String) -> String? {
        get { self[attribute: name]?.stringValue }
        set { assign(newValue.map(AttributeValue.string), to: name) }
    }

    subscript(strings name: String) -> [String]? {
        get {
            if case .strings(let values)? = self[attribute: name] { values } else { nil }
        }
        set { assign(newValue.map(AttributeValue.strings), to: name) }
    }

    subscript(number name: String) -> NSNumber? {
        get { self[attribute: name]?.numberValue.map { NSNumber(value: $0) } }
        set { assign(newValue.map { AttributeValue.number($0.doubleValue) }, to: name) }
    }

    subscript(flag name: String) -> NSNumber? {
        get { self[attribute: name]?.boolValue.map { NSNumber(value: $0) } }
        set { assign(newValue.map { AttributeValue.bool($0.doubleValue != 0) }, to: name) }
    }

    subscript(date name: String) -> Date? {
        get { self[attribute: name]?.dateValue }
        set { assign(newValue.map(AttributeValue.date), to: name) }
    }

    subscript(dates name: String) -> [Date]? {
        get {
            if case .dates(let values)? = self[attribute: name] { values } else { nil }
        }
        set { assign(newValue.map(AttributeValue.dates), to: name) }
    }

    subscript(url name: String) -> URL? {
        get { self[attribute: name]?.urlValue }
        set { assign(newValue.map(AttributeValue.url), to: name) }
    }

    subscript(data name: String) -> Data? {
        get { self[attribute: name]?.dataValue }
        set { assign(newValue.map(AttributeValue.data), to: name) }
    }
}
