import Foundation

/// A client of the `limelightd` daemon for one app: the same index operations as an embedded
/// store, sent over the daemon's HTTP API with the app's token.
///
/// Configure it in code, or set `LIMELIGHT_SERVER` (`http://127.0.0.1:8731`) and `LIMELIGHT_TOKEN`
/// (the app's token from `POST /v1/apps`) so that ``CSSearchableIndex`` uses the daemon instead of
/// an embedded store. Calls block (they run on the index's queue) and use ``BlockingHTTPClient``.
/// Errors are ``CSIndexError``s with the daemon's code; a daemon that cannot be reached is
/// `remoteConnectionError`.
public final class RemoteSearchableIndexClient: SearchableIndexBackend, Sendable {
    /// The daemon's address.
    public let server: HTTPEndpoint
    /// The app's token.
    public let token: String
    /// Seconds allowed per socket operation.
    public let timeout: Double
    /// The protection class of the content this client writes and reads by identifier (nil:
    /// unprotected). The daemon keeps it encrypted with that class's key (see
    /// ``withProtection(_:)``).
    public let protectionClass: ProtectionClass?

    /// A client of the daemon at `server` (`http://host:port`) with the app's `token`.
    /// - Throws: ``CSIndexError`` (`remoteConnectionError`) when `server` is not an `http://` URL.
    public convenience init(server: String, token: String, timeout: Double = 30) throws {
        guard let endpoint = HTTPEndpoint(server) else {
            throw CSIndexError(.remoteConnectionError, message: "'\(server)' is not an http:// URL of a limelightd daemon")
        }
        self.init(endpoint: endpoint, token: token, timeout: timeout, protectionClass: nil)
    }

    private init(endpoint: HTTPEndpoint, token: String, timeout: Double, protectionClass: ProtectionClass?) {
        server = endpoint
        self.token = token
        self.timeout = timeout
        self.protectionClass = protectionClass
    }

    /// The same client for content of a protection class (nil: unprotected content).
    public func withProtection(_ protectionClass: ProtectionClass?) -> RemoteSearchableIndexClient {
        protectionClass == self.protectionClass
            ? self : RemoteSearchableIndexClient(endpoint: server, token: token, timeout: timeout, protectionClass: protectionClass)
    }

    /// The client configured by `LIMELIGHT_SERVER` and `LIMELIGHT_TOKEN`, or nil when either is unset
    /// or the server is not an `http://` URL.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> RemoteSearchableIndexClient? {
        guard let server = environment["LIMELIGHT_SERVER"], !server.isEmpty,
            let token = environment["LIMELIGHT_TOKEN"], !token.isEmpty
        else { return nil }
        return try? RemoteSearchableIndexClient(server: server, token: token)
    }

    // MARK: SearchableIndexBackend

    /// Sends the operations as one batch (`POST /v1/batches`), committed atomically by the daemon.
    public func commit(_ operations: [AppIndex.Operation], indexName: String, clientState: AppIndex.ClientStateChange?) throws {
        var body = "{\"index\":" + Self.quote(indexName) + protectionMember + ",\"operations\":["
        for (offset, operation) in operations.enumerated() {
            if offset > 0 { body += "," }
            switch operation {
            case .index(let items): body += "{\"items\":[" + items.map { ItemJSONCodec.encode($0) }.joined(separator: ",") + "]}"
            case .deleteIdentifiers(let identifiers): body += "{\"identifiers\":" + Self.quote(identifiers) + "}"
            case .deleteDomains(let domains): body += "{\"domainIdentifiers\":" + Self.quote(domains) + "}"
            case .deleteAll: body += "{\"all\":true}"
            }
        }
        body += "]"
        if let clientState {
            body += ",\"clientState\":" + Self.quote(clientState.new.base64EncodedString())
            if let expected = clientState.expected {
                body += ",\"expectedClientState\":" + (expected.map { Self.quote($0.base64EncodedString()) } ?? "null")
            }
        }
        body += "}"
        if operations.isEmpty && clientState == nil { return }
        _ = try send("POST", "/v1/batches", body: body)
    }

    /// Reads the client state (`GET /v1/client-state`).
    public func lastClientState(indexName: String) throws -> Data? {
        let object = try send("GET", "/v1/client-state?index=" + Self.percentEncode(indexName) + protectionParameter, body: nil)
        guard let text = object["clientState"] as? String else { return nil }
        guard let data = Data(base64Encoded: text) else {
            throw CSIndexError(.remoteConnectionError, message: "the daemon answered a client state that is not base64")
        }
        return data
    }

    // MARK: Reading

    /// The app's item with this identifier in the named index, or nil (`GET /v1/items`).
    public func item(identifier: String, indexName: String = "") throws -> StoredItem? {
        let path = "/v1/items?identifier=" + Self.percentEncode(identifier) + "&index=" + Self.percentEncode(indexName) + protectionParameter
        do {
            let object = try send("GET", path, body: nil)
            guard let item = object["item"], JSONSerialization.isValidJSONObject(item) else { return nil }
            return try ItemJSONCodec.decodeItem(from: JSONSerialization.data(withJSONObject: item))
        } catch let error as RemoteStatusError where error.status == 404 {
            return nil
        } catch let error as RemoteStatusError {
            throw error.indexError
        }
    }

    /// Sends a request and returns the JSON object answered.
    /// - Throws: ``CSIndexError``; a 404 as `RemoteStatusError` for callers that treat it as absence.
    @discardableResult
    public func send(_ method: String, _ path: String, body: String?) throws -> [String: Any] {
        let response: HTTPClientResponse
        do {
            response = try BlockingHTTPClient.send(
                method: method, endpoint: server.appending(path),
                headers: [("Authorization", "Bearer " + token), ("Content-Type", "application/json"), ("Accept", "application/json")],
                body: body.map { Array($0.utf8) }, timeout: timeout)
        } catch {
            throw CSIndexError(.remoteConnectionError, message: "cannot reach limelightd at \(server): \(error.message)")
        }
        let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any] ?? [:]
        guard response.isSuccess else {
            let failure = RemoteStatusError(status: response.status, body: object)
            if response.status == 404 && path.hasPrefix("/v1/items?") { throw failure }
            throw failure.indexError
        }
        return object
    }

    /// The `protection` member of a write request body (with its leading comma), or "".
    var protectionMember: String { protectionClass.map { ",\"protection\":" + Self.quote($0.rawValue) } ?? "" }

    /// The `protection` parameter of a read request (with its leading `&`), or "".
    var protectionParameter: String { protectionClass.map { "&protection=" + $0.rawValue } ?? "" }

    static func quote(_ string: String) -> String {
        var output = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case let control where control.value < 0x20: output += String(format: "\\u%04x", control.value)
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    static func quote(_ strings: [String]) -> String { "[" + strings.map { quote($0) }.joined(separator: ",") + "]" }

    /// Percent-encodes a query parameter value.
    public static func percentEncode(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}

/// A non-2xx answer of the daemon.
struct RemoteStatusError: Error {
    var status: Int
    var message: String?
    var field: String?
    var indexErrorCode: Int?

    init(status: Int, body: [String: Any]) {
        self.status = status
        let error = body["error"] as? [String: Any]
        message = error?["message"] as? String
        field = error?["field"] as? String
        indexErrorCode = error?["indexErrorCode"] as? Int
    }

    /// The answer as a ``CSIndexError`` with the daemon's index error code when it sent one.
    var indexError: CSIndexError {
        let text = (field.map { "\($0): " } ?? "") + (message ?? "limelightd answered HTTP \(status)")
        if let indexErrorCode, let code = CSIndexError.Code(rawValue: indexErrorCode) {
            return CSIndexError(code, message: text)
        }
        let code: CSIndexError.Code =
            switch status {
            case 400: .invalidItemError
            case 409: .mismatchedClientState
            case 507: .quotaExceeded
            case 401, 403: .remoteConnectionError
            default: .indexUnavailableError
            }
        return CSIndexError(code, message: "limelightd (HTTP \(status)): " + text)
    }
}
