import Foundation
import Hummingbird
import Limelight

/// The small pieces the routes share: reading a JSON body within the size limit, reading query
/// parameters, and writing JSON responses.
enum HTTPExchange {
    /// The JSON body of `request`, at most `limit` bytes.
    /// - Throws: `tooLarge` over the limit, `invalidRequest` for malformed JSON.
    static func json(_ request: Request, limit: Int) async throws -> JSONDocument {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw LimelightServiceError(.tooLarge, "the body is \(declared) bytes; at most \(limit) are accepted")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw LimelightServiceError(.tooLarge, "the body is larger than \(limit) bytes")
        }
        guard buffer.readableBytes > 0 else { throw LimelightServiceError.invalidRequest(field: nil, "a JSON body is required") }
        return try JSONDocument.parse(Data(buffer.readableBytesView))
    }

    /// A JSON response.
    static func response(_ document: JSONDocument, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: document.serialized)))
    }

    /// The error response of `error`.
    static func response(_ error: LimelightServiceError) -> Response {
        var response = response(error.body, status: HTTPResponse.Status(code: error.code.httpStatus))
        if error.code == .unauthorized { response.headers[.wwwAuthenticate] = "Bearer" }
        return response
    }

    /// A query parameter, or nil.
    static func query(_ request: Request, _ name: String) -> String? {
        request.uri.queryParameters.get(name)
    }

    /// A required query parameter.
    static func requiredQuery(_ request: Request, _ name: String) throws(LimelightServiceError) -> String {
        guard let value = query(request, name) else { throw .invalidRequest(field: name, "query parameter is required") }
        return value
    }

    /// An integer query parameter within `range`, or `defaultValue` when absent.
    static func integerQuery(_ request: Request, _ name: String, default defaultValue: Int, range: ClosedRange<Int>) throws(LimelightServiceError) -> Int {
        guard let text = query(request, name) else { return defaultValue }
        guard let value = Int(text) else { throw .invalidRequest(field: name, "must be an integer") }
        guard range.contains(value) else { throw .invalidRequest(field: name, "must be between \(range.lowerBound) and \(range.upperBound)") }
        return value
    }

    /// The `protection` query parameter of a read by identifier: one protection class, or nil
    /// (unprotected content) when absent.
    static func protectionQuery(_ request: Request) throws(LimelightServiceError) -> ProtectionClass? {
        guard let name = query(request, "protection") else { return nil }
        return try WriteRequestDecoding.protectionClass(named: name, field: "protection")
    }

    /// The `protection` query parameter of a search: comma-separated classes, `none` standing for
    /// unprotected content; empty when absent (every available class).
    static func protectionClassesQuery(_ request: Request) throws(LimelightServiceError) -> [ProtectionClass?] {
        guard let list = query(request, "protection") else { return [] }
        var classes: [ProtectionClass?] = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            classes.append(name == ProtectionClass.unprotectedName ? nil : try WriteRequestDecoding.protectionClass(named: name, field: "protection"))
        }
        return classes
    }

    /// A Boolean query parameter (`true`/`false`/`1`/`0`), or `defaultValue` when absent.
    static func boolQuery(_ request: Request, _ name: String, default defaultValue: Bool) throws(LimelightServiceError) -> Bool {
        switch query(request, name)?.lowercased() {
        case nil: return defaultValue
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw .invalidRequest(field: name, "must be true or false")
        }
    }
}

/// Turns every error into the JSON error body with the matching status, so that clients always
/// receive `{"error": {"code", "message"}}` and never a stack trace or an empty 500.
struct ErrorBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as LimelightServiceError {
            return HTTPExchange.response(error)
        } catch let error as any HTTPResponseError {
            let status = error.status
            let code: LimelightServiceError.Code =
                switch status.code {
                case 401: .unauthorized
                case 403: .forbidden
                case 404, 405: .notFound
                case 413: .tooLarge
                case 400..<500: .invalidRequest
                default: .internalError
                }
            let message = status.code == 404 ? "no route \(request.method) \(request.uri.path)" : status.reasonPhrase
            var response = HTTPExchange.response(LimelightServiceError(code, message).body, status: status)
            if status.code == 405 { response.status = .notFound }
            return response
        } catch {
            context.logger.error("unexpected error: \(error)")
            return HTTPExchange.response(LimelightServiceError(.internalError, "an unexpected error occurred"))
        }
    }
}
