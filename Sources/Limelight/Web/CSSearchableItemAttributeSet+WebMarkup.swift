import Foundation
import LimelightWebMarkup

extension CSSearchableItemAttributeSet {
    /// The custom attribute keys for what a web result carries beyond Core Spotlight's catalogue.
    public enum WebResultKeys {
        /// The deep link that opens the page's content in the app (string).
        public static let deepLink = CSCustomAttributeKey(keyName: "webDeepLink", searchable: false, searchableByDefault: false, unique: false, multiValued: false)!
        /// The number of reviews behind ``CSSearchableItemAttributeSet/rating`` (number).
        public static let reviewCount = CSCustomAttributeKey(keyName: "webReviewCount", searchable: false, searchableByDefault: false, unique: false, multiValued: false)!
        /// The price (number).
        public static let price = CSCustomAttributeKey(keyName: "webPrice", searchable: false, searchableByDefault: false, unique: false, multiValued: false)!
        /// The price's ISO 4217 currency code (string).
        public static let priceCurrency = CSCustomAttributeKey(keyName: "webPriceCurrency", searchable: false, searchableByDefault: false, unique: false, multiValued: false)!
        /// A price range such as "$$" (string).
        public static let priceRange = CSCustomAttributeKey(keyName: "webPriceRange", searchable: false, searchableByDefault: false, unique: false, multiValued: false)!
        /// The playable audio or video (string URL).
        public static let mediaURL = CSCustomAttributeKey(keyName: "webMediaURL", searchable: false, searchableByDefault: false, unique: false, multiValued: false)!
    }

    /// The attribute set of a web page's search result, as mapped from its markup by
    /// ``WebSearchResultMapper``: title and display name, description, thumbnail, canonical URL,
    /// rating, call and directions (with the address), keywords; and, as custom attributes
    /// (``WebResultKeys``), the deep link, review count, price and media URL.
    ///
    /// Values the catalogue refuses (a malformed URL, a rating out of range) are left out and
    /// listed in ``validationIssues``, never stored wrongly.
    /// - Parameter result: The mapped page.
    public convenience init(webResult result: WebSearchResult) {
        self.init(contentType: result.contentType ?? "public.html")
        let strings: [(String, String?)] = [
            ("title", result.displayName), ("displayName", result.displayName),
            ("contentDescription", result.contentDescription), ("ratingDescription", result.ratingDescription),
            ("fullyFormattedAddress", result.fullyFormattedAddress), ("thoroughfare", result.thoroughfare),
            ("city", result.city), ("stateOrProvince", result.stateOrProvince), ("postalCode", result.postalCode),
            ("country", result.country),
        ]
        for (name, value) in strings { if let value { assign(.string(value), to: name) } }
        for (name, value) in [("thumbnailURL", result.thumbnailURL), ("contentURL", result.contentURL)] {
            if let value, let url = URL(string: value) { assign(.url(url), to: name) }
        }
        for (name, value) in [("rating", result.rating), ("latitude", result.latitude), ("longitude", result.longitude)] {
            if let value { assign(.number(value), to: name) }
        }
        if !result.phoneNumbers.isEmpty { assign(.strings(result.phoneNumbers), to: "phoneNumbers") }
        if !result.keywords.isEmpty { assign(.strings(result.keywords), to: "keywords") }
        if result.supportsPhoneCall { assign(.bool(true), to: "supportsPhoneCall") }
        if result.supportsNavigation { assign(.bool(true), to: "supportsNavigation") }
        let custom: [(CSCustomAttributeKey, AttributeValue?)] = [
            (WebResultKeys.deepLink, result.deepLink.map { .string($0.url) }),
            (WebResultKeys.reviewCount, result.reviewCount.map { .number(Double($0)) }),
            (WebResultKeys.price, result.price.map { .number($0) }),
            (WebResultKeys.priceCurrency, result.priceCurrency.map { .string($0) }),
            (WebResultKeys.priceRange, result.priceRange.map { .string($0) }),
            (WebResultKeys.mediaURL, result.mediaURL.map { .string($0) }),
        ]
        for (key, value) in custom { if let value { try? setCustomValue(value, for: key) } }
    }
}
