/// Why app history could not save, find or open something.
///
/// A struct with an open-ended ``Code`` so that new failure kinds never break callers.
public struct ActivityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// `userInfo` holds a value or key that cannot be saved.
        public static let invalidUserInfo = Code(rawValue: "invalidUserInfo")
        /// The activity itself is malformed (empty type, bad URL, invalid attribute set…).
        public static let invalidActivity = Code(rawValue: "invalidActivity")
        /// The activity JSON is malformed or has unknown or mistyped fields.
        public static let invalidJSON = Code(rawValue: "invalidJSON")
        /// Nothing with the given identifier is in the index.
        public static let notFound = Code(rawValue: "notFound")
        /// The app has not declared that it continues searches ("Search in App").
        public static let continuationUnsupported = Code(rawValue: "continuationUnsupported")
        /// The store could not be read or written.
        public static let storeUnavailable = Code(rawValue: "storeUnavailable")
    }

    /// The kind of failure.
    public let code: Code
    /// What was wrong, and where.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
