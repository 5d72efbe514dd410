import Foundation
import Hummingbird
import Limelight

extension LimelightRoutes {
    /// App history and launching: `POST/GET/DELETE /v1/activities`, `POST /v1/open`, `GET /v1/launches`.
    static func addHistoryRoutes<Context: RequestContext>(to router: Router<Context>, service: LimelightService) {
        let limit = service.limits.maximumBodyBytes

        router.post("/v1/activities") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let body = try await HTTPExchange.json(request, limit: limit)
            let activity: ActivityRecord
            do {
                activity = try ActivityJSONCodec.decode(body.data)
            } catch let error as ActivityError {
                throw LimelightServiceError(.invalidRequest, error.message)
            }
            let countsView = try HTTPExchange.boolQuery(request, "view", default: true)
            switch try await service.recordActivity(activity, countsView: countsView, for: app) {
            case .indexed(let identifier, let viewCount):
                return HTTPExchange.response(["outcome": "indexed", "identifier": .string(identifier), "viewCount": .integer(viewCount)])
            case .notEligibleForSearch:
                return HTTPExchange.response(["outcome": "notEligibleForSearch"])
            case .relatedItemMissing(let identifier):
                return HTTPExchange.response(["outcome": "relatedItemMissing", "relatedUniqueIdentifier": .string(identifier)])
            }
        }

        router.get("/v1/activities") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let activities = try await service.activities(for: app)
            return HTTPExchange.response(["activities": .array(activities.map { .raw(ActivityJSONCodec.encode($0)) })])
        }

        router.delete("/v1/activities") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: limit))
            let identifiers = try reader.optionalStrings("persistentIdentifiers", limit: service.limits.maximumIdentifiersPerRequest)
            let all = try reader.bool("all", default: false)
            try reader.finish()
            guard (identifiers != nil) != all else {
                throw LimelightServiceError.invalidRequest(field: "persistentIdentifiers", "give persistentIdentifiers or \"all\": true")
            }
            try await service.deleteActivities(persistentIdentifiers: identifiers, for: app)
            return HTTPExchange.response(["deleted": .bool(true)])
        }

        router.post("/v1/open") { request, _ in
            let principal = try service.principal(authorization: request.headers[.authorization])
            var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: limit))
            let target = try launchTarget(&reader)
            switch principal {
            case .system:
                let bundleIdentifier = try reader.string("bundleIdentifier")
                let query = try reader.optionalString("query")
                try reader.finish()
                let activity = try await service.open(target, bundleIdentifier: bundleIdentifier, query: query)
                return HTTPExchange.response(["bundleIdentifier": .string(bundleIdentifier), "activity": .raw(ActivityJSONCodec.encode(activity))])
            case .app(let app):
                try reader.finish()
                let activity = try await service.launchActivity(for: target, of: app)
                return HTTPExchange.response(["activity": .raw(ActivityJSONCodec.encode(activity))])
            }
        }

        router.get("/v1/launches") { request, _ in
            let app = try service.app(authorization: request.headers[.authorization])
            let launches = try await service.pendingLaunches(for: app)
            return HTTPExchange.response(["activities": .array(launches.map { .raw(ActivityJSONCodec.encode($0)) })])
        }
    }

    /// Exactly one of `identifier` (with `index`), `activityIdentifier`, `webpageURL` or `searchInApp`.
    static func launchTarget(_ reader: inout JSONObjectReader) throws(LimelightServiceError) -> LaunchTarget {
        let identifier = try reader.optionalString("identifier")
        let indexName = try reader.optionalString("index") ?? ""
        let activity = try reader.optionalString("activityIdentifier")
        let webpage = try reader.optionalString("webpageURL")
        let continuation = try reader.optionalString("searchInApp")
        switch (identifier, activity, webpage, continuation) {
        case (let identifier?, nil, nil, nil): return .item(identifier: identifier, indexName: indexName)
        case (nil, let activity?, nil, nil): return .activity(identifier: activity)
        case (nil, nil, let webpage?, nil): return .webpage(webpage)
        case (nil, nil, nil, let text?): return .queryContinuation(text)
        default:
            throw .invalidRequest(field: "identifier", "give exactly one of identifier, activityIdentifier, webpageURL or searchInApp")
        }
    }
}
