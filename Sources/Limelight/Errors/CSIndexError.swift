import Foundation

/// The error domain of indexing errors, as in Core Spotlight.
public let CSIndexErrorDomain = "CSIndexErrorDomain"

/// An indexing operation failed: the index was unavailable, an item was invalid, the client state did
/// not match, and so on.
///
/// The ``code`` values are Core Spotlight's, so code that checks `error.code == .invalidItemError` or
/// bridges to `NSError` (domain ``CSIndexErrorDomain``) behaves the same. The ``message`` says what was
/// wrong and where, such as which item and attribute.
public struct CSIndexError: Error, Sendable, CustomStringConvertible, CustomNSError, LocalizedError {
    /// Core Spotlight's indexing error codes.
    public enum Code: Int, Sendable, Hashable, CaseIterable {
        /// An unknown error occurred.
        case unknownError = -1
        /// The index is unavailable (not open, damaged, or its storage failed).
        case indexUnavailableError = -1000
        /// An item is invalid (a bad attribute value, a missing identifier).
        case invalidItemError = -1001
        /// The client state data is invalid.
        case invalidClientStateError = -1002
        /// The connection to the indexing service failed.
        case remoteConnectionError = -1003
        /// The app's quota was exceeded.
        case quotaExceeded = -1004
        /// Indexing is not supported here.
        case indexingUnsupported = -1005
        /// The expected client state does not match the index's.
        case mismatchedClientState = -1006
    }

    /// The index is unavailable.
    public static let indexUnavailableError = Code.indexUnavailableError
    /// An item is invalid.
    public static let invalidItemError = Code.invalidItemError
    /// The client state data is invalid.
    public static let invalidClientStateError = Code.invalidClientStateError
    /// The connection to the indexing service failed.
    public static let remoteConnectionError = Code.remoteConnectionError
    /// The app's quota was exceeded.
    public static let quotaExceeded = Code.quotaExceeded
    /// Indexing is not supported here.
    public static let indexingUnsupported = Code.indexingUnsupported
    /// The expected client state does not match the index's.
    public static let mismatchedClientState = Code.mismatchedClientState
    /// An unknown error occurred.
    public static let unknownError = Code.unknownError

    /// What kind of failure occurred.
    public let code: Code
    /// What was wrong, in one sentence.
    public let message: String
    /// The error that caused this one, if any (a storage error, an ``AttributeError``).
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

    /// An invalid-item error caused by an attribute problem, naming the item.
    ///
    /// - Parameters:
    ///   - error: The attribute problem.
    ///   - uniqueIdentifier: The item's identifier.
    public static func invalidItem(_ error: AttributeError, uniqueIdentifier: String) -> CSIndexError {
        CSIndexError(.invalidItemError, message: "item '\(uniqueIdentifier)': \(error.message)", underlyingError: error)
    }

    private static func defaultMessage(for code: Code) -> String {
        switch code {
        case .unknownError: "an unknown indexing error occurred"
        case .indexUnavailableError: "the index is unavailable"
        case .invalidItemError: "the item is invalid"
        case .invalidClientStateError: "the client state is invalid"
        case .remoteConnectionError: "the connection to the indexing service failed"
        case .quotaExceeded: "the index quota was exceeded"
        case .indexingUnsupported: "indexing is not supported"
        case .mismatchedClientState: "the client state does not match the index"
        }
    }

    /// The error domain, ``CSIndexErrorDomain``.
    public static var errorDomain: String { CSIndexErrorDomain }
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

    /// The error as an `NSError` with domain ``CSIndexErrorDomain``, the code's raw value and the
    /// message as its localized description.
    public var nsError: NSError {
        NSError(domain: Self.errorDomain, code: errorCode, userInfo: errorUserInfo)
    }
}
