import Foundation
import Limelight

/// How a delegate request travels to an app's callback URL.
///
/// The daemon POSTs `{"id", "bundleIdentifier", "kind", "index", "identifiers", "attempt"}` (kind:
/// `reindexAll`, `reindexIdentifiers`, `throttle`, `unthrottle`) with
/// `Content-Type: application/json`. Any 2xx answer acknowledges the request; anything else, or no
/// answer within the timeout, leaves it pending for a later attempt after an exponential backoff
/// (1 s doubling to one hour, see ``DelegateRequest/backoff(afterAttempts:)``).
public enum DelegateCallback {
    /// The JSON of a request as delivered.
    public static func json(_ request: DelegateRequest, bundleIdentifier: String) -> JSONDocument {
        [
            "id": .string(request.id), "bundleIdentifier": .string(bundleIdentifier), "kind": .string(request.kind.rawValue),
            "index": .string(request.indexName), "identifiers": .array(request.identifiers.map { .string($0) }),
            "attempt": .integer(request.attempts),
        ]
    }

    /// Delivers one request to `callbackURL`; returns whether the app acknowledged it (2xx).
    /// Blocks for at most `timeout` seconds per socket operation.
    static func deliver(_ request: DelegateRequest, bundleIdentifier: String, callbackURL: String, timeout: Double) -> Bool {
        guard let endpoint = HTTPEndpoint(callbackURL) else { return false }
        let body = Array(json(request, bundleIdentifier: bundleIdentifier).serialized.utf8)
        do {
            let response = try BlockingHTTPClient.send(
                method: "POST", endpoint: endpoint, headers: [("Content-Type", "application/json")], body: body, timeout: timeout)
            return response.isSuccess
        } catch {
            return false
        }
    }
}
