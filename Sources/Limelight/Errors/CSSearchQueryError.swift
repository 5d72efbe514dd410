import Foundation

/// The error domain of query errors, as in Core Spotlight.
public let CSSearchQueryErrorDomain = "CSSearchQueryErrorDomain"

/// A search query failed: the index was unreachable, the query was invalid, or it was cancelled.
///
/// The ``code`` values are Core Spotlight's. For an invalid query the ``message`` says where and why
/// (for example the column of a syntax error).
public struct CSSearchQueryError: Error, Sendable, CustomStringConvertible, CustomNSError, LocalizedError {
    /// Core Spotlight's query error codes.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// An unknown error occurred.
        case unknown = -2000
        /// The index could not be reached.
        case indexUnreachable = -2001
        /// The query is invalid.
        case invalidQuery = -2002
        /// The query was cancelled.
        case cancelled = -2003
    }

    /// An unknown error occurred.
    public static let unknown = Code.unknown
    /// The index could not be reached.
    public static let indexUnreachable = Code.indexUnreachable
    /// The query is invalid.
    public static let invalidQuery = Code.invalidQuery
    /// The query was cancelled.
    public static let cancelled = Code.cancelled

    /// What kind of failure occurred.
    public let code: Code
    /// What was wrong, in one sentence.
    public let message: String
    /// The error that caused this one, if any (such as a syntax error with its position).
    public let underlyingError: (any Error & Sendable)?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: What kind of failure occurred.
    ///   - message: What was wrong; when `nil`, a generic sentence for the code.
    ///   - underlyingError: The cause, if any.
    public init(_ code: Code, message: String? = nil, underlyingError: (any Error & Sendable)? = nil) {
        self.code = code
        self.message = message ?? Self.defaultMessage(for: code)
        self.underlyingError = underlyingError
    }

    private static func defaultMessage(for code: Code) -> String {
        switch code {
        case .unknown: "an unknown query error occurred"
        case .indexUnreachable: "the index could not be reached"
        case .invalidQuery: "the query is invalid"
        case .cancelled: "the query was cancelled"
        }
    }

    /// The error domain, ``CSSearchQueryErrorDomain``.
    public static var errorDomain: String { CSSearchQueryErrorDomain }
    /// The code's raw value.
    public var errorCode: Int { code.rawValue }
    /// The message under `NSLocalizedDescriptionKey`, and the cause under `NSUnderlyingErrorKey`.
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError }
        return info
    }
    /// The message.
    public var errorDescription: String? { message }
    /// The message.
    public var description: String { message }

    /// The error as an `NSError` with domain ``CSSearchQueryErrorDomain``, the code's raw value and the
    /// message as its localized description.
    public var nsError: NSError {
        NSError(domain: Self.errorDomain, code: errorCode, userInfo: errorUserInfo)
    }
}
