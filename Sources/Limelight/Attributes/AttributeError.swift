/// An attribute could not be set or read: unknown name, wrong type, read-only, or an invalid value.
///
/// The error names the attribute and, for a type mismatch, the expected and found types, so the
/// message alone says what to fix. New codes may be added; switch over ``code`` with a default.
public struct AttributeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem occurred.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Kind: String, Sendable, Hashable {
            case unknownAttribute, typeMismatch, readOnly, invalidValue, invalidCustomKey
        }
        private let kind: Kind

        /// No built-in or custom attribute has the name.
        public static let unknownAttribute = Code(kind: .unknownAttribute)
        /// The value's type is not the attribute's type.
        public static let typeMismatch = Code(kind: .typeMismatch)
        /// The attribute is derived and cannot be set.
        public static let readOnly = Code(kind: .readOnly)
        /// The value has the right type but is not allowed (out of range, not finite, malformed).
        public static let invalidValue = Code(kind: .invalidValue)
        /// A custom attribute key is not usable (bad name, clashes with a built-in attribute).
        public static let invalidCustomKey = Code(kind: .invalidCustomKey)

        /// The code's name, such as `typeMismatch`.
        public var description: String { kind.rawValue }
    }

    /// What kind of problem occurred.
    public let code: Code
    /// The name of the attribute concerned.
    public let attributeName: String
    /// The attribute's type, for a type mismatch.
    public let expectedType: AttributeType?
    /// The type of the rejected value, for a type mismatch.
    public let foundType: AttributeType?
    /// A sentence saying what was wrong, naming the attribute.
    public let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of problem occurred.
    ///   - attributeName: The attribute concerned.
    ///   - expectedType: The attribute's type, for a type mismatch.
    ///   - foundType: The rejected value's type, for a type mismatch.
    ///   - message: A sentence saying what was wrong.
    public init(
        code: Code, attributeName: String, expectedType: AttributeType? = nil, foundType: AttributeType? = nil,
        message: String
    ) {
        self.code = code
        self.attributeName = attributeName
        self.expectedType = expectedType
        self.foundType = foundType
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// An unknown attribute name.
    public static func unknownAttribute(_ name: String) -> AttributeError {
        AttributeError(code: .unknownAttribute, attributeName: name, message: "unknown attribute '\(name)'")
    }

    /// A value of the wrong type.
    public static func typeMismatch(_ name: String, expected: AttributeType, found: AttributeType) -> AttributeError {
        AttributeError(
            code: .typeMismatch, attributeName: name, expectedType: expected, foundType: found,
            message: "attribute '\(name)' expects a value of type \(expected), not \(found)"
        )
    }

    /// An attempt to set a derived attribute.
    public static func readOnly(_ name: String) -> AttributeError {
        AttributeError(code: .readOnly, attributeName: name, message: "attribute '\(name)' is read-only")
    }

    /// A value of the right type that is not allowed.
    public static func invalidValue(_ name: String, reason: String) -> AttributeError {
        AttributeError(code: .invalidValue, attributeName: name, message: "attribute '\(name)': \(reason)")
    }

    /// An unusable custom attribute key.
    public static func invalidCustomKey(_ name: String, reason: String) -> AttributeError {
        AttributeError(code: .invalidCustomKey, attributeName: name, message: "custom attribute '\(name)': \(reason)")
    }
}
