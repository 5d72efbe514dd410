import Foundation
import Limelight

/// How the daemon asks an app, out of process, for the data or file it promised for an item
/// (drag and drop): Core Spotlight's `data(for:itemIdentifier:typeIdentifier:)` and
/// `fileURL(for:itemIdentifier:typeIdentifier:inPlace:)` delegate calls.
///
/// The daemon POSTs `{"kind": "provideData" | "provideFileURL", "bundleIdentifier", "index",
/// "identifier", "typeIdentifier", "inPlace", "attempt"}` to the app's callback URL. For data, a 2xx
/// answer's body is the data itself; for a file, a 2xx answer is `{"fileURL": "file:///…"}`. A
/// failed or unreachable callback is tried ``attempts`` times with a short doubling pause, since
/// the user is waiting; then the request fails (the caller may ask again).
public enum DataProviderCallback {
    /// What the app provided.
    public enum Provided: Sendable, Equatable {
        /// The bytes of the promised type.
        case data([UInt8])
        /// A file holding the promised type.
        case fileURL(String)
    }

    /// The request for one promised representation.
    public struct Request: Sendable, Equatable {
        /// The item's named index ("" for the default index).
        public var indexName: String
        /// The item's unique identifier.
        public var identifier: String
        /// The promised uniform type identifier.
        public var typeIdentifier: String
        /// Whether a file is asked for (else data).
        public var wantsFile: Bool
        /// For a file: whether the app may hand out its own file in place (else a copy).
        public var inPlace: Bool
    }

    /// How many times a callback is tried.
    static let attempts = 3

    /// The JSON of a request as delivered.
    static func json(_ request: Request, bundleIdentifier: String, attempt: Int) -> JSONDocument {
        [
            "kind": .string(request.wantsFile ? "provideFileURL" : "provideData"), "bundleIdentifier": .string(bundleIdentifier),
            "index": .string(request.indexName), "identifier": .string(request.identifier),
            "typeIdentifier": .string(request.typeIdentifier), "inPlace": .bool(request.inPlace), "attempt": .integer(attempt),
        ]
    }

    /// Asks the app at `callbackURL`; blocks for at most `timeout` seconds per socket operation.
    /// - Throws: ``LimelightServiceError`` (`unavailable`) when the app does not answer with the data.
    static func fetch(_ request: Request, bundleIdentifier: String, callbackURL: String, timeout: Double) throws(LimelightServiceError) -> Provided {
        guard let endpoint = HTTPEndpoint(callbackURL) else {
            throw LimelightServiceError(.unavailable, "the callback URL of \(bundleIdentifier) is not a usable http URL")
        }
        var failure = "no answer"
        for attempt in 1...attempts {
            if attempt > 1 { Thread.sleep(forTimeInterval: 0.1 * Double(1 << (attempt - 2))) }
            let body = Array(json(request, bundleIdentifier: bundleIdentifier, attempt: attempt).serialized.utf8)
            do {
                let response = try BlockingHTTPClient.send(
                    method: "POST", endpoint: endpoint, headers: [("Content-Type", "application/json")], body: body, timeout: timeout)
                guard response.isSuccess else {
                    failure = "HTTP \(response.status)"
                    continue
                }
                guard request.wantsFile else { return .data(response.body) }
                guard let answer = try? JSONDocument.parse(Data(response.body)), let url = answer["fileURL"]?.stringValue,
                    url.hasPrefix("file://")
                else {
                    failure = "the answer has no \"fileURL\" with a file:// URL"
                    continue
                }
                return .fileURL(url)
            } catch {
                failure = "\(error)"
            }
        }
        throw LimelightServiceError(
            .unavailable, "\(bundleIdentifier) did not provide \(request.typeIdentifier) for '\(request.identifier)' (\(failure))")
    }
}
