/// Maps a page's markup to a ``WebSearchResult``.
///
/// Precedence, field by field: **schema.org** (the page's main entity first, then any entity of
/// the right type) **> Open Graph > Twitter card > plain HTML**. For the deep link: the Smart App
/// Banner's `app-argument` > App Links (`al:ios`, `al:iphone`, `al:ipad`) > the Twitter app card
/// (`iphone`, `ipad`) > the page URL when the site's association file makes it a universal link.
public enum WebSearchResultMapper {
    /// Maps extracted markup to a search result.
    /// - Parameters:
    ///   - markup: what ``WebMarkupExtractor`` found.
    ///   - association: the site's apple-app-site-association file, when known; lets the page
    ///     URL serve as a universal-link deep link.
    public static func map(_ markup: WebPageMarkup, association: AppSiteAssociation? = nil) -> WebSearchResult {
        var mapping = ResultMapping(markup: markup)
        mapping.mapTitleAndDescription()
        mapping.mapThumbnail()
        mapping.mapURLs(association: association)
        mapping.mapRating()
        mapping.mapPrice()
        mapping.mapContact()
        mapping.mapPlace()
        mapping.mapMedia()
        mapping.mapInteractions()
        mapping.mapRecipe()
        mapping.mapSearchAction()
        return mapping.result
    }
}

/// The state of one mapping: the inputs and the result being filled.
struct ResultMapping {
    let markup: WebPageMarkup
    let graph: SchemaOrgGraph
    let primary: JSONObject?
    var result = WebSearchResult()

    init(markup: WebPageMarkup) {
        self.markup = markup
        graph = SchemaOrgGraph(markup: markup)
        primary = graph.primaryEntity
    }

    /// Resolves a URL from structured data against the page's base URL.
    func absolute(_ url: String) -> String {
        URLResolver.resolve(url, against: markup.baseURL)
    }

    /// The first of `candidates` that has a value, recording its source under `field`.
    mutating func pick<Value>(_ field: String, _ candidates: [(MarkupSource, Value?)]) -> Value? {
        for (source, value) in candidates {
            if let value {
                result.sources[field] = source
                return value
            }
        }
        return nil
    }

    /// The primary entity first, then every other entity of the given types.
    func entities(preferring types: Set<String>) -> [JSONObject] {
        var list: [JSONObject] = []
        if let primary { list.append(primary) }
        list += graph.entities.filter { SchemaOrgGraph.isA($0, types) }
        return list
    }

    // MARK: Text

    mutating func mapTitleAndDescription() {
        let schemaTitle = primary.flatMap { graph.text($0, "name") ?? graph.text($0, "headline") }
        result.displayName = pick(
            "displayName",
            [
                (.schemaOrg, schemaTitle.map(HTMLWhitespace.collapsed)),
                (.openGraph, markup.openGraph.title), (.twitter, markup.twitterCard.title), (.html, markup.title),
            ])
        let schemaDescription = primary.flatMap { graph.text($0, "description") }
        result.contentDescription = pick(
            "contentDescription",
            [
                (.schemaOrg, schemaDescription.map(HTMLWhitespace.collapsed)),
                (.openGraph, markup.openGraph.description), (.twitter, markup.twitterCard.description),
                (.html, markup.metaDescription),
            ])
        if let declared = primary?["@type"]?.asList.first?.stringValue {
            result.contentType = SchemaOrgGraph.localName(declared)
        }
        var keywords = markup.keywords
        if let primary {
            for value in graph.values(primary, "keywords") {
                guard let text = SchemaOrgValues.text(value) else { continue }
                keywords += text.split(separator: ",").compactMap { HTMLWhitespace.nonEmpty(String($0)) }
            }
        }
        var seen = Set<String>()
        result.keywords = keywords.filter { seen.insert($0.lowercased()).inserted }
    }

    // MARK: Thumbnail

    mutating func mapThumbnail() {
        var schemaImage: (url: String, width: Int?, height: Int?)?
        if let primary {
            var candidates = graph.values(primary, "image") + graph.values(primary, "thumbnailUrl")
            if SchemaOrgGraph.isA(primary, ["imageobject"]) { candidates.insert(.object(primary), at: 0) }
            for value in candidates {
                guard let url = SchemaOrgValues.url(value) else { continue }
                let object = value.objectValue
                schemaImage = (
                    absolute(url), object.flatMap { graph.number($0, "width") }.map { Int($0) },
                    object.flatMap { graph.number($0, "height") }.map { Int($0) }
                )
                break
            }
        }
        let ogImage = markup.openGraph.images.first { $0.bestURL != nil }
        let chosen = pick(
            "thumbnailURL",
            [
                (.schemaOrg, schemaImage),
                (.openGraph, ogImage.flatMap { image in image.bestURL.map { ($0, image.width, image.height) } }),
                (.twitter, markup.twitterCard.image.map { ($0, nil, nil) }),
                (.html, markup.links.first { $0.relations.contains("image_src") }.map { ($0.href, nil, nil) }),
            ])
        result.thumbnailURL = chosen?.0
        result.thumbnailWidth = chosen?.1
        result.thumbnailHeight = chosen?.2
        if chosen != nil, result.sources["thumbnailURL"] == .schemaOrg, result.thumbnailWidth == nil,
            let ogImage, ogImage.bestURL == chosen?.0
        {
            result.thumbnailWidth = ogImage.width
            result.thumbnailHeight = ogImage.height
        }
    }

    // MARK: URLs and deep link

    mutating func mapURLs(association: AppSiteAssociation?) {
        result.contentURL = pick(
            "contentURL",
            [
                (.html, markup.canonicalURL), (.openGraph, markup.openGraph.url.map(absolute)),
                (.html, markup.pageURL),
            ])
        if let declared = markup.declaredDeepLinks.first {
            result.deepLink = declared
            result.sources["deepLink"] = Self.source(of: declared.source)
            return
        }
        guard let association, let pageURL = markup.pageURL ?? result.contentURL else { return }
        let match = association.match(pageURL)
        if match.isUniversalLink {
            result.deepLink = DeepLink(source: .universalLink, url: pageURL, appIDs: match.appIDs)
            result.sources["deepLink"] = .association
        }
    }

    static func source(of deepLinkSource: DeepLink.Source) -> MarkupSource {
        switch deepLinkSource {
        case .smartAppBanner: return .smartAppBanner
        case .appLinks: return .appLinks
        case .twitterAppCard: return .twitter
        case .universalLink: return .association
        }
    }

    // MARK: Rating

    mutating func mapRating() {
        let ratingHolder =
            primary.flatMap { graph.object($0, "aggregateRating") }
            ?? graph.firstEntity(ofType: ["aggregaterating"])
        guard let rating = ratingHolder, let value = graph.number(rating, "ratingValue") else { return }
        var best = graph.number(rating, "bestRating") ?? 5
        if best <= 0 { best = 5 }
        let normalized = min(5, max(0, value / best * 5))
        result.rating = (normalized * 100).rounded() / 100
        result.sources["rating"] = .schemaOrg
        result.ratingDescription = Self.starsDescription(normalized)
        result.reviewCount =
            graph.values(rating, "reviewCount").lazy.compactMap(SchemaOrgValues.integer).first
            ?? graph.values(rating, "ratingCount").lazy.compactMap(SchemaOrgValues.integer).first
    }

    /// `"4.5 stars"`, `"1 star"`: the rating with at most one decimal.
    static func starsDescription(_ rating: Double) -> String {
        let rounded = (rating * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + (rounded == 1 ? " star" : " stars")
    }

    // MARK: Price

    mutating func mapPrice() {
        let offerTypes: Set<String> = ["offer", "aggregateoffer"]
        let offer =
            primary.flatMap { holder in
                graph.values(holder, "offers").lazy.compactMap(\.objectValue).first
            } ?? graph.firstEntity(ofType: offerTypes)
        if let offer {
            let specification = graph.object(offer, "priceSpecification")
            let low = graph.number(offer, "lowPrice")
            let high = graph.number(offer, "highPrice")
            let price = graph.number(offer, "price") ?? low ?? specification.flatMap { graph.number($0, "price") }
            let currency =
                graph.text(offer, "priceCurrency") ?? specification.flatMap { graph.text($0, "priceCurrency") }
            if let price {
                result.price = price
                result.priceCurrency = currency
                result.sources["price"] = .schemaOrg
            }
            if let low, let high, high > low {
                let suffix = currency.map { " " + $0 } ?? ""
                result.priceRange = JSONTextWriter.format(low) + "–" + JSONTextWriter.format(high) + suffix
                result.sources["priceRange"] = .schemaOrg
            }
        }
        if result.price == nil {
            let amount = markup.openGraph.first("product:price:amount") ?? markup.openGraph.first("og:price:amount")
            if let amount, let price = SchemaOrgValues.number(in: amount) {
                result.price = price
                result.priceCurrency =
                    markup.openGraph.first("product:price:currency") ?? markup.openGraph.first("og:price:currency")
                result.sources["price"] = .openGraph
            }
        }
        if result.priceRange == nil {
            for entity in entities(preferring: []) + graph.entities {
                if let range = graph.text(entity, "priceRange") {
                    result.priceRange = range
                    result.sources["priceRange"] = .schemaOrg
                    break
                }
            }
        }
    }
}
