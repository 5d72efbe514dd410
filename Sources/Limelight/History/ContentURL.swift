import Foundation

/// URL normalisation for telling that an item's `contentURL` and an activity's `webpageURL` are the
/// same page.
public enum ContentURL {
    /// The normal form of an absolute URL, or nil when it is not one.
    ///
    /// Scheme and host are lowercased; the default port of `http` (80) and `https` (443) is dropped;
    /// the fragment is dropped; a trailing slash of the path is removed (the root path becomes empty);
    /// query items are sorted by name, then value (an empty query is dropped). Percent-escapes, user
    /// and path case are kept.
    ///
    ///     ContentURL.normalized("HTTPS://Example.com:443/Recipes/?b=2&a=1#top")
    ///     // "https://example.com/Recipes?a=1&b=2"
    public static func normalized(_ text: String) -> String? {
        guard var components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            return nil
        }
        components.scheme = scheme
        if let host = components.percentEncodedHost { components.percentEncodedHost = host.lowercased() }
        if let port = components.port, (scheme == "http" && port == 80) || (scheme == "https" && port == 443) {
            components.port = nil
        }
        components.fragment = nil
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        components.percentEncodedPath = path
        if let items = components.percentEncodedQueryItems {
            components.percentEncodedQueryItems = items.isEmpty
                ? nil
                : items.sorted { ($0.name, $0.value ?? "") < ($1.name, $1.value ?? "") }
        }
        return components.string
    }
}
