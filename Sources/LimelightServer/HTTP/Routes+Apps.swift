import Foundation
import Hummingbird
import Limelight

extension LimelightRoutes {
    /// `GET /healthz`, `POST /v1/apps`, `GET /v1/apps`, `POST /v1/apps/{bundleIdentifier}/reindex`,
    /// `POST /v1/apps/{bundleIdentifier}/provide-data`, `GET /v1/apps/{bundleIdentifier}/delegate-requests`.
    static func addAppRoutes<Context: RequestContext>(to router: Router<Context>, service: LimelightService) {
        router.get("/healthz") { _, _ in
            HTTPExchange.response(["status": "ok", "apps": .integer(service.credentials.registrations().count)])
        }

        router.post("/v1/apps") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            let body = try await HTTPExchange.json(request, limit: service.limits.maximumBodyBytes)
            let registration = try RegisterAppRequest(json: body)
            let token = try await service.registerApp(registration)
            return HTTPExchange.response(
                ["bundleIdentifier": .string(registration.registration.bundleIdentifier), "token": .string(token)], status: .created)
        }

        router.get("/v1/apps") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            return HTTPExchange.response(["apps": .array(service.credentials.registrations().map(Self.json))])
        }

        router.post("/v1/apps/:bundleIdentifier/reindex") { request, context in
            try service.requireSystem(authorization: request.headers[.authorization])
            let bundleIdentifier = context.parameters.get("bundleIdentifier") ?? ""
            var indexName = ""
            if request.headers[.contentLength].flatMap({ Int($0) }) ?? 0 > 0 {
                var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: service.limits.maximumBodyBytes))
                indexName = try WriteRequestDecoding.indexName(&reader)
                try reader.finish()
            }
            let queued = try await service.requestReindexAll(bundleIdentifier: bundleIdentifier, indexName: indexName)
            return HTTPExchange.response(["request": DelegateCallback.json(queued, bundleIdentifier: bundleIdentifier)], status: .accepted)
        }

        router.post("/v1/apps/:bundleIdentifier/provide-data") { request, context in
            try service.requireSystem(authorization: request.headers[.authorization])
            let bundleIdentifier = context.parameters.get("bundleIdentifier") ?? ""
            var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: service.limits.maximumBodyBytes))
            let asked = DataProviderCallback.Request(
                indexName: try WriteRequestDecoding.indexName(&reader), identifier: try reader.string("identifier"),
                typeIdentifier: try reader.string("typeIdentifier"), wantsFile: try reader.bool("file", default: false),
                inPlace: try reader.bool("inPlace", default: false))
            try reader.finish()
            var answer: [String: JSONDocument] = ["identifier": .string(asked.identifier), "typeIdentifier": .string(asked.typeIdentifier)]
            switch try await service.provideData(bundleIdentifier: bundleIdentifier, request: asked) {
            case .data(let bytes): answer["data"] = .string(Data(bytes).base64EncodedString())
            case .fileURL(let url): answer["fileURL"] = .string(url)
            }
            return HTTPExchange.response(.object(answer))
        }

        router.get("/v1/apps/:bundleIdentifier/delegate-requests") { request, context in
            try service.requireSystem(authorization: request.headers[.authorization])
            let bundleIdentifier = context.parameters.get("bundleIdentifier") ?? ""
            let pending = try await service.pendingDelegateRequests(bundleIdentifier: bundleIdentifier)
            return HTTPExchange.response(["requests": .array(pending.map { DelegateCallback.json($0, bundleIdentifier: bundleIdentifier) })])
        }
    }

    static func json(_ registration: AppRegistration) -> JSONDocument {
        var members: [String: JSONDocument] = [
            "bundleIdentifier": .string(registration.bundleIdentifier),
            "supportsContinuation": .bool(registration.supportsContinuation),
        ]
        if let callbackURL = registration.callbackURL { members["callbackURL"] = .string(callbackURL) }
        return .object(members)
    }
}
