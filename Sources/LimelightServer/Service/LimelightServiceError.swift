import Limelight

/// Why the daemon refused or failed a request, independent of HTTP.
///
/// The HTTP adapter maps ``Code`` to a status (see ``Code/httpStatus``) and writes
/// `{"error": {"code": …, "message": …, "field": …, "indexErrorCode": …}}`.
public struct LimelightServiceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure; its raw value is the `code` of the error body.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request is malformed or a field is invalid (HTTP 400).
        case invalidRequest
        /// An item is invalid (HTTP 400).
        case invalidItem
        /// The client state is invalid (HTTP 400).
        case invalidClientState
        /// No credential, or an unknown one (HTTP 401).
        case unauthorized
        /// The credential is valid but not for this operation (HTTP 403).
        case forbidden
        /// The resource does not exist, or not for this caller (HTTP 404).
        case notFound
        /// The expected client state does not match the index's (HTTP 409).
        case mismatchedClientState
        /// The request body is larger than the daemon accepts (HTTP 413).
        case tooLarge
        /// Too many items or identifiers in one request, or a query too expensive (HTTP 413).
        case tooManyRequested
        /// The app's quota is exhausted (HTTP 507).
        case quotaExceeded
        /// The index cannot be used now (HTTP 503).
        case unavailable
        /// An unexpected failure (HTTP 500).
        case internalError

        /// The HTTP status code of the failure.
        public var httpStatus: Int {
            switch self {
            case .invalidRequest, .invalidItem, .invalidClientState: 400
            case .unauthorized: 401
            case .forbidden: 403
            case .notFound: 404
            case .mismatchedClientState: 409
            case .tooLarge: 413
            case .tooManyRequested: 413
            case .quotaExceeded: 507
            case .unavailable: 503
            case .internalError: 500
            }
        }
    }

    /// The kind of failure.
    public var code: Code
    /// What was wrong, in one sentence.
    public var message: String
    /// The request field at fault (`items[3].attributes.title`), when one is.
    public var field: String?
    /// Core Spotlight's index error code, when the failure maps to one.
    public var indexErrorCode: CSIndexError.Code?

    /// Creates an error.
    public init(_ code: Code, _ message: String, field: String? = nil, indexErrorCode: CSIndexError.Code? = nil) {
        self.code = code
        self.message = message
        self.field = field
        self.indexErrorCode = indexErrorCode
    }

    /// A validation failure naming the field.
    public static func invalidRequest(field: String?, _ message: String) -> LimelightServiceError {
        LimelightServiceError(.invalidRequest, message, field: field)
    }

    /// The missing-credential failure.
    public static let unauthorized = LimelightServiceError(.unauthorized, "a valid bearer token is required")

    /// The failure for a resource the caller cannot see (it may belong to another app).
    public static func notFound(_ what: String) -> LimelightServiceError {
        LimelightServiceError(.notFound, "\(what) was not found")
    }

    /// Maps an index error to the service error with the matching code.
    public init(_ error: CSIndexError) {
        if case .locked(let protectionClass) = error.underlyingError as? ProtectedDataError {
            self = Self.locked(protectionClass)
            return
        }
        let code: Code =
            switch error.code {
            case .invalidItemError: .invalidItem
            case .invalidClientStateError: .invalidClientState
            case .mismatchedClientState: .mismatchedClientState
            case .quotaExceeded: .quotaExceeded
            case .indexUnavailableError, .remoteConnectionError: .unavailable
            case .indexingUnsupported: .invalidRequest
            case .unknownError: .internalError
            }
        self.init(code, error.message, indexErrorCode: error.code)
    }

    /// Maps any error thrown by the store to a service error.
    public static func wrapping(_ error: any Error) -> LimelightServiceError {
        switch error {
        case let error as LimelightServiceError: error
        case let error as CSIndexError: LimelightServiceError(error)
        case let error as ItemJSONError: LimelightServiceError(.invalidItem, error.message, field: error.path, indexErrorCode: .invalidItemError)
        case let error as ActivityError:
            switch error.code {
            case .notFound: LimelightServiceError(.notFound, error.message)
            case .continuationUnsupported: LimelightServiceError(.forbidden, error.message)
            case .storeUnavailable: LimelightServiceError(.unavailable, error.message)
            default: LimelightServiceError(.invalidRequest, error.message)
            }
        case let error as CSSearchQueryError:
            LimelightServiceError(error.code == .invalidQuery ? .invalidRequest : .unavailable, error.message)
        case let error as AttributeError: LimelightServiceError(.invalidItem, error.message, indexErrorCode: .invalidItemError)
        case let error as ProtectedDataError:
            switch error {
            case .locked(let protectionClass): locked(protectionClass)
            case .wrongPassphrase: LimelightServiceError(.forbidden, error.description, field: "passphrase")
            case .emptyPassphrase: LimelightServiceError(.invalidRequest, error.description, field: "passphrase")
            case .damagedKeychain: LimelightServiceError(.internalError, error.description)
            }
        default: LimelightServiceError(.internalError, "\(error)")
        }
    }

    /// The failure for content of a locked protection class, telling how the daemon unlocks it.
    static func locked(_ protectionClass: ProtectionClass) -> LimelightServiceError {
        LimelightServiceError(
            .unavailable,
            "content of protection class \(protectionClass.rawValue) is locked: the system credential unlocks it with "
                + "POST /v1/protection/unlock (or start limelightd with LIMELIGHT_PASSPHRASE or LIMELIGHT_PASSPHRASE_FILE)",
            indexErrorCode: .indexUnavailableError)
    }

    /// The error body: `{"error": {"code", "message", "field"?, "indexErrorCode"?}}`.
    public var body: JSONDocument {
        var members: [String: JSONDocument] = ["code": .string(code.rawValue), "message": .string(message)]
        if let field { members["field"] = .string(field) }
        if let indexErrorCode { members["indexErrorCode"] = .integer(indexErrorCode.rawValue) }
        return ["error": .object(members)]
    }

    /// The code and message.
    public var description: String { "\(code.rawValue): \(message)" }
}
