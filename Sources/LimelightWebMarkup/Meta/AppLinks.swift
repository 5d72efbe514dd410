/// App Links: the `al:*` meta tags (`al:ios:url`, `al:iphone:app_store_id`, `al:web:url`, …).
public struct AppLinks: Sendable, Equatable {
    /// One platform's target: where the app is and how to open it.
    public struct Target: Sendable, Equatable {
        /// The deep link (`al:PLATFORM:url`).
        public var url: String?
        /// The App Store identifier (`app_store_id`), for Apple platforms.
        public var appStoreID: String?
        /// The app's name (`app_name`).
        public var appName: String?
        /// The Android package (`package`), for Android.
        public var package: String?

        /// Creates a target.
        public init(url: String? = nil, appStoreID: String? = nil, appName: String? = nil, package: String? = nil) {
            self.url = url
            self.appStoreID = appStoreID
            self.appName = appName
            self.package = package
        }
    }

    /// `al:ios:*`.
    public var ios: Target?
    /// `al:iphone:*`.
    public var iPhone: Target?
    /// `al:ipad:*`.
    public var iPad: Target?
    /// `al:android:*`.
    public var android: Target?
    /// `al:web:url`: the web fallback.
    public var webURL: String?
    /// `al:web:should_fallback`: whether to open the web URL when the app is missing
    /// (App Links' default is true).
    public var webShouldFallback: Bool?
    /// Every `al:*` tag: property → values in document order.
    public var properties: [(name: String, values: [String])] {
        get { storedProperties.map { ($0.name, $0.values) } }
        set { storedProperties = newValue.map { Property(name: $0.name, values: $0.values) } }
    }

    private struct Property: Sendable, Equatable {
        var name: String
        var values: [String]
    }
    private var storedProperties: [Property] = []

    /// No App Links.
    public init() {}

    /// Reads the `al:*` tags from (property, content) pairs in document order. The first value
    /// of each field wins.
    public init(pairs: [(key: String, content: String)]) {
        for (key, rawContent) in pairs where key.hasPrefix("al:") {
            let content = HTMLWhitespace.trimmed(rawContent)
            if let index = storedProperties.firstIndex(where: { $0.name == key }) {
                storedProperties[index].values.append(content)
            } else {
                storedProperties.append(Property(name: key, values: [content]))
            }
            guard !content.isEmpty else { continue }
            let parts = key.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { continue }
            switch parts[1] {
            case "ios": ios = Self.update(ios, field: parts[2], content)
            case "iphone": iPhone = Self.update(iPhone, field: parts[2], content)
            case "ipad": iPad = Self.update(iPad, field: parts[2], content)
            case "android": android = Self.update(android, field: parts[2], content)
            case "web":
                if parts[2] == "url", webURL == nil { webURL = content }
                if parts[2] == "should_fallback", webShouldFallback == nil {
                    webShouldFallback = !["false", "0", "no"].contains(content.lowercased())
                }
            default: break
            }
        }
    }

    private static func update(_ target: Target?, field: String, _ content: String) -> Target {
        var target = target ?? Target()
        switch field {
        case "url": target.url = target.url ?? content
        case "app_store_id": target.appStoreID = target.appStoreID ?? content
        case "app_name": target.appName = target.appName ?? content
        case "package": target.package = target.package ?? content
        default: break
        }
        return target
    }

    /// The first Apple-platform deep link: `al:ios:url`, else `al:iphone:url`, else `al:ipad:url`.
    public var appleDeepLink: (url: String, platform: String, target: Target)? {
        for (platform, target) in [("ios", ios), ("iphone", iPhone), ("ipad", iPad)] {
            if let target, let url = target.url { return (url, platform, target) }
        }
        return nil
    }

    /// Whether the page had no `al:*` tag.
    public var isEmpty: Bool { storedProperties.isEmpty }
}
