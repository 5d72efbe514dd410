import Foundation

/// Builds the JSON form of items (see ``ItemJSONCodec``).
enum ItemJSONEncoding {
    static func object(for item: StoredItem) -> JSONValue {
        var members = [JSONMember(key: "uniqueIdentifier", value: .string(item.uniqueIdentifier))]
        if let domain = item.domainIdentifier {
            members.append(JSONMember(key: "domainIdentifier", value: .string(domain)))
        }
        if let expiration = item.expirationDate {
            members.append(JSONMember(key: "expirationDate", value: .string(ISO8601Date.format(expiration))))
        }
        if let contentType = item.contentType {
            members.append(JSONMember(key: "contentType", value: .string(contentType)))
        }
        if item.isUpdate { members.append(JSONMember(key: "isUpdate", value: .bool(true))) }
        // An update's erased attributes are written as null (built-in names under "attributes").
        let erased = item.erasedAttributes.sorted()
        let erasedBuiltIn = erased.filter { AttributeCatalogue.attribute(named: $0) != nil }
        let erasedCustom = erased.filter { AttributeCatalogue.attribute(named: $0) == nil }
        let attributes = item.attributes.filter { $0.key != "contentType" }.sorted { $0.key < $1.key }
        members.append(
            JSONMember(
                key: "attributes",
                value: .object(
                    attributes.map { JSONMember(key: $0.key, value: json($0.value)) }
                        + erasedBuiltIn.map { JSONMember(key: $0, value: .null) }))
        )
        let custom = item.customAttributes.values.sorted { $0.name < $1.name }
        if !custom.isEmpty || !erasedCustom.isEmpty {
            members.append(
                JSONMember(
                    key: "customAttributes",
                    value: .object(custom.map(customMember) + erasedCustom.map { JSONMember(key: $0, value: .null) })))
        }
        return .object(members)
    }

    private static func customMember(_ attribute: CustomAttribute) -> JSONMember {
        let key = attribute.key
        return JSONMember(
            key: attribute.name,
            value: .object([
                JSONMember(key: "type", value: .string(attribute.value.type.elementType.rawValue)),
                JSONMember(key: "value", value: json(attribute.value)),
                JSONMember(key: "searchable", value: .bool(key.isSearchable)),
                JSONMember(key: "searchableByDefault", value: .bool(key.isSearchableByDefault)),
                JSONMember(key: "unique", value: .bool(key.isUnique)),
                JSONMember(key: "multiValued", value: .bool(key.isMultiValued)),
            ])
        )
    }

    static func json(_ value: AttributeValue) -> JSONValue {
        switch value {
        case .string(let string): .string(string)
        case .strings(let strings): .array(strings.map(JSONValue.string))
        case .number(let number): .number(number)
        case .numbers(let numbers): .array(numbers.map(JSONValue.number))
        case .date(let date): .string(ISO8601Date.format(date))
        case .dates(let dates): .array(dates.map { .string(ISO8601Date.format($0)) })
        case .bool(let flag): .bool(flag)
        case .data(let data): .string(data.base64EncodedString())
        case .url(let url): .string(url.absoluteString)
        case .urls(let urls): .array(urls.map { .string($0.absoluteString) })
        }
    }
}
