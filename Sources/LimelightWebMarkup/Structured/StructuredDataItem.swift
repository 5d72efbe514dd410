/// An item of Microdata or RDFa: types, an optional global identifier and named properties.
///
/// Its JSON form (``json``) is the WHATWG "microdata to JSON" shape:
/// `{"type": [...], "id": "...", "properties": {"name": [values]}}`.
public struct StructuredDataItem: Sendable, Equatable {
    /// A property value: text (or a URL) or a nested item.
    public enum Value: Sendable, Equatable {
        /// A text or URL value.
        case text(String)
        /// A nested item.
        case item(StructuredDataItem)
        /// An item that refers back to one of its ancestors (a cycle made with `itemref`), or
        /// that nests deeper than the extractor follows; written as `"ERROR"` as the WHATWG
        /// algorithm says.
        case error
    }

    /// One property: a name and its values in tree order.
    public struct Property: Sendable, Equatable {
        /// The property name as written (`name`, `aggregateRating`, or an absolute URL).
        public var name: String
        /// The values in tree order.
        public var values: [Value]

        /// Creates a property.
        public init(name: String, values: [Value]) {
            self.name = name
            self.values = values
        }
    }

    /// The item types (`itemtype` / `typeof`), as absolute URLs when the page gives them so.
    public var types: [String]
    /// The global identifier (`itemid` / `resource`), resolved, when given.
    public var id: String?
    /// The properties, in order of first appearance.
    public var properties: [Property]

    /// Creates an item.
    public init(types: [String] = [], id: String? = nil, properties: [Property] = []) {
        self.types = types
        self.id = id
        self.properties = properties
    }

    /// Adds a value to the property `name`, creating the property when new.
    public mutating func add(_ value: Value, to name: String) {
        if let index = properties.firstIndex(where: { $0.name == name }) {
            properties[index].values.append(value)
        } else {
            properties.append(Property(name: name, values: [value]))
        }
    }

    /// The values of a property, or an empty list.
    public func values(of name: String) -> [Value] {
        properties.first { $0.name == name }?.values ?? []
    }

    /// The WHATWG JSON form of the item.
    public var json: JSONValue {
        var object = JSONObject()
        if !types.isEmpty { object["type"] = .strings(types) }
        if let id { object["id"] = .string(id) }
        var propertyObject = JSONObject()
        for property in properties {
            propertyObject.append(key: property.name, value: .array(property.values.map(\.json)))
        }
        object["properties"] = .object(propertyObject)
        return .object(object)
    }

    /// The item as a JSON-LD-like node, so one schema.org reader serves all three syntaxes:
    /// `{"@type": [...], "@id": ..., "name": [values]}`.
    public var linkedDataNode: JSONValue {
        var object = JSONObject()
        if !types.isEmpty { object["@type"] = .strings(types) }
        if let id { object["@id"] = .string(id) }
        for property in properties {
            let values: [JSONValue] = property.values.compactMap {
                switch $0 {
                case .text(let text): return .string(text)
                case .item(let item): return item.linkedDataNode
                case .error: return nil
                }
            }
            object.append(key: property.name, value: .array(values))
        }
        return .object(object)
    }
}

extension StructuredDataItem.Value {
    /// The value's JSON form: a string, an item object, or `"ERROR"`.
    public var json: JSONValue {
        switch self {
        case .text(let text): return .string(text)
        case .item(let item): return item.json
        case .error: return .string("ERROR")
        }
    }
}

extension Array where Element == StructuredDataItem {
    /// The WHATWG document form: `{"items": [...]}`.
    public var microdataJSON: JSONValue {
        .object(["items": .array(map(\.json))])
    }
}
