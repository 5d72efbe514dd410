/// A line of an item file could not be read as an item.
///
/// The error says where (``path``, such as `attributes.pageCount`) and why. The reader of a whole file
/// adds the line number with ``atLine(_:)``.
public struct ItemJSONError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem occurred.
    public enum Kind: String, Sendable, Hashable {
        /// The line is not valid JSON.
        case malformedJSON
        /// The line is valid JSON but not an object.
        case notAnObject
        /// A required field is missing.
        case missingField
        /// A field is not part of the item format.
        case unknownField
        /// An attribute name is neither built in nor an alias.
        case unknownAttribute
        /// A value has the wrong JSON type for its field or attribute.
        case typeMismatch
        /// A date is not ISO 8601.
        case invalidDate
        /// A URL is not an absolute URL.
        case invalidURL
        /// Data is not valid base64.
        case invalidBase64
        /// A value has the right type but is not allowed (out of range, read-only attribute, empty).
        case invalidValue
        /// A custom attribute's declaration is invalid (bad name, bad type, bad flags).
        case invalidCustomAttribute
    }

    /// What kind of problem occurred.
    public let kind: Kind
    /// Where in the item: a field name or a dotted path (`attributes.pageCount`); empty for the line.
    public let path: String
    /// Why, in one sentence.
    public let message: String
    /// The 1-based line number in the file, when the reader of a file added it.
    public private(set) var lineNumber: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem occurred.
    ///   - path: Where in the item.
    ///   - message: Why.
    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// This error with the line number it occurred on.
    ///
    /// - Parameter lineNumber: The 1-based line number.
    public func atLine(_ lineNumber: Int) -> ItemJSONError {
        var copy = self
        copy.lineNumber = lineNumber
        return copy
    }

    /// "line 3: attributes.pageCount: expected a number, found a string".
    public var description: String {
        var text = ""
        if let lineNumber { text += "line \(lineNumber): " }
        if !path.isEmpty { text += path + ": " }
        return text + message
    }
}
