import Foundation
import Hummingbird
import Limelight

extension LimelightRoutes {
    /// The app routes that write and read items: `POST /v1/items`, `DELETE /v1/items`,
    /// `GET /v1/items?identifier=`, `POST /v1/batches`, `GET /v1/client-state`, `GET /v1/status`. Each
    /// reaches the app's unprotected content, or with `protection` the content of that class.
    static func addItemRoutes<Context: RequestContext>(to router: Router<Context>, service: LimelightService) {
        let limit = service.limits.maximumBodyBytes

        router.post("/v1/items") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let body = try IndexItemsRequest(json: try await HTTPExchange.json(request, limit: limit), limits: service.limits)
            let count = try await service.indexItems(body, for: app)
            return HTTPExchange.response(["index": .string(body.indexName), "indexed": .integer(count)])
        }

        router.delete("/v1/items") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let body = try DeleteItemsRequest(json: try await HTTPExchange.json(request, limit: limit), limits: service.limits)
            try await service.deleteItems(body, for: app)
            return HTTPExchange.response(["index": .string(body.indexName), "deleted": .bool(true)])
        }

        router.get("/v1/items") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let identifier = try HTTPExchange.requiredQuery(request, "identifier")
            let indexName = HTTPExchange.query(request, "index") ?? ""
            let item = try await service.item(
                identifier: identifier, indexName: indexName, protection: try HTTPExchange.protectionQuery(request), for: app)
            return HTTPExchange.response(["item": .raw(ItemJSONCodec.encode(item))])
        }

        router.post("/v1/batches") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let body = try BatchRequest(json: try await HTTPExchange.json(request, limit: limit), limits: service.limits)
            try await service.applyBatch(body, for: app)
            var members: [String: JSONDocument] = ["index": .string(body.indexName), "committed": .bool(true)]
            if let state = body.clientState { members["clientState"] = .string(state.new.base64EncodedString()) }
            return HTTPExchange.response(.object(members))
        }

        router.get("/v1/client-state") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let indexName = HTTPExchange.query(request, "index") ?? ""
            let state = try await service.clientState(indexName: indexName, protection: try HTTPExchange.protectionQuery(request), for: app)
            return HTTPExchange.response(["index": .string(indexName), "clientState": state.map { .string($0.base64EncodedString()) } ?? .null])
        }

        router.get("/v1/status") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let summaries = try await service.indexSummaries(for: app)
            let indexes: [JSONDocument] = summaries.map {
                var members: [String: JSONDocument] = [
                    "name": .string($0.name), "items": .integer($0.items), "hasClientState": .bool($0.hasClientState),
                ]
                if let protectionClass = $0.protectionClass { members["protection"] = .string(protectionClass.rawValue) }
                return .object(members)
            }
            return HTTPExchange.response(["bundleIdentifier": .string(app.bundleIdentifier), "indexes": .array(indexes)])
        }
    }
}
