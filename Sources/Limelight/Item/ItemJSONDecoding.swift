import Foundation

/// Turns a parsed JSON line into a stored item (see ``ItemJSONCodec`` for the format).
enum ItemJSONDecoding {
    private static let topLevelFields: Set<String> = [
        "uniqueIdentifier", "domainIdentifier", "expirationDate", "contentType", "isUpdate", "attributes",
        "customAttributes",
    ]
    private static let customFields: Set<String> = [
        "type", "value", "searchable", "searchableByDefault", "unique", "multiValued",
    ]

    static func item(from json: JSONValue) throws(ItemJSONError) -> StoredItem {
        guard case .object(let members) = json else {
            throw ItemJSONError(
                kind: .notAnObject, path: "", message: "expected a JSON object, found \(json.kindDescription)")
        }
        let fields = try dictionary(members, allowed: topLevelFields, path: "")
        guard let identifierValue = fields["uniqueIdentifier"] else {
            throw ItemJSONError(kind: .missingField, path: "uniqueIdentifier", message: "the field is required")
        }
        let uniqueIdentifier = try string(identifierValue, path: "uniqueIdentifier")
        guard !uniqueIdentifier.isEmpty else {
            throw ItemJSONError(kind: .invalidValue, path: "uniqueIdentifier", message: "must not be empty")
        }
        let domainIdentifier = try fields["domainIdentifier"].map { v throws(ItemJSONError) in
            try string(v, path: "domainIdentifier")
        }
        let expirationDate = try fields["expirationDate"].map { v throws(ItemJSONError) in
            try date(v, path: "expirationDate")
        }
        var isUpdate = false
        if let flag = fields["isUpdate"] {
            guard case .bool(let value) = flag else { throw mismatch("isUpdate", expected: "a Boolean", found: flag) }
            isUpdate = value
        }
        var attributes: [String: AttributeValue] = [:]
        var erased: Set<String> = []
        if let contentType = fields["contentType"] {
            attributes["contentType"] = .string(try string(contentType, path: "contentType"))
        } else if !isUpdate {
            attributes["contentType"] = .string(UTIConformance.rootType)
        }
        if let attributesValue = fields["attributes"] {
            guard case .object(let attributeMembers) = attributesValue else {
                throw mismatch("attributes", expected: "an object", found: attributesValue)
            }
            for member in attributeMembers {
                if member.value == .null {
                    // In an update, null erases the attribute; elsewhere it is the same as leaving it out.
                    if isUpdate { erased.insert(try erasedName(member.key)) }
                    continue
                }
                let (name, value) = try attribute(member)
                guard attributes[name] == nil else {
                    throw ItemJSONError(
                        kind: .invalidValue, path: "attributes." + member.key,
                        message: "attribute '\(name)' is given more than once")
                }
                attributes[name] = value
            }
        }
        var customAttributes: [CustomAttribute] = []
        if let customValue = fields["customAttributes"] {
            guard case .object(let customMembers) = customValue else {
                throw mismatch("customAttributes", expected: "an object", found: customValue)
            }
            for member in customMembers {
                if member.value == .null {
                    if isUpdate { erased.insert(member.key) }
                    continue
                }
                customAttributes.append(try custom(member))
            }
        }
        var item = StoredItem(
            uncheckedIdentifier: uniqueIdentifier, domainIdentifier: domainIdentifier, expirationDate: expirationDate,
            isUpdate: isUpdate, attributes: attributes, customAttributes: customAttributes
        )
        item.erasedAttributes = erased
        return item
    }

    /// The property name of an attribute an update erases with `null`.
    private static func erasedName(_ key: String) throws(ItemJSONError) -> String {
        guard let definition = AttributeCatalogue.attribute(named: key) else {
            throw ItemJSONError(kind: .unknownAttribute, path: "attributes." + key, message: "unknown attribute '\(key)'")
        }
        guard !definition.isReadOnly, definition.name != "contentType" else {
            throw ItemJSONError(kind: .invalidValue, path: "attributes." + key, message: "attribute '\(definition.name)' cannot be erased")
        }
        return definition.name
    }

    /// The members of an object by key, without `null` members, refusing keys not in `allowed`.
    private static func dictionary(
        _ members: [JSONMember], allowed: Set<String>, path: String
    ) throws(ItemJSONError) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for member in members {
            let memberPath = path.isEmpty ? member.key : path + "." + member.key
            guard allowed.contains(member.key) else {
                throw ItemJSONError(
                    kind: .unknownField, path: memberPath,
                    message: "unknown field; expected one of \(allowed.sorted().joined(separator: ", "))")
            }
            if member.value != .null { result[member.key] = member.value }
        }
        return result
    }

    private static func attribute(_ member: JSONMember) throws(ItemJSONError) -> (String, AttributeValue) {
        let path = "attributes." + member.key
        guard let definition = AttributeCatalogue.attribute(named: member.key) else {
            throw ItemJSONError(kind: .unknownAttribute, path: path, message: "unknown attribute '\(member.key)'")
        }
        if definition.name == "contentType" {
            throw ItemJSONError(
                kind: .invalidValue, path: path, message: "set contentType at the top level of the item")
        }
        if definition.isReadOnly {
            throw ItemJSONError(kind: .invalidValue, path: path, message: "attribute '\(definition.name)' is read-only")
        }
        let value = try attributeValue(member.value, type: definition.type, path: path)
        do {
            return (definition.name, try definition.validate(value))
        } catch {
            throw ItemJSONError(kind: .invalidValue, path: path, message: error.message)
        }
    }

    private static func custom(_ member: JSONMember) throws(ItemJSONError) -> CustomAttribute {
        let path = "customAttributes." + member.key
        guard case .object(let members) = member.value else {
            throw mismatch(path, expected: "an object with type and value", found: member.value)
        }
        let fields = try dictionary(members, allowed: customFields, path: path)
        func flag(_ name: String, default defaultValue: Bool) throws(ItemJSONError) -> Bool {
            guard let value = fields[name] else { return defaultValue }
            guard case .bool(let flag) = value else {
                throw mismatch(path + "." + name, expected: "a Boolean", found: value)
            }
            return flag
        }
        let searchable = try flag("searchable", default: true)
        let searchableByDefault = try flag("searchableByDefault", default: false)
        let unique = try flag("unique", default: false)
        let multiValued = try flag("multiValued", default: false)
        guard let typeValue = fields["type"] else {
            throw ItemJSONError(kind: .missingField, path: path + ".type", message: "the field is required")
        }
        let typeName = try string(typeValue, path: path + ".type")
        guard let elementType = AttributeType(rawValue: typeName), !elementType.isMultiValued else {
            throw ItemJSONError(
                kind: .invalidCustomAttribute, path: path + ".type",
                message: "unknown type '\(typeName)'; expected string, number, date, bool, url or data")
        }
        guard let value = fields["value"] else {
            throw ItemJSONError(kind: .missingField, path: path + ".value", message: "the field is required")
        }
        if let failure = CSCustomAttributeKey.validationFailure(forKeyName: member.key) {
            throw ItemJSONError(kind: .invalidCustomAttribute, path: path, message: failure)
        }
        guard
            let key = CSCustomAttributeKey(
                keyName: member.key, searchable: searchable, searchableByDefault: searchableByDefault, unique: unique,
                multiValued: multiValued)
        else { throw ItemJSONError(kind: .invalidCustomAttribute, path: path, message: "invalid key name") }
        let type: AttributeType
        if multiValued {
            guard let listType = elementType.listType else {
                throw ItemJSONError(
                    kind: .invalidCustomAttribute, path: path,
                    message: "a multi-valued attribute cannot have type \(elementType)")
            }
            type = listType
        } else {
            type = elementType
        }
        let attributeValue = try attributeValue(value, type: type, path: path + ".value")
        do {
            return try CustomAttribute(key: key, value: attributeValue)
        } catch {
            throw ItemJSONError(kind: .invalidValue, path: path + ".value", message: error.message)
        }
    }

    /// Converts a JSON value to an attribute value of `type`; a single element is accepted for a list.
    static func attributeValue(
        _ json: JSONValue, type: AttributeType, path: String
    ) throws(ItemJSONError) -> AttributeValue {
        if type.isMultiValued {
            let elements: [JSONValue]
            if case .array(let array) = json { elements = array } else { elements = [json] }
            var values: [AttributeValue] = []
            for (index, element) in elements.enumerated() {
                values.append(try attributeValue(element, type: type.elementType, path: "\(path)[\(index)]"))
            }
            switch type {
            case .strings: return .strings(values.compactMap(\.stringValue))
            case .numbers: return .numbers(values.compactMap(\.numberValue))
            case .dates: return .dates(values.compactMap(\.dateValue))
            default: return .urls(values.compactMap(\.urlValue))
            }
        }
        switch type {
        case .string:
            return .string(try string(json, path: path))
        case .number:
            guard case .number(let number) = json else { throw mismatch(path, expected: "a number", found: json) }
            return .number(number)
        case .bool:
            guard case .bool(let flag) = json else { throw mismatch(path, expected: "true or false", found: json) }
            return .bool(flag)
        case .date:
            return .date(try date(json, path: path))
        case .url:
            let text = try string(json, path: path)
            guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
                throw ItemJSONError(kind: .invalidURL, path: path, message: "'\(text)' is not an absolute URL")
            }
            return .url(url)
        case .data:
            let text = try string(json, path: path)
            guard let data = Data(base64Encoded: text) else {
                throw ItemJSONError(kind: .invalidBase64, path: path, message: "the value is not valid base64")
            }
            return .data(data)
        case .strings, .numbers, .dates, .urls:
            throw mismatch(path, expected: "a list", found: json)
        }
    }

    private static func string(_ json: JSONValue, path: String) throws(ItemJSONError) -> String {
        guard case .string(let text) = json else { throw mismatch(path, expected: "a string", found: json) }
        return text
    }

    private static func date(_ json: JSONValue, path: String) throws(ItemJSONError) -> Date {
        let text = try string(json, path: path)
        guard let date = ISO8601Date.parse(text) else {
            throw ItemJSONError(
                kind: .invalidDate, path: path,
                message: "'\(text)' is not an ISO 8601 date such as 2026-01-10T09:30:00Z")
        }
        return date
    }

    private static func mismatch(_ path: String, expected: String, found: JSONValue) -> ItemJSONError {
        ItemJSONError(kind: .typeMismatch, path: path, message: "expected \(expected), found \(found.kindDescription)")
    }
}
