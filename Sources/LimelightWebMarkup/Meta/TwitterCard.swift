/// A Twitter card: the `twitter:*` meta tags, including the app card's deep links.
public struct TwitterCard: Sendable, Equatable {
    /// One app platform of an app card (`twitter:app:name:iphone`, `…:id:iphone`, `…:url:iphone`).
    public struct App: Sendable, Equatable {
        /// The app's name.
        public var name: String?
        /// The store identifier (numeric App Store id for iPhone and iPad, package for Google Play).
        public var id: String?
        /// The deep link into the app.
        public var url: String?

        /// Creates an app entry.
        public init(name: String? = nil, id: String? = nil, url: String? = nil) {
            self.name = name
            self.id = id
            self.url = url
        }

        /// Whether nothing was given.
        public var isEmpty: Bool { name == nil && id == nil && url == nil }
    }

    /// The platforms of an app card, as Twitter names them.
    public static let platforms = ["iphone", "ipad", "googleplay"]

    /// `twitter:card` (`summary`, `summary_large_image`, `app`, `player`).
    public var card: String?
    /// `twitter:site` (the site's account).
    public var site: String?
    /// `twitter:title`.
    public var title: String?
    /// `twitter:description`.
    public var description: String?
    /// `twitter:image` (or the older `twitter:image:src`), resolved against the base URL.
    public var image: String?
    /// `twitter:image:alt`.
    public var imageAlt: String?
    /// `twitter:player` (a playable media page), resolved.
    public var player: String?
    /// App card entries by platform (`iphone`, `ipad`, `googleplay`).
    public var apps: [String: App] = [:]
    /// Every `twitter:*` tag: name → values in document order.
    public var properties: [(name: String, values: [String])] {
        get { storedProperties.map { ($0.name, $0.values) } }
        set { storedProperties = newValue.map { Property(name: $0.name, values: $0.values) } }
    }

    private struct Property: Sendable, Equatable {
        var name: String
        var values: [String]
    }
    private var storedProperties: [Property] = []

    /// An empty card.
    public init() {}

    /// Reads the `twitter:*` tags from (name, content) pairs in document order.
    /// - Parameters:
    ///   - pairs: meta keys (lowercased) and contents.
    ///   - baseURL: the base for relative image and player URLs.
    public init(pairs: [(key: String, content: String)], baseURL: String?) {
        for (key, rawContent) in pairs where key.hasPrefix("twitter:") {
            let content = HTMLWhitespace.trimmed(rawContent)
            if let index = storedProperties.firstIndex(where: { $0.name == key }) {
                storedProperties[index].values.append(content)
            } else {
                storedProperties.append(Property(name: key, values: [content]))
            }
            guard !content.isEmpty else { continue }
            let field = key.dropFirst("twitter:".count)
            switch field {
            case "card": card = card ?? content
            case "site": site = site ?? content
            case "title": title = title ?? content
            case "description": description = description ?? content
            case "image", "image:src", "image:url":
                if image == nil { image = URLResolver.resolve(content, against: baseURL) }
            case "image:alt": imageAlt = imageAlt ?? content
            case "player": if player == nil { player = URLResolver.resolve(content, against: baseURL) }
            default:
                readAppField(String(field), content)
            }
        }
    }

    private mutating func readAppField(_ field: String, _ content: String) {
        let parts = field.split(separator: ":").map(String.init)
        guard parts.count == 3, parts[0] == "app", Self.platforms.contains(parts[2]) else { return }
        var app = apps[parts[2]] ?? App()
        switch parts[1] {
        case "name": app.name = app.name ?? content
        case "id": app.id = app.id ?? content
        case "url": app.url = app.url ?? content
        default: return
        }
        apps[parts[2]] = app
    }

    /// Whether the page had no `twitter:*` tag.
    public var isEmpty: Bool { storedProperties.isEmpty }
}
