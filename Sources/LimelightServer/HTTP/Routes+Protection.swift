import Hummingbird
import Limelight

extension LimelightRoutes {
    /// The system's control of protected data: `GET /v1/protection`, `POST /v1/protection/unlock`,
    /// `POST /v1/protection/lock`, `POST /v1/protection/passphrase`.
    static func addProtectionRoutes<Context: RequestContext>(to router: Router<Context>, service: LimelightService) {
        let limit = service.limits.maximumBodyBytes

        router.get("/v1/protection") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            return HTTPExchange.response(["unlocked": .bool(service.isProtectedDataUnlocked)])
        }

        router.post("/v1/protection/unlock") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: limit))
            let passphrase = try reader.string("passphrase")
            try reader.finish()
            try await service.unlockProtectedData(passphrase: passphrase)
            return HTTPExchange.response(["unlocked": .bool(true)])
        }

        router.post("/v1/protection/lock") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            try await service.lockProtectedData()
            return HTTPExchange.response(["unlocked": .bool(false)])
        }

        router.post("/v1/protection/passphrase") { request, _ in
            try service.requireSystem(authorization: request.headers[.authorization])
            var reader = try JSONObjectReader(try await HTTPExchange.json(request, limit: limit))
            let passphrase = try reader.string("passphrase")
            let newPassphrase = try reader.string("newPassphrase")
            try reader.finish()
            try await service.changeProtectedDataPassphrase(from: passphrase, to: newPassphrase)
            return HTTPExchange.response(["changed": .bool(true)])
        }
    }
}
