import Foundation

/// Resolves the URLs found in markup (`href`, `src`, `content`) against the document's base URL.
///
/// Uses Foundation's RFC 3986 resolution; a reference that Foundation cannot read is returned
/// trimmed but otherwise unchanged, so extraction never loses a value it could not normalise.
public enum URLResolver {
    /// Resolves `reference` against `base`.
    ///
    /// Leading and trailing whitespace is removed and tabs and new lines inside are dropped, as
    /// the URL standard does; spaces are percent-encoded.
    /// - Parameters:
    ///   - reference: the URL as written in the page, absolute or relative.
    ///   - base: the absolute base URL, or nil when unknown.
    /// - Returns: the absolute URL, or the cleaned reference when it cannot be resolved.
    public static func resolve(_ reference: String, against base: String?) -> String {
        let cleaned = clean(reference)
        guard let base, !base.isEmpty else { return cleaned }
        if hasScheme(cleaned) { return cleaned }
        guard let baseURL = URL(string: clean(base)), baseURL.scheme != nil else { return cleaned }
        if cleaned.isEmpty { return baseURL.absoluteString }
        guard let resolved = URL(string: cleaned, relativeTo: baseURL) else { return cleaned }
        return resolved.absoluteURL.absoluteString
    }

    /// Whether the string starts with a URL scheme (`https:`, `myapp:`).
    public static func hasScheme(_ string: String) -> Bool {
        var sawLetter = false
        for scalar in string.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z":
                sawLetter = true
            case "0"..."9", "+", "-", ".":
                if !sawLetter { return false }
            case ":":
                return sawLetter
            default:
                return false
            }
        }
        return false
    }

    /// Whether the string is an absolute `http` or `https` URL with a host.
    public static func isWebURL(_ string: String) -> Bool {
        let lower = string.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return false }
        let afterScheme = lower.drop(while: { $0 != "/" }).dropFirst(2)
        return !afterScheme.isEmpty && afterScheme.first != "/"
    }

    private static func clean(_ string: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in HTMLWhitespace.trimmed(string).unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r": continue
            case " ": scalars.append(contentsOf: "%20".unicodeScalars)
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
