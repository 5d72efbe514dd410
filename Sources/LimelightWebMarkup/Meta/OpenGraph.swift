/// Open Graph: `og:*` meta properties and the related object namespaces (`place:`, `product:`,
/// `music:`, `video:`, `article:`, `book:`, `profile:`, `business:`, `restaurant:`).
///
/// Structured properties follow the protocol's array rules: `og:image` (or `og:image:url`) starts
/// a new image, and `og:image:secure_url`, `:type`, `:width`, `:height` and `:alt` describe the
/// image declared before them. The same holds for `og:video` and `og:audio`.
public struct OpenGraph: Sendable, Equatable {
    /// One image, video or audio file with its structured properties.
    public struct Media: Sendable, Equatable {
        /// The file's URL, resolved against the base URL.
        public var url: String?
        /// The HTTPS URL (`:secure_url`), resolved.
        public var secureURL: String?
        /// The MIME type (`:type`).
        public var type: String?
        /// The width in pixels (`:width`).
        public var width: Int?
        /// The height in pixels (`:height`).
        public var height: Int?
        /// The description (`:alt`).
        public var alt: String?

        /// Creates a media entry.
        public init(
            url: String? = nil, secureURL: String? = nil, type: String? = nil, width: Int? = nil,
            height: Int? = nil, alt: String? = nil
        ) {
            self.url = url
            self.secureURL = secureURL
            self.type = type
            self.width = width
            self.height = height
            self.alt = alt
        }

        /// The URL to use: `url`, else `secure_url`.
        public var bestURL: String? { url ?? secureURL }
    }

    /// The prefixes read as Open Graph.
    public static let prefixes = [
        "og:", "place:", "product:", "music:", "video:", "article:", "book:", "profile:", "business:", "restaurant:",
    ]

    /// Every property → its values in document order (values trimmed, not resolved).
    public var properties: [(name: String, values: [String])] {
        get { storedProperties.map { ($0.name, $0.values) } }
        set { storedProperties = newValue.map { Property(name: $0.name, values: $0.values) } }
    }
    /// The images in order (`og:image` arrays).
    public var images: [Media] = []
    /// The videos in order.
    public var videos: [Media] = []
    /// The audio files in order.
    public var audios: [Media] = []

    private struct Property: Sendable, Equatable {
        var name: String
        var values: [String]
    }
    private var storedProperties: [Property] = []

    /// No Open Graph data.
    public init() {}

    /// Reads Open Graph from (property, content) pairs in document order.
    /// - Parameter baseURL: the base for relative media URLs.
    public init(pairs: [(key: String, content: String)], baseURL: String?) {
        var pendingImage: Media?
        var pendingVideo: Media?
        var pendingAudio: Media?
        for (key, rawContent) in pairs where Self.prefixes.contains(where: { key.hasPrefix($0) }) {
            let content = HTMLWhitespace.trimmed(rawContent)
            if let index = storedProperties.firstIndex(where: { $0.name == key }) {
                storedProperties[index].values.append(content)
            } else {
                storedProperties.append(Property(name: key, values: [content]))
            }
            guard !content.isEmpty else { continue }
            if Self.apply(key, content, kind: "og:image", pending: &pendingImage, into: &images, baseURL: baseURL) {
                continue
            }
            if Self.apply(key, content, kind: "og:video", pending: &pendingVideo, into: &videos, baseURL: baseURL) {
                continue
            }
            _ = Self.apply(key, content, kind: "og:audio", pending: &pendingAudio, into: &audios, baseURL: baseURL)
        }
        for (pending, list) in [(pendingImage, \OpenGraph.images), (pendingVideo, \.videos), (pendingAudio, \.audios)] {
            if let pending, pending.bestURL != nil { self[keyPath: list].append(pending) }
        }
    }

    /// Applies one structured media property. Returns whether the key belonged to `kind`.
    private static func apply(
        _ key: String, _ content: String, kind: String, pending: inout Media?, into list: inout [Media],
        baseURL: String?
    ) -> Bool {
        guard key == kind || key.hasPrefix(kind + ":") else { return false }
        let field = key == kind ? "url" : String(key.dropFirst(kind.count + 1))
        if field == "url" {
            if var current = pending, current.url == nil {
                current.url = URLResolver.resolve(content, against: baseURL)
                pending = current
            } else {
                if let current = pending, current.bestURL != nil { list.append(current) }
                pending = Media(url: URLResolver.resolve(content, against: baseURL))
            }
            return true
        }
        var current = pending ?? Media()
        switch field {
        case "secure_url": current.secureURL = current.secureURL ?? URLResolver.resolve(content, against: baseURL)
        case "type": current.type = current.type ?? content
        case "width": current.width = current.width ?? Self.pixels(content)
        case "height": current.height = current.height ?? Self.pixels(content)
        case "alt": current.alt = current.alt ?? content
        default: break
        }
        pending = current
        return true
    }

    /// Reads a pixel count such as `"1200"` or `"1200px"`.
    static func pixels(_ content: String) -> Int? {
        let digits = content.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        return Int(digits)
    }

    /// The first value of a property, or nil.
    public func first(_ property: String) -> String? {
        storedProperties.first { $0.name == property }?.values.first { !$0.isEmpty }
    }

    /// `og:title`.
    public var title: String? { first("og:title") }
    /// `og:description`.
    public var description: String? { first("og:description") }
    /// `og:type`.
    public var type: String? { first("og:type") }
    /// `og:url`.
    public var url: String? { first("og:url") }
    /// `og:site_name`.
    public var siteName: String? { first("og:site_name") }

    /// Whether the page had no Open Graph property.
    public var isEmpty: Bool { storedProperties.isEmpty }
}
