import Foundation
import Hummingbird
import Limelight

extension LimelightRoutes {
    /// The app's searches: `GET /v1/query`, `GET /v1/user-query`, `GET /v1/suggestions` (over
    /// unprotected content and every unlocked class, or the classes of `protection`),
    /// `POST /v1/query-history`; and the system search `GET /v1/search`.
    static func addSearchRoutes<Context: RequestContext>(to router: Router<Context>, service: LimelightService) {
        let limits = service.limits

        router.get("/v1/query") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let query = try HTTPExchange.requiredQuery(request, "q")
            let hits = try await service.query(
                query, fetchAttributes: attributes(request), indexName: HTTPExchange.query(request, "index"),
                limit: try HTTPExchange.integerQuery(request, "limit", default: limits.defaultResultLimit, range: 0...limits.maximumResultLimit),
                protectionClasses: try HTTPExchange.protectionClassesQuery(request), for: app)
            return HTTPExchange.response(["items": .array(hits.map { .raw(ItemJSONCodec.encode($0.item)) })])
        }

        router.get("/v1/user-query") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let text = try HTTPExchange.requiredQuery(request, "q")
            let hits = try await service.userQuery(
                text, fetchAttributes: attributes(request), indexName: HTTPExchange.query(request, "index"),
                limit: try HTTPExchange.integerQuery(request, "limit", default: 20, range: 0...limits.maximumResultLimit),
                filter: HTTPExchange.query(request, "filter"), protectionClasses: try HTTPExchange.protectionClassesQuery(request), for: app)
            let json: [JSONDocument] = hits.map {
                var members: [String: JSONDocument] = [
                    "index": .string($0.indexName), "score": $0.score.map { .number($0) } ?? .null, "item": .raw(ItemJSONCodec.encode($0.item)),
                ]
                if let protectionClass = $0.protectionClass { members["protection"] = .string(protectionClass.rawValue) }
                return .object(members)
            }
            return HTTPExchange.response(["hits": .array(json)])
        }

        router.get("/v1/suggestions") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let prefix = try HTTPExchange.requiredQuery(request, "prefix")
            let limit = try HTTPExchange.integerQuery(request, "limit", default: 10, range: 0...100)
            let suggestions = try await service.suggestions(
                prefix: prefix, limit: limit, protectionClasses: try HTTPExchange.protectionClassesQuery(request), for: app)
            return HTTPExchange.response(["suggestions": .array(suggestions.map(json))])
        }

        router.post("/v1/query-history") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: limits.maximumBodyBytes))
            let query = try reader.string("query")
            try reader.finish()
            try await service.recordQuery(query, for: app)
            return HTTPExchange.response(["recorded": .bool(true)])
        }

        router.get("/v1/search") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            let text = try HTTPExchange.requiredQuery(request, "q")
            let lockScreen = try HTTPExchange.boolQuery(request, "lockScreen", default: false)
            let result = try await service.systemSearch(text, lockScreen: lockScreen)
            let sections: [JSONDocument] = result.sections.map { section in
                var members: [String: JSONDocument] = [
                    "bundleIdentifier": .string(section.bundleIdentifier), "items": .array(section.hits.map(json)),
                    "more": .integer(section.more),
                ]
                if section.supportsContinuation { members["searchInApp"] = ["query": .string(text)] }
                return .object(members)
            }
            return HTTPExchange.response([
                "query": .string(text), "lockScreen": .bool(lockScreen), "topHits": .array(result.topHits.map(json)),
                "sections": .array(sections), "suggestions": .array(result.suggestions.map { .string($0.text) }),
            ])
        }
    }

    /// The `attributes` query parameter: comma-separated names, or nil for all.
    static func attributes(_ request: Request) -> [String]? {
        HTTPExchange.query(request, "attributes").map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
    }

    static func json(_ suggestion: QuerySuggestion) -> JSONDocument {
        ["text": .string(suggestion.text), "source": .string(suggestion.source.rawValue), "score": .number(suggestion.score)]
    }

    static func json(_ hit: SystemSearchHit) -> JSONDocument {
        var members: [String: JSONDocument] = [
            "bundleIdentifier": .string(hit.bundleIdentifier), "kind": .string(hit.primary.kind.rawValue),
            "index": .string(hit.primary.indexName), "identifier": .string(hit.primary.item.uniqueIdentifier),
            "score": .number(hit.score), "mergedRecords": .integer(hit.mergedRecords), "viewCount": .integer(hit.viewCount),
        ]
        if hit.primary.kind == .activity, let activity = try? ActivityRecord(record: hit.primary) {
            members["activity"] = .raw(ActivityJSONCodec.encode(activity))
        } else {
            members["item"] = .raw(ItemJSONCodec.encode(hit.primary.item))
        }
        return .object(members)
    }
}
