/// The directives of `<meta name="robots">` (and the crawler-specific `applebot`), parsed.
///
/// `none` stands for `noindex, nofollow`; `all` for `index, follow`. Unknown directives are kept
/// in ``directives`` so a report can show them.
public struct RobotsDirectives: Sendable, Equatable {
    /// Every directive in order of appearance, lowercased, without duplicates
    /// (`noindex`, `max-snippet:50`, `unavailable_after: 2026-01-01`).
    public private(set) var directives: [String] = []
    /// The page must not be indexed (`noindex` or `none`).
    public private(set) var noIndex = false
    /// Links on the page must not be followed (`nofollow` or `none`).
    public private(set) var noFollow = false
    /// No cached copy may be shown (`noarchive`).
    public private(set) var noArchive = false
    /// No text snippet may be shown (`nosnippet`).
    public private(set) var noSnippet = false
    /// Images of the page must not be indexed (`noimageindex`).
    public private(set) var noImageIndex = false
    /// The `max-snippet` length in characters, when given (-1 means no limit).
    public private(set) var maxSnippet: Int?
    /// The `unavailable_after` date as written, when given.
    public private(set) var unavailableAfter: String?

    /// No directives: index and follow.
    public init() {}

    /// Parses one `content` value, e.g. `"noindex, nofollow"`.
    public init(parsing content: String) {
        add(content)
    }

    /// Adds the directives of another `content` value (several robots metas combine).
    public mutating func add(_ content: String) {
        for piece in content.split(whereSeparator: { $0 == "," || $0 == ";" }) {
            let directive = HTMLWhitespace.collapsed(String(piece)).lowercased()
            guard !directive.isEmpty else { continue }
            if !directives.contains(directive) { directives.append(directive) }
            let name = directive.split(separator: ":", maxSplits: 1).first.map {
                HTMLWhitespace.trimmed(String($0))
            } ?? directive
            let argument = directive.split(separator: ":", maxSplits: 1).dropFirst().first.map {
                HTMLWhitespace.trimmed(String($0))
            }
            switch name {
            case "noindex": noIndex = true
            case "nofollow": noFollow = true
            case "none":
                noIndex = true
                noFollow = true
            case "noarchive": noArchive = true
            case "nosnippet": noSnippet = true
            case "noimageindex": noImageIndex = true
            case "max-snippet": maxSnippet = argument.flatMap { Int($0) }
            case "unavailable_after": unavailableAfter = argument
            default: break
            }
        }
    }

    /// Whether any directive was found.
    public var isEmpty: Bool { directives.isEmpty }
}
