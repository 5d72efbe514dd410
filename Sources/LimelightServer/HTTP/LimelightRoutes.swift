import Hummingbird

/// The daemon's HTTP API: a thin adapter that reads requests, calls ``LimelightService`` and writes
/// JSON. `docs/openapi.yaml` documents every route.
public enum LimelightRoutes {
    /// A router with every route of the API over `service`, answering errors as JSON.
    public static func router(service: LimelightService) -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorBodyMiddleware())
        addAppRoutes(to: router, service: service)
        addItemRoutes(to: router, service: service)
        addSearchRoutes(to: router, service: service)
        addHistoryRoutes(to: router, service: service)
        addProtectionRoutes(to: router, service: service)
        return router
    }
}
