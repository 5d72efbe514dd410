import Foundation

/// Reads the members of a request object with errors that name the field at fault.
///
/// Every member must be read; ``finish()`` rejects members nobody asked for, so a misspelt field is
/// an error rather than silently ignored.
struct JSONObjectReader {
    private let members: [String: JSONDocument]
    private let path: String
    private var read: Set<String> = []

    /// Reads `document`, which must be an object; `path` prefixes field names in errors.
    init(_ document: JSONDocument, path: String = "") throws(LimelightServiceError) {
        guard case .object(let members) = document else {
            throw .invalidRequest(field: path.isEmpty ? nil : path, "expected a JSON object")
        }
        self.members = members
        self.path = path
    }

    /// The full name of member `key`.
    func fieldName(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// Whether the member is present (even as `null`).
    func contains(_ key: String) -> Bool { members[key] != nil }

    /// The raw member, or nil when absent or `null`.
    mutating func value(_ key: String) -> JSONDocument? {
        read.insert(key)
        guard let value = members[key], value != .null else { return nil }
        return value
    }

    /// A string member, or nil when absent.
    mutating func optionalString(_ key: String) throws(LimelightServiceError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let string) = value else { throw .invalidRequest(field: fieldName(key), "must be a string") }
        return string
    }

    /// A required string member.
    mutating func string(_ key: String) throws(LimelightServiceError) -> String {
        guard let string = try optionalString(key) else { throw .invalidRequest(field: fieldName(key), "is required") }
        return string
    }

    /// A Boolean member, or `defaultValue` when absent.
    mutating func bool(_ key: String, default defaultValue: Bool) throws(LimelightServiceError) -> Bool {
        guard let value = value(key) else { return defaultValue }
        guard case .bool(let flag) = value else { throw .invalidRequest(field: fieldName(key), "must be true or false") }
        return flag
    }

    /// An array member, or nil when absent.
    mutating func optionalArray(_ key: String) throws(LimelightServiceError) -> [JSONDocument]? {
        guard let value = value(key) else { return nil }
        guard case .array(let elements) = value else { throw .invalidRequest(field: fieldName(key), "must be an array") }
        return elements
    }

    /// An array of strings, or nil when absent; at most `limit` elements.
    mutating func optionalStrings(_ key: String, limit: Int) throws(LimelightServiceError) -> [String]? {
        guard let elements = try optionalArray(key) else { return nil }
        guard elements.count <= limit else {
            throw LimelightServiceError(.tooManyRequested, "has \(elements.count) elements; at most \(limit) are accepted", field: fieldName(key))
        }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let string) = element else {
                throw .invalidRequest(field: "\(fieldName(key))[\(index)]", "must be a string")
            }
            strings.append(string)
        }
        return strings
    }

    /// Base64 data in a string member, or nil when absent.
    mutating func optionalBase64(_ key: String) throws(LimelightServiceError) -> Data? {
        guard let string = try optionalString(key) else { return nil }
        guard let data = Data(base64Encoded: string) else { throw .invalidRequest(field: fieldName(key), "must be base64") }
        return data
    }

    /// Rejects members that were not read.
    func finish() throws(LimelightServiceError) {
        if let unknown = members.keys.sorted().first(where: { !read.contains($0) }) {
            throw .invalidRequest(field: fieldName(unknown), "is not a known field")
        }
    }
}
