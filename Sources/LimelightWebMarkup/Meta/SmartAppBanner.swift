/// A Smart App Banner: `<meta name="apple-itunes-app" content="app-id=…, app-argument=…">`.
///
/// Parsing is lenient the way real pages need it: keys in any case, spaces around `=`, commas or
/// semicolons (or nothing but spaces) between pairs, values in quotes, an `id` prefix on the App
/// Store identifier, and an `app-argument` that itself contains commas or `=`.
public struct SmartAppBanner: Sendable, Equatable {
    /// The App Store identifier as written, without an `id` prefix (`"1234567890"`).
    public var appID: String?
    /// The deep link the app opens (`app-argument`), when given.
    public var appArgument: String?
    /// The affiliate data (`affiliate-data`), when given.
    public var affiliateData: String?
    /// The App Clip bundle identifier (`app-clip-bundle-id`), when given.
    public var appClipBundleID: String?
    /// Every key and value found, keys lowercased, in order.
    public var parameters: [(key: String, value: String)] {
        get { storedParameters.map { ($0.key, $0.value) } }
        set { storedParameters = newValue.map { Parameter(key: $0.key, value: $0.value) } }
    }

    private struct Parameter: Sendable, Equatable {
        var key: String
        var value: String
    }
    private var storedParameters: [Parameter] = []

    /// The keys whose start marks a new pair; other text belongs to the value before it.
    static let knownKeys = ["app-id", "app-argument", "affiliate-data", "app-clip-bundle-id", "app-clip-display"]

    /// Whether ``appID`` is a plausible App Store identifier (digits only).
    public var hasValidAppID: Bool {
        guard let appID, !appID.isEmpty else { return false }
        return appID.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    /// Parses the `content` attribute. Returns nil when it has no recognisable pair at all.
    public init?(content: String) {
        let pairs = Self.pairs(in: content)
        guard !pairs.isEmpty else { return nil }
        storedParameters = pairs.map { Parameter(key: $0.key, value: $0.value) }
        for pair in pairs {
            switch pair.key {
            case "app-id":
                var id = pair.value
                if id.lowercased().hasPrefix("id") { id = String(id.dropFirst(2)) }
                if appID == nil { appID = HTMLWhitespace.trimmed(id) }
            case "app-argument":
                if appArgument == nil, !pair.value.isEmpty { appArgument = pair.value }
            case "affiliate-data":
                if affiliateData == nil { affiliateData = pair.value }
            case "app-clip-bundle-id":
                if appClipBundleID == nil { appClipBundleID = pair.value }
            default:
                break
            }
        }
    }

    /// Splits the content into key/value pairs.
    ///
    /// A pair starts where a known key followed by `=` begins at the start or after a separator
    /// (`,`, `;` or whitespace). Unknown `key=value` pieces are also split at separators.
    static func pairs(in content: String) -> [(key: String, value: String)] {
        let scalars = Array(content.unicodeScalars)
        let lower = Array(content.lowercased().unicodeScalars)
        guard lower.count == scalars.count else { return pairsBySeparators(content) }
        var starts: [(keyStart: Int, valueStart: Int, key: String)] = []
        var index = 0
        while index < scalars.count {
            let atBoundary = index == 0 || isSeparator(scalars[index - 1]) || scalars[index - 1] == "\""
                || scalars[index - 1] == "'"
            if atBoundary {
                for key in knownKeys where matches(key, in: lower, at: index) {
                    var after = index + key.unicodeScalars.count
                    while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
                    if after < scalars.count, scalars[after] == "=" || scalars[after] == ":" {
                        starts.append((index, after + 1, key))
                        index = after
                        break
                    }
                }
            }
            index += 1
        }
        guard !starts.isEmpty else { return pairsBySeparators(content) }
        var result: [(key: String, value: String)] = []
        for (position, start) in starts.enumerated() {
            let end = position + 1 < starts.count ? starts[position + 1].keyStart : scalars.count
            let raw = String(String.UnicodeScalarView(scalars[start.valueStart..<max(start.valueStart, end)]))
            result.append((start.key, cleanValue(raw)))
        }
        return result
    }

    /// The fallback for content without a known key: split at commas and semicolons.
    private static func pairsBySeparators(_ content: String) -> [(key: String, value: String)] {
        content.split(whereSeparator: { $0 == "," || $0 == ";" }).compactMap { piece in
            let parts = piece.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let key = cleanValue(String(parts[0])).lowercased()
            guard !key.isEmpty else { return nil }
            return (key, cleanValue(String(parts[1])))
        }
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "," || scalar == ";" || HTMLWhitespace.isASCIIWhitespace(scalar)
    }

    private static func matches(_ key: String, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index
        for scalar in key.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    /// Trims whitespace, trailing separators and surrounding quotes.
    static func cleanValue(_ raw: String) -> String {
        var value = HTMLWhitespace.trimmed(raw)
        while let last = value.unicodeScalars.last, last == "," || last == ";" {
            value = HTMLWhitespace.trimmed(String(value.unicodeScalars.dropLast()))
        }
        for quote in ["\"", "'", "\u{201C}", "\u{201D}"] {
            while value.hasPrefix(quote) { value = String(value.dropFirst()) }
            while value.hasSuffix(quote) { value = String(value.dropLast()) }
        }
        return HTMLWhitespace.trimmed(value)
    }
}
