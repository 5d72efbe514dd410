/// A deep link found for a page, with where it came from.
public struct DeepLink: Sendable, Equatable {
    /// The markup a deep link was read from, in the order the mapper prefers them.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// `<meta name="apple-itunes-app" content="… app-argument=…">`.
        case smartAppBanner
        /// `al:ios:url`, `al:iphone:url` or `al:ipad:url`.
        case appLinks
        /// `twitter:app:url:iphone` or `twitter:app:url:ipad`.
        case twitterAppCard
        /// The page's own URL, claimed by an app in the site's apple-app-site-association file.
        case universalLink
    }

    /// Where the link was found.
    public var source: Source
    /// The URL the app opens.
    public var url: String
    /// The platform the markup named (`ios`, `iphone`, `ipad`), when it named one.
    public var platform: String?
    /// The App Store identifier given with the link, when any.
    public var appStoreID: String?
    /// The app's name given with the link, when any.
    public var appName: String?
    /// The app identifiers (`TEAMID.bundle.id`) that claim a universal link.
    public var appIDs: [String]

    /// Creates a deep link.
    public init(
        source: Source, url: String, platform: String? = nil, appStoreID: String? = nil, appName: String? = nil,
        appIDs: [String] = []
    ) {
        self.source = source
        self.url = url
        self.platform = platform
        self.appStoreID = appStoreID
        self.appName = appName
        self.appIDs = appIDs
    }

    /// The link as JSON.
    public var json: JSONValue {
        var object: JSONObject = ["source": .string(source.rawValue), "url": .string(url)]
        if let platform { object["platform"] = .string(platform) }
        if let appStoreID { object["appStoreID"] = .string(appStoreID) }
        if let appName { object["appName"] = .string(appName) }
        if !appIDs.isEmpty { object["appIDs"] = .strings(appIDs) }
        return .object(object)
    }
}

extension WebPageMarkup {
    /// The deep links the markup declares, most preferred first: the Smart App Banner's
    /// `app-argument`, App Links (`ios`, `iphone`, `ipad`), then the Twitter app card
    /// (`iphone`, `ipad`). Universal links need the association file; see
    /// ``WebSearchResultMapper``.
    public var declaredDeepLinks: [DeepLink] {
        var links: [DeepLink] = []
        if let banner = smartAppBanner, let argument = banner.appArgument {
            links.append(DeepLink(source: .smartAppBanner, url: argument, appStoreID: banner.appID))
        }
        for (platform, target) in [("ios", appLinks.ios), ("iphone", appLinks.iPhone), ("ipad", appLinks.iPad)] {
            guard let target, let url = target.url else { continue }
            links.append(
                DeepLink(
                    source: .appLinks, url: url, platform: platform, appStoreID: target.appStoreID,
                    appName: target.appName))
        }
        for platform in ["iphone", "ipad"] {
            guard let app = twitterCard.apps[platform], let url = app.url else { continue }
            links.append(
                DeepLink(source: .twitterAppCard, url: url, platform: platform, appStoreID: app.id, appName: app.name))
        }
        return links
    }
}
