/// A site's `apple-app-site-association` file: which of its URLs are universal links, and for
/// which apps.
///
/// Both formats are read:
/// - **legacy** (iOS 9–12): `applinks.details[]` with `appID` and `paths`; a path starting with
///   `NOT ` excludes. Legacy paths are matched against the URL's path only, case-sensitively.
/// - **components** (iOS 13+): `appIDs` and `components`, each component with `/` (path), `?`
///   (the query as one string, or a dictionary of query item name → value pattern, every named
///   item required), `#` (fragment), `exclude`, `caseSensitive`, `percentEncoded` and `comment`;
///   `defaults` at the `applinks` level and in a detail; `substitutionVariables`.
///
/// A component without `/`, `?` or `#` matches any path, query or fragment. Within a detail the
/// rules are tried in order and the first that matches decides: an `exclude` rule (or a `NOT`
/// path) means the URL is not a link for that detail's apps. Each detail is evaluated on its own;
/// the apps of every detail that matches are returned, in file order (the first is the app the
/// system opens).
///
/// `percentEncoded` true (the default) means patterns are written percent-encoded and are
/// compared with the URL as sent; false means patterns are written decoded and the URL's
/// components are percent-decoded before comparing.
public struct AppSiteAssociation: Sendable, Equatable {
    /// A query pattern: the whole query string, or required query items.
    public enum QueryPattern: Sendable, Equatable {
        /// A pattern for the whole query string (without the `?`).
        case string(String)
        /// Query item names with a pattern for each value; every named item must be present.
        case items([QueryItemPattern])
    }

    /// One required query item.
    public struct QueryItemPattern: Sendable, Equatable {
        /// The item's name (matched exactly, subject to case sensitivity and percent-encoding).
        public var name: String
        /// The pattern its value must match.
        public var value: String

        /// Creates a query item pattern.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// One rule of a detail (a component, or a legacy path).
    public struct Component: Sendable, Equatable {
        /// The path pattern (`/`), or nil for any path.
        public var path: String?
        /// The query pattern (`?`), or nil for any query.
        public var query: QueryPattern?
        /// The fragment pattern (`#`), or nil for any fragment.
        public var fragment: String?
        /// Whether a match excludes the URL.
        public var exclude: Bool
        /// Whether letters must match case.
        public var caseSensitive: Bool
        /// Whether patterns are written percent-encoded (see the type's discussion).
        public var percentEncoded: Bool
        /// The author's comment, when any.
        public var comment: String?

        /// Creates a component.
        public init(
            path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool = false,
            caseSensitive: Bool = true, percentEncoded: Bool = true, comment: String? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
        }

        /// The rule as the file wrote it, for messages (`/recipes/*`, `NOT /admin/*`).
        public var summary: String {
            var parts: [String] = []
            if let path { parts.append("\"/\": \"\(path)\"") }
            switch query {
            case .string(let pattern): parts.append("\"?\": \"\(pattern)\"")
            case .items(let items):
                parts.append("\"?\": {" + items.map { "\"\($0.name)\": \"\($0.value)\"" }.joined(separator: ", ") + "}")
            case nil: break
            }
            if let fragment { parts.append("\"#\": \"\(fragment)\"") }
            if exclude { parts.append("\"exclude\": true") }
            return "{" + parts.joined(separator: ", ") + "}"
        }
    }

    /// One `details` entry: apps and their rules.
    public struct Detail: Sendable, Equatable {
        /// The app identifiers (`TEAMID.bundle.identifier`).
        public var appIDs: [String]
        /// The rules in order.
        public var components: [Component]
        /// Whether the entry used the legacy `paths` form.
        public var isLegacy: Bool

        /// Creates a detail.
        public init(appIDs: [String], components: [Component], isLegacy: Bool = false) {
            self.appIDs = appIDs
            self.components = components
            self.isLegacy = isLegacy
        }
    }

    /// The `applinks.details` entries in order.
    public var details: [Detail]
    /// The custom substitution variables (`applinks.substitutionVariables`).
    public var substitutionVariables: [String: [String]]
    /// The app identifiers of `webcredentials.apps`, when present.
    public var webCredentialsApps: [String]

    /// Creates an association from its parts.
    public init(details: [Detail], substitutionVariables: [String: [String]] = [:], webCredentialsApps: [String] = []) {
        self.details = details
        self.substitutionVariables = substitutionVariables
        self.webCredentialsApps = webCredentialsApps
    }
}
