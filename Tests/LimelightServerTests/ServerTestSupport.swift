import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import LimelightTestSupport
import Testing

/// A daemon service over a fresh store, with helpers to call its routes in process.
struct ServerFixture {
    let directory = TemporaryDirectory(prefix: "limelightd-test")
    let service: LimelightService

    init(limits: ServiceLimits = ServiceLimits()) throws {
        service = try LimelightService(storePath: directory.path, limits: limits)
    }

    var systemToken: String { service.credentials.systemToken }

    /// Runs `body` with an in-process client of the router (no sockets).
    func withClient(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let application = Application(router: LimelightRoutes.router(service: service))
        try await application.test(.router) { client in try await body(client) }
    }
}

/// A response with its body parsed.
struct JSONResponse {
    var status: Int
    var body: JSONDocument
    var headers: HTTPFields

    /// The `error.code` of an error body.
    var errorCode: String? { body["error"]?["code"]?.stringValue }
    /// The `error.field` of an error body.
    var errorField: String? { body["error"]?["field"]?.stringValue }
}

extension TestClientProtocol {
    /// Sends `json` (if any) with `token` (if any) and parses the JSON answer.
    func call(_ method: HTTPRequest.Method, _ uri: String, token: String? = nil, json: String? = nil) async throws -> JSONResponse {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if json != nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            let text = String(buffer: response.body)
            let body = text.isEmpty ? JSONDocument.null : try JSONDocument.parse(Data(text.utf8))
            return JSONResponse(status: Int(response.status.code), body: body, headers: response.headers)
        }
    }

    /// Registers an app with the system token and returns its token; `supportsContinuation`
    /// declares "Search in App".
    func register(
        _ bundleIdentifier: String, systemToken: String, callbackURL: String? = nil, supportsContinuation: Bool = false
    ) async throws -> String {
        var body = #"{"bundleIdentifier": "\#(bundleIdentifier)""#
        if let callbackURL { body += #", "callbackURL": "\#(callbackURL)""# }
        if supportsContinuation { body += #", "supportsContinuation": true"# }
        body += "}"
        let response = try await call(.post, "/v1/apps", token: systemToken, json: body)
        try #require(response.status == 201, "registration failed: \(response.body.serialized)")
        return try #require(response.body["token"]?.stringValue)
    }
}

/// An item line in the item-file format.
func itemJSON(_ identifier: String, title: String, domain: String? = nil, extra: String = "") -> String {
    var text = #"{"uniqueIdentifier": "\#(identifier)", "contentType": "public.text", "attributes": {"title": "\#(title)"\#(extra)}"#
    if let domain { text += #", "domainIdentifier": "\#(domain)""# }
    return text + "}"
}

/// Runs blocking work (synchronous HTTP, waiting on a process) on a dispatch queue, never on one of
/// Swift concurrency's few cooperative threads: tests run in parallel, and in-process servers of
/// other tests need those threads to answer.
func offCooperativePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}
