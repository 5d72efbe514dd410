/// An app the daemon serves: what it registered with `POST /v1/apps`.
public struct AppRegistration: Codable, Sendable, Hashable {
    /// The app's bundle identifier; its token reaches only this app's index.
    public var bundleIdentifier: String
    /// Whether the app declares search continuation ("Search in App").
    public var supportsContinuation: Bool
    /// Where index-delegate requests are delivered (`http://host:port/path`), if anywhere.
    public var callbackURL: String?

    /// Creates a registration.
    public init(bundleIdentifier: String, supportsContinuation: Bool = false, callbackURL: String? = nil) {
        self.bundleIdentifier = bundleIdentifier
        self.supportsContinuation = supportsContinuation
        self.callbackURL = callbackURL
    }
}

/// Who a request's bearer token identifies.
public enum Principal: Sendable, Hashable {
    /// The system credential (the search UI, administration).
    case system
    /// One registered app.
    case app(AppRegistration)
}
