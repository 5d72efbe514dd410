import Foundation
import Limelight

/// The daemon's behaviour without HTTP: authentication, app registration, indexing, deletion,
/// batches, client state, queries and system search over one ``LimelightStore``.
///
/// Every method takes a caller already authenticated with ``principal(bearer:)`` and decides what it
/// may reach: an app's calls touch only that app's ``AppIndex``; system calls (registration, system
/// search) need the system credential. Errors are ``LimelightServiceError``s; blocking store work
/// runs off the cooperative thread pool.
public final class LimelightService: Sendable {
    /// The store all apps share.
    public let store: LimelightStore
    /// The system credential and app tokens.
    public let credentials: CredentialStore
    /// The limits applied to every request.
    public let limits: ServiceLimits

    /// A service over an open store and its credentials.
    public init(store: LimelightStore, credentials: CredentialStore, limits: ServiceLimits = ServiceLimits()) {
        self.store = store
        self.credentials = credentials
        self.limits = limits
    }

    /// Opens (creating if needed) the store at `storePath` and its credentials.
    /// - Throws: ``LimelightServiceError`` (`unavailable`) when the store cannot be opened.
    public convenience init(storePath: String, limits: ServiceLimits = ServiceLimits()) throws(LimelightServiceError) {
        let store: LimelightStore
        do {
            store = try LimelightStore(path: storePath, quotaPerApp: limits.quotaPerApp)
        } catch {
            throw LimelightServiceError(.unavailable, "cannot open the store at \(storePath): \(error)")
        }
        self.init(store: store, credentials: try CredentialStore(directory: storePath), limits: limits)
    }

    // MARK: Authentication

    /// Who the `Authorization` header value (`Bearer <token>`) identifies.
    /// - Throws: `unauthorized` when the header is missing, malformed or the token unknown.
    public func principal(authorization: String?) throws(LimelightServiceError) -> Principal {
        guard let authorization else { throw .unauthorized }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { throw .unauthorized }
        guard let principal = credentials.principal(forToken: parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw .unauthorized
        }
        return principal
    }

    /// The app an `Authorization` header identifies.
    /// - Throws: `unauthorized` without a valid token; `forbidden` for the system credential (which
    ///   has no items of its own).
    public func app(authorization: String?) throws(LimelightServiceError) -> AppRegistration {
        switch try principal(authorization: authorization) {
        case .app(let registration): return registration
        case .system: throw LimelightServiceError(.forbidden, "this route needs an app token, not the system credential")
        }
    }

    /// Checks that an `Authorization` header carries the system credential.
    /// - Throws: `unauthorized` without a valid token; `forbidden` for an app token.
    public func requireSystem(authorization: String?) throws(LimelightServiceError) {
        if case .app = try principal(authorization: authorization) {
            throw LimelightServiceError(.forbidden, "this route needs the system credential")
        }
    }

    /// The index of a registered app for content of a protection class (nil: unprotected).
    func index(of app: AppRegistration, protection: ProtectionClass? = nil) throws -> AppIndex {
        try store.app(app.bundleIdentifier, protection: protection)
    }

    // MARK: Apps

    /// Registers an app (or re-registers it, replacing its token) and returns its new token.
    public func registerApp(_ request: RegisterAppRequest) async throws(LimelightServiceError) -> String {
        let registration = request.registration
        try await blocking {
            let index = try self.store.app(registration.bundleIdentifier)
            if index.supportsSearchContinuation != registration.supportsContinuation {
                try index.setSupportsSearchContinuation(registration.supportsContinuation)
            }
        }
        return try credentials.register(registration)
    }

    /// Asks an app's index delegate to reindex everything (after a restore); the request is kept and
    /// delivered to the app's callback until acknowledged.
    /// - Throws: `notFound` when the app is not registered.
    public func requestReindexAll(bundleIdentifier: String, indexName: String) async throws(LimelightServiceError) -> DelegateRequest {
        guard let registration = credentials.registration(of: bundleIdentifier) else { throw .notFound("app \(bundleIdentifier)") }
        return try await blocking {
            let request = DelegateRequest(kind: .reindexAll, indexName: indexName)
            try self.index(of: registration).enqueueDelegateRequest(request)
            return request
        }
    }

    /// The delegate requests of an app not yet acknowledged.
    public func pendingDelegateRequests(bundleIdentifier: String) async throws(LimelightServiceError) -> [DelegateRequest] {
        guard let registration = credentials.registration(of: bundleIdentifier) else { throw .notFound("app \(bundleIdentifier)") }
        return try await blocking { try self.index(of: registration).pendingDelegateRequests() }
    }

    /// Runs store work for an app's content of a protection class (nil: unprotected) off the
    /// cooperative pool, mapping its errors.
    func withIndex<Value: Sendable>(
        of app: AppRegistration, protection: ProtectionClass? = nil, _ work: @escaping @Sendable (AppIndex) throws -> Value
    ) async throws(LimelightServiceError) -> Value {
        try await blocking { try work(try self.index(of: app, protection: protection)) }
    }

    /// Runs blocking work (store reads and writes, callbacks) off the cooperative pool, mapping its
    /// errors to service errors.
    func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws(LimelightServiceError) -> Value {
        do {
            return try await BlockingWork.run(work)
        } catch {
            throw LimelightServiceError.wrapping(error)
        }
    }
}
