import Foundation

/// Reads and writes activities as JSON, for the command line and the daemon.
///
///     {"activityType": "com.example.recipe.view", "title": "Poutine", "keywords": ["fries", "gravy"],
///      "userInfo": {"recipe": 42}, "requiredUserInfoKeys": ["recipe"],
///      "webpageURL": "https://example.com/recipes/42", "referrerURL": null,
///      "expirationDate": "2026-12-31T00:00:00Z", "persistentIdentifier": "recipe-42",
///      "isEligibleForHandoff": true, "isEligibleForSearch": true,
///      "isEligibleForPublicIndexing": false, "isEligibleForPrediction": false,
///      "contentType": "public.item",
///      "attributes": {"contentDescription": "Fries, curds, gravy", "relatedUniqueIdentifier": "recipe-42"},
///      "customAttributes": {}}
///
/// Only `activityType` is required; flags default as on `NSUserActivity` (handoff on, the others
/// off). `userInfo` is any JSON object. `contentType`, `attributes` and `customAttributes` form the
/// content attribute set, in the format of ``ItemJSONCodec``. Dates are ISO 8601. Any other field is
/// an error; `null` is the same as absent.
public enum ActivityJSONCodec {
    private static let fields: Set<String> = [
        "activityType", "title", "keywords", "userInfo", "requiredUserInfoKeys", "webpageURL", "referrerURL",
        "expirationDate", "persistentIdentifier", "isEligibleForHandoff", "isEligibleForSearch",
        "isEligibleForPublicIndexing", "isEligibleForPrediction", "contentType", "attributes", "customAttributes",
    ]

    /// Decodes one activity.
    /// - Throws: ``ActivityError`` with code `invalidJSON` naming the field, or `invalidActivity`.
    public static func decode(_ json: Data) throws(ActivityError) -> ActivityRecord {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(json)
        } catch {
            throw ActivityError(.invalidJSON, message: error.message)
        }
        guard case .object(let members) = parsed else {
            throw ActivityError(.invalidJSON, message: "expected a JSON object, found \(parsed.kindDescription)")
        }
        var values: [String: JSONValue] = [:]
        for member in members where member.value != .null {
            guard fields.contains(member.key) else {
                throw ActivityError(.invalidJSON, message: "unknown field '\(member.key)'")
            }
            values[member.key] = member.value
        }
        guard let type = values["activityType"] else {
            throw ActivityError(.invalidJSON, message: "activityType: the field is required")
        }
        var activity = ActivityRecord(activityType: try string(type, "activityType"))
        activity.title = try values["title"].map { v throws(ActivityError) in try string(v, "title") }
        activity.keywords = Set(try values["keywords"].map { v throws(ActivityError) in try strings(v, "keywords") } ?? [])
        activity.requiredUserInfoKeys = Set(
            try values["requiredUserInfoKeys"].map { v throws(ActivityError) in try strings(v, "requiredUserInfoKeys") } ?? [])
        if let userInfo = values["userInfo"] {
            guard case .object(let entries) = userInfo else { throw mismatch("userInfo", "an object", userInfo) }
            activity.userInfo = Dictionary(entries.map { ($0.key, userInfoValue($0.value)) }, uniquingKeysWith: { _, last in last })
        }
        activity.webpageURL = try values["webpageURL"].map { v throws(ActivityError) in try string(v, "webpageURL") }
        activity.referrerURL = try values["referrerURL"].map { v throws(ActivityError) in try string(v, "referrerURL") }
        if let expiration = values["expirationDate"] {
            let text = try string(expiration, "expirationDate")
            guard let date = ISO8601Date.parse(text) else {
                throw ActivityError(.invalidJSON, message: "expirationDate: '\(text)' is not an ISO 8601 date")
            }
            activity.expirationDate = date
        }
        activity.persistentIdentifier = try values["persistentIdentifier"].map { v throws(ActivityError) in
            try string(v, "persistentIdentifier")
        }
        activity.isEligibleForHandoff = try flag(values, "isEligibleForHandoff") ?? true
        activity.isEligibleForSearch = try flag(values, "isEligibleForSearch") ?? false
        activity.isEligibleForPublicIndexing = try flag(values, "isEligibleForPublicIndexing") ?? false
        activity.isEligibleForPrediction = try flag(values, "isEligibleForPrediction") ?? false
        if values["attributes"] != nil || values["customAttributes"] != nil || values["contentType"] != nil {
            var item = [JSONMember(key: "uniqueIdentifier", value: .string("contentAttributeSet"))]
            for name in ["contentType", "attributes", "customAttributes"] {
                if let value = values[name] { item.append(JSONMember(key: name, value: value)) }
            }
            do {
                activity.contentAttributes = try ItemJSONDecoding.item(from: .object(item))
            } catch {
                throw ActivityError(.invalidJSON, message: error.description)
            }
        }
        try activity.validate()
        return activity
    }

    /// Encodes the activity an app receives, in the format ``decode(_:)`` reads (view counts are
    /// not part of it).
    public static func encode(_ activity: ActivityRecord, prettyPrinted: Bool = false) -> String {
        var members = [JSONMember(key: "activityType", value: .string(activity.activityType))]
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append(JSONMember(key: key, value: value)) }
        }
        add("title", activity.title.map { .string($0) })
        add("keywords", activity.keywords.isEmpty ? nil : .array(activity.keywords.sorted().map { .string($0) }))
        add("userInfo", json(.object(activity.userInfo)))
        add("requiredUserInfoKeys", activity.requiredUserInfoKeys.isEmpty
            ? nil : .array(activity.requiredUserInfoKeys.sorted().map { .string($0) }))
        add("webpageURL", activity.webpageURL.map { .string($0) })
        add("referrerURL", activity.referrerURL.map { .string($0) })
        add("expirationDate", activity.expirationDate.map { .string(ISO8601Date.format($0)) })
        add("persistentIdentifier", activity.persistentIdentifier.map { .string($0) })
        add("isEligibleForHandoff", .bool(activity.isEligibleForHandoff))
        add("isEligibleForSearch", .bool(activity.isEligibleForSearch))
        add("isEligibleForPublicIndexing", .bool(activity.isEligibleForPublicIndexing))
        add("isEligibleForPrediction", .bool(activity.isEligibleForPrediction))
        if let attributes = activity.contentAttributes, case .object(let item) = ItemJSONEncoding.object(for: attributes) {
            members += item.filter { ["contentType", "attributes", "customAttributes"].contains($0.key) }
        }
        return JSONValue.object(members).serialized(prettyPrinted: prettyPrinted)
    }

    static func json(_ value: UserInfoValue) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let number): .number(Double(number))
        case .double(let number): .number(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(json))
        case .object(let members): .object(members.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, value: json($0.value)) })
        }
    }

    static func userInfoValue(_ value: JSONValue) -> UserInfoValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let number):
            number == number.rounded() && abs(number) < 9e15 ? .integer(Int64(number)) : .double(number)
        case .string(let text): .string(text)
        case .array(let elements): .array(elements.map(userInfoValue))
        case .object(let members):
            .object(Dictionary(members.map { ($0.key, userInfoValue($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }

    private static func string(_ value: JSONValue, _ path: String) throws(ActivityError) -> String {
        guard case .string(let text) = value else { throw mismatch(path, "a string", value) }
        return text
    }

    private static func strings(_ value: JSONValue, _ path: String) throws(ActivityError) -> [String] {
        guard case .array(let elements) = value else { throw mismatch(path, "an array of strings", value) }
        var result: [String] = []
        for (index, element) in elements.enumerated() { result.append(try string(element, "\(path)[\(index)]")) }
        return result
    }

    private static func flag(_ values: [String: JSONValue], _ name: String) throws(ActivityError) -> Bool? {
        guard let value = values[name] else { return nil }
        guard case .bool(let flag) = value else { throw mismatch(name, "a Boolean", value) }
        return flag
    }

    private static func mismatch(_ path: String, _ expected: String, _ found: JSONValue) -> ActivityError {
        ActivityError(.invalidJSON, message: "\(path): expected \(expected), found \(found.kindDescription)")
    }
}
