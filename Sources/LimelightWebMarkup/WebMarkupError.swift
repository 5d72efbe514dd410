/// An error from reading web markup, JSON or an association file.
///
/// Errors are a struct with an opaque ``Code`` so that new kinds of error never break callers
/// that switch over them; compare codes with `==`.
public struct WebMarkupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of error this is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The JSON text is not a value even under the lenient rules.
        public static let invalidJSON = Code("invalidJSON")
        /// The JSON nests deeper than the reader accepts.
        public static let nestingTooDeep = Code("nestingTooDeep")
        /// The input is empty or holds only whitespace and comments.
        public static let emptyInput = Code("emptyInput")
        /// An apple-app-site-association file has no usable `applinks` section.
        public static let invalidAssociationFile = Code("invalidAssociationFile")
        /// A URL could not be understood.
        public static let invalidURL = Code("invalidURL")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error this is.
    public var code: Code
    /// A human-readable explanation of what was wrong.
    public var message: String
    /// The UTF-8 byte offset in the input where the problem was found, when it has one.
    public var offset: Int?

    /// Creates an error.
    public init(code: Code, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// The message, with the offset when known.
    public var description: String {
        if let offset { return "\(message) (at byte \(offset))" }
        return message
    }
}
