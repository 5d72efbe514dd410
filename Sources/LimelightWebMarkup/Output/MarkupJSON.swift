/// JSON forms of the extraction model, as the CLI prints them.
extension WebPageMarkup {
    /// The markup as one JSON object with the keys `title`, `description`, `canonical`,
    /// `robots`, `deepLinks`, `smartAppBanner`, `openGraph` (property → values), `twitter`,
    /// `appLinks`, `jsonLD`, `jsonLDErrors`, `microdata` (WHATWG shape) and `rdfa`.
    /// - Parameter result: when given, added under `result`.
    public func json(result: WebSearchResult? = nil) -> JSONValue {
        var object: JSONObject = [:]
        object["url"] = .optional(pageURL)
        object["baseURL"] = .optional(baseURL)
        object["title"] = .optional(title)
        object["description"] = .optional(metaDescription)
        object["canonical"] = .optional(canonicalURL)
        object["keywords"] = .strings(keywords)
        object["robots"] = robots.json
        object["deepLinks"] = .array(declaredDeepLinks.map(\.json))
        object["smartAppBanner"] = smartAppBanner?.json ?? .null
        object["openGraph"] = Self.propertyMap(openGraph.properties)
        object["openGraphMedia"] = .object([
            "images": .array(openGraph.images.map(\.json)), "videos": .array(openGraph.videos.map(\.json)),
            "audios": .array(openGraph.audios.map(\.json)),
        ])
        object["twitter"] = Self.propertyMap(twitterCard.properties)
        object["appLinks"] = Self.propertyMap(appLinks.properties)
        object["jsonLD"] = .array(jsonLD)
        object["jsonLDErrors"] = .strings(jsonLDErrors.map(\.description))
        object["microdata"] = microdata.microdataJSON
        object["rdfa"] = rdfa.microdataJSON
        if let result { object["result"] = result.json }
        return .object(object)
    }

    static func propertyMap(_ properties: [(name: String, values: [String])]) -> JSONValue {
        var object = JSONObject()
        for property in properties { object.append(key: property.name, value: .strings(property.values)) }
        return .object(object)
    }
}

extension RobotsDirectives {
    /// `{"directives": [...], "noindex": …, "nofollow": …}`.
    public var json: JSONValue {
        .object([
            "directives": .strings(directives), "noindex": .bool(noIndex), "nofollow": .bool(noFollow),
            "noarchive": .bool(noArchive), "nosnippet": .bool(noSnippet), "noimageindex": .bool(noImageIndex),
        ])
    }
}

extension SmartAppBanner {
    /// `{"appID": …, "appArgument": …, "affiliateData": …, "validAppID": …}`.
    public var json: JSONValue {
        var object: JSONObject = [:]
        object["appID"] = .optional(appID)
        object["appArgument"] = .optional(appArgument)
        object["affiliateData"] = .optional(affiliateData)
        if let appClipBundleID { object["appClipBundleID"] = .string(appClipBundleID) }
        object["validAppID"] = .bool(hasValidAppID)
        return .object(object)
    }
}

extension OpenGraph.Media {
    /// The media entry with its structured properties.
    public var json: JSONValue {
        var object: JSONObject = [:]
        object["url"] = .optional(url)
        if let secureURL { object["secure_url"] = .string(secureURL) }
        if let type { object["type"] = .string(type) }
        if let width { object["width"] = .number(Double(width)) }
        if let height { object["height"] = .number(Double(height)) }
        if let alt { object["alt"] = .string(alt) }
        return .object(object)
    }
}

extension WebSearchResult {
    /// The result with Core Spotlight attribute names as keys; absent values are `null`.
    public var json: JSONValue {
        var object: JSONObject = [:]
        object["title"] = .optional(displayName)
        object["displayName"] = .optional(displayName)
        object["contentDescription"] = .optional(contentDescription)
        object["thumbnailURL"] = .optional(thumbnailURL)
        object["thumbnailWidth"] = .optional(thumbnailWidth)
        object["thumbnailHeight"] = .optional(thumbnailHeight)
        object["contentURL"] = .optional(contentURL)
        object["contentType"] = .optional(contentType)
        object["deepLink"] = .optional(deepLink?.url)
        object["deepLinkSource"] = .optional(deepLink?.source.rawValue)
        object["rating"] = .optional(rating)
        object["ratingDescription"] = .optional(ratingDescription)
        object["reviewCount"] = .optional(reviewCount)
        object["price"] = .optional(price)
        object["priceCurrency"] = .optional(priceCurrency)
        object["priceRange"] = .optional(priceRange)
        object["phoneNumbers"] = .strings(phoneNumbers)
        object["supportsPhoneCall"] = .bool(supportsPhoneCall)
        object["fullyFormattedAddress"] = .optional(fullyFormattedAddress)
        object["thoroughfare"] = .optional(thoroughfare)
        object["city"] = .optional(city)
        object["stateOrProvince"] = .optional(stateOrProvince)
        object["postalCode"] = .optional(postalCode)
        object["country"] = .optional(country)
        object["latitude"] = .optional(latitude)
        object["longitude"] = .optional(longitude)
        object["supportsNavigation"] = .bool(supportsNavigation)
        object["mediaURL"] = .optional(mediaURL)
        object["mediaKind"] = .optional(mediaKind)
        object["playable"] = .bool(playable)
        object["interactionCounts"] = .array(
            interactionCounts.map {
                .object(["interactionType": .optional($0.interactionType), "count": .number(Double($0.count))])
            })
        object["recipe"] = recipe?.json ?? .null
        object["searchActionURLTemplate"] = .optional(searchActionURLTemplate)
        object["keywords"] = .strings(keywords)
        object["actions"] = .strings(actions)
        var sourceObject = JSONObject()
        for key in sources.keys.sorted() { sourceObject.append(key: key, value: .string(sources[key]?.rawValue ?? "")) }
        object["sources"] = .object(sourceObject)
        return .object(object)
    }
}

extension RecipeFacts {
    /// The recipe facts; times in seconds.
    public var json: JSONValue {
        .object([
            "recipeYield": .optional(yield), "totalTime": .optional(totalTime), "cookTime": .optional(cookTime),
            "prepTime": .optional(prepTime), "calories": .optional(calories), "caloriesText": .optional(caloriesText),
            "recipeIngredient": .strings(ingredients),
        ])
    }
}
