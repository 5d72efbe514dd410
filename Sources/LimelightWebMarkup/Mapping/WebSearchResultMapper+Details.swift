/// The action-bearing fields: phone, address and coordinates, media, interactions, recipe and
/// search action.
extension ResultMapping {
    static let contactTypes: Set<String> = [
        "organization", "localbusiness", "corporation", "restaurant", "store", "hotel", "person", "contactpoint",
    ]

    // MARK: Phone

    mutating func mapContact() {
        var phones: [String] = []
        var holders = entities(preferring: [])
        if let primary { holders += graph.values(primary, "contactPoint").compactMap(\.objectValue) }
        for holder in holders {
            phones += graph.values(holder, "telephone").compactMap(SchemaOrgValues.text)
        }
        if phones.isEmpty {
            for entity in graph.entities where SchemaOrgGraph.isA(entity, Self.contactTypes) {
                phones += graph.values(entity, "telephone").compactMap(SchemaOrgValues.text)
                if !phones.isEmpty { break }
            }
        }
        var source = MarkupSource.schemaOrg
        if phones.isEmpty, let phone = markup.openGraph.first("business:contact_data:phone_number") {
            phones = [phone]
            source = .openGraph
        }
        var seen = Set<String>()
        result.phoneNumbers = phones.filter { seen.insert($0).inserted }
        result.supportsPhoneCall = !result.phoneNumbers.isEmpty
        if result.supportsPhoneCall { result.sources["phoneNumbers"] = source }
    }

    // MARK: Address and coordinates

    mutating func mapPlace() {
        var addressValue: JSONValue?
        if let primary {
            addressValue =
                graph.values(primary, "address").first
                ?? graph.object(primary, "location").flatMap { graph.values($0, "address").first }
        }
        if addressValue == nil, let postal = graph.firstEntity(ofType: ["postaladdress"]) {
            addressValue = .object(postal)
        }
        if let addressValue {
            readAddress(addressValue)
            result.sources["fullyFormattedAddress"] = .schemaOrg
        } else {
            readOpenGraphAddress()
        }

        var geo: JSONObject?
        if let primary {
            geo =
                graph.object(primary, "geo")
                ?? graph.object(primary, "location").flatMap { graph.object($0, "geo") }
            if geo == nil, SchemaOrgGraph.isA(primary, ["geocoordinates"]) { geo = primary }
        }
        geo = geo ?? graph.firstEntity(ofType: ["geocoordinates"])
        if let geo, let latitude = graph.number(geo, "latitude"), let longitude = graph.number(geo, "longitude"),
            Self.isCoordinate(latitude, longitude)
        {
            result.latitude = latitude
            result.longitude = longitude
            result.sources["latitude"] = .schemaOrg
        } else {
            let og = markup.openGraph
            let latitude = (og.first("place:location:latitude") ?? og.first("og:latitude")).flatMap(Self.coordinate)
            let longitude = (og.first("place:location:longitude") ?? og.first("og:longitude")).flatMap(Self.coordinate)
            if let latitude, let longitude, Self.isCoordinate(latitude, longitude) {
                result.latitude = latitude
                result.longitude = longitude
                result.sources["latitude"] = .openGraph
            }
        }
        result.supportsNavigation = result.latitude != nil || result.fullyFormattedAddress != nil
    }

    /// A signed decimal coordinate written as text.
    static func coordinate(_ text: String) -> Double? {
        Double(HTMLWhitespace.trimmed(text))
    }

    static func isCoordinate(_ latitude: Double, _ longitude: Double) -> Bool {
        (-90...90).contains(latitude) && (-180...180).contains(longitude)
    }

    private mutating func readAddress(_ value: JSONValue) {
        guard let address = value.objectValue else {
            result.fullyFormattedAddress = SchemaOrgValues.text(value).map(HTMLWhitespace.collapsed)
            return
        }
        result.thoroughfare = graph.text(address, "streetAddress").map(HTMLWhitespace.collapsed)
        result.city = graph.text(address, "addressLocality")
        result.stateOrProvince = graph.text(address, "addressRegion")
        result.postalCode = graph.text(address, "postalCode")
        result.country = graph.text(address, "addressCountry")
        result.fullyFormattedAddress = Self.format(
            street: result.thoroughfare, city: result.city, region: result.stateOrProvince,
            postalCode: result.postalCode, country: result.country)
    }

    private mutating func readOpenGraphAddress() {
        let og = markup.openGraph
        let prefix = "business:contact_data:"
        result.thoroughfare = og.first(prefix + "street_address")
        result.city = og.first(prefix + "locality")
        result.stateOrProvince = og.first(prefix + "region")
        result.postalCode = og.first(prefix + "postal_code")
        result.country = og.first(prefix + "country_name")
        result.fullyFormattedAddress = Self.format(
            street: result.thoroughfare, city: result.city, region: result.stateOrProvince,
            postalCode: result.postalCode, country: result.country)
        if result.fullyFormattedAddress != nil { result.sources["fullyFormattedAddress"] = .openGraph }
    }

    /// `street, city, region postalCode, country`, leaving out what is missing.
    static func format(street: String?, city: String?, region: String?, postalCode: String?, country: String?)
        -> String?
    {
        let regionAndCode = [region, postalCode].compactMap { $0 }.joined(separator: " ")
        let parts = [street, city, regionAndCode.isEmpty ? nil : regionAndCode, country].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    // MARK: Media

    mutating func mapMedia() {
        let mediaTypes: Set<String> = ["audioobject", "videoobject", "musicrecording", "podcastepisode"]
        var candidates: [JSONObject] = []
        if let primary {
            if SchemaOrgGraph.isA(primary, mediaTypes) { candidates.append(primary) }
            for property in ["audio", "video", "associatedMedia", "encoding"] {
                candidates += graph.values(primary, property).compactMap(\.objectValue)
            }
        }
        if let any = graph.firstEntity(ofType: ["audioobject", "videoobject"]) { candidates.append(any) }
        for candidate in candidates {
            let url = graph.values(candidate, "contentUrl").lazy.compactMap(SchemaOrgValues.url).first
                ?? graph.values(candidate, "embedUrl").lazy.compactMap(SchemaOrgValues.url).first
            guard let url else { continue }
            result.mediaURL = absolute(url)
            result.mediaKind = SchemaOrgGraph.isA(candidate, ["videoobject"]) ? "video" : "audio"
            result.sources["mediaURL"] = .schemaOrg
            break
        }
        if result.mediaURL == nil {
            if let audio = markup.openGraph.audios.first?.bestURL {
                result.mediaURL = audio
                result.mediaKind = "audio"
                result.sources["mediaURL"] = .openGraph
            } else if let video = markup.openGraph.videos.first?.bestURL {
                result.mediaURL = video
                result.mediaKind = "video"
                result.sources["mediaURL"] = .openGraph
            }
        }
        result.playable = result.mediaURL != nil
    }

    // MARK: Interactions

    mutating func mapInteractions() {
        var holders: [JSONObject] = []
        if let primary { holders.append(primary) }
        holders += graph.entities.filter { $0 != primary }
        for holder in holders {
            var counts: [InteractionCount] = []
            for statistic in graph.values(holder, "interactionStatistic").compactMap(\.objectValue) {
                guard let count = graph.values(statistic, "userInteractionCount").lazy
                    .compactMap(SchemaOrgValues.integer).first
                else { continue }
                let type = graph.values(statistic, "interactionType").first.flatMap { value -> String? in
                    if let object = value.objectValue { return object["@type"]?.asList.first?.stringValue }
                    return value.stringValue
                }
                counts.append(InteractionCount(interactionType: type.map(SchemaOrgGraph.localName), count: count))
            }
            for legacy in graph.values(holder, "interactionCount") {
                if let text = legacy.stringValue, let colon = text.firstIndex(of: ":") {
                    let name = HTMLWhitespace.trimmed(String(text[..<colon]))
                    if let count = SchemaOrgValues.number(in: String(text[colon...])) {
                        counts.append(InteractionCount(interactionType: name, count: Int(count)))
                    }
                } else if let count = SchemaOrgValues.integer(legacy) {
                    counts.append(InteractionCount(interactionType: nil, count: count))
                }
            }
            if !counts.isEmpty {
                result.interactionCounts = counts
                result.sources["interactionCounts"] = .schemaOrg
                return
            }
        }
    }

    // MARK: Recipe

    mutating func mapRecipe() {
        let recipe: JSONObject?
        if let primary, SchemaOrgGraph.isA(primary, ["recipe"]) {
            recipe = primary
        } else {
            recipe = graph.firstEntity(ofType: ["recipe"])
        }
        guard let recipe else { return }
        var facts = RecipeFacts()
        facts.yield = graph.text(recipe, "recipeYield")
        facts.totalTime = graph.text(recipe, "totalTime").flatMap(ISO8601Duration.seconds)
        facts.cookTime = graph.text(recipe, "cookTime").flatMap(ISO8601Duration.seconds)
        facts.prepTime = graph.text(recipe, "prepTime").flatMap(ISO8601Duration.seconds)
        if facts.totalTime == nil, let cook = facts.cookTime, let prep = facts.prepTime { facts.totalTime = cook + prep }
        if let nutrition = graph.object(recipe, "nutrition") {
            facts.caloriesText = graph.text(nutrition, "calories")
            facts.calories = graph.number(nutrition, "calories")
        }
        var ingredients = graph.values(recipe, "recipeIngredient")
        if ingredients.isEmpty { ingredients = graph.values(recipe, "ingredients") }
        facts.ingredients = ingredients.compactMap(SchemaOrgValues.text).map(HTMLWhitespace.collapsed)
        result.recipe = facts
        result.sources["recipe"] = .schemaOrg
    }

    // MARK: Search action

    mutating func mapSearchAction() {
        var actions: [JSONObject] = []
        for entity in graph.topLevel + graph.entities {
            actions += graph.values(entity, "potentialAction").compactMap(\.objectValue)
        }
        actions += graph.entities.filter { SchemaOrgGraph.isA($0, ["searchaction"]) }
        for action in actions where SchemaOrgGraph.isA(action, ["searchaction"]) {
            for target in graph.values(action, "target") {
                let template: String?
                if let object = target.objectValue {
                    template = graph.text(object, "urlTemplate") ?? graph.text(object, "url")
                } else {
                    template = SchemaOrgValues.text(target)
                }
                if let template {
                    result.searchActionURLTemplate = template
                    result.sources["searchActionURLTemplate"] = .schemaOrg
                    return
                }
            }
        }
    }
}
