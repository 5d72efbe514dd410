/// Structured-data, rich-attribute and action rows, and the preview.
extension WebMarkupValidator {
    static func structuredDataCheck(_ markup: WebPageMarkup) -> ValidationCheck {
        let graph = SchemaOrgGraph(markup: markup)
        var syntaxes: [String] = []
        if !markup.jsonLD.isEmpty { syntaxes.append("JSON-LD") }
        if !markup.microdata.isEmpty { syntaxes.append("Microdata") }
        if !markup.rdfa.isEmpty { syntaxes.append("RDFa") }
        if !markup.openGraph.isEmpty { syntaxes.append("Open Graph") }
        var typeNames: [String] = []
        for entity in graph.entities {
            for type in entity["@type"]?.asList.compactMap(\.stringValue) ?? [] {
                let name = SchemaOrgGraph.localName(type)
                if !typeNames.contains(name) { typeNames.append(name) }
            }
        }
        let found = (syntaxes.isEmpty ? "" : syntaxes.joined(separator: ", "))
            + (typeNames.isEmpty ? "" : ": " + typeNames.joined(separator: ", "))
        let attribute = "rating, price, phoneNumbers, address, mediaURL, …"
        if let error = markup.jsonLDErrors.first {
            return ValidationCheck(
                element: "Structured data", status: .recommended,
                message: "\(markup.jsonLDErrors.count) JSON-LD block(s) could not be read: \(error.description).",
                extractedValue: found.isEmpty ? nil : found, attribute: attribute, source: .schemaOrg)
        }
        if syntaxes.isEmpty {
            return ValidationCheck(
                element: "Structured data", status: .recommended,
                message: "No structured data. Mark the page up with schema.org (JSON-LD, Microdata or RDFa) "
                    + "and Open Graph to get a rich result.",
                attribute: attribute)
        }
        return ValidationCheck(
            element: "Structured data", status: .passed, extractedValue: found, attribute: attribute,
            source: typeNames.isEmpty ? .openGraph : .schemaOrg)
    }

    static func richAttributeChecks(_ result: WebSearchResult) -> [ValidationCheck] {
        var checks: [ValidationCheck] = []
        if let rating = result.rating {
            let count = result.reviewCount.map { " from \($0) reviews" } ?? ""
            checks.append(
                ValidationCheck(
                    element: "Rating", status: .passed,
                    extractedValue: (result.ratingDescription ?? JSONTextWriter.format(rating)) + count,
                    attribute: "rating, ratingDescription", source: result.sources["rating"]))
        }
        if let price = priceText(result) {
            checks.append(
                ValidationCheck(
                    element: "Price", status: .passed, extractedValue: price,
                    attribute: result.price != nil ? "price, priceCurrency" : "priceRange",
                    source: result.sources["price"] ?? result.sources["priceRange"]))
        }
        if result.supportsPhoneCall {
            checks.append(
                ValidationCheck(
                    element: "Phone", status: .passed, extractedValue: result.phoneNumbers.joined(separator: ", "),
                    attribute: "phoneNumbers, supportsPhoneCall", source: result.sources["phoneNumbers"]))
        }
        if result.supportsNavigation {
            var value = result.fullyFormattedAddress ?? ""
            if let latitude = result.latitude, let longitude = result.longitude {
                value += (value.isEmpty ? "" : " ") + "(\(latitude), \(longitude))"
            }
            checks.append(
                ValidationCheck(
                    element: "Location", status: .passed, extractedValue: value,
                    attribute: "fullyFormattedAddress, latitude, longitude, supportsNavigation",
                    source: result.sources["fullyFormattedAddress"] ?? result.sources["latitude"]))
        }
        if let media = result.mediaURL {
            checks.append(
                ValidationCheck(
                    element: "Media", status: .passed, extractedValue: media, attribute: "mediaURL (play)",
                    source: result.sources["mediaURL"]))
        }
        if let template = result.searchActionURLTemplate {
            let valid = template.contains("{")
            checks.append(
                ValidationCheck(
                    element: "Search action", status: valid ? .passed : .recommended,
                    message: valid ? nil : "The SearchAction target has no {placeholder} for the search terms.",
                    extractedValue: template, attribute: "potentialAction (SearchAction)", source: .schemaOrg))
        }
        return checks
    }

    static func actionsCheck(_ result: WebSearchResult) -> ValidationCheck {
        let actions = result.actions
        if actions.isEmpty {
            return ValidationCheck(
                element: "Actions", status: .recommended,
                message: "No quick actions. A telephone (call), a PostalAddress or GeoCoordinates (directions), or "
                    + "an AudioObject/VideoObject (play) makes the result actionable.",
                attribute: "supportsPhoneCall, supportsNavigation")
        }
        return ValidationCheck(
            element: "Actions", status: .passed, extractedValue: actions.joined(separator: ", "),
            attribute: "supportsPhoneCall, supportsNavigation", source: .schemaOrg)
    }

    static func priceText(_ result: WebSearchResult) -> String? {
        if let price = result.price {
            let amount = price == price.rounded() ? JSONTextWriter.format(price) : Self.twoDecimals(price)
            return amount + (result.priceCurrency.map { " " + $0 } ?? "")
        }
        return result.priceRange
    }

    static func twoDecimals(_ value: Double) -> String {
        let cents = Int((value * 100).rounded())
        let fraction = abs(cents % 100)
        return "\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The preview: title and description cut the way a result shows them, stars, price, actions.
    static func preview(of result: WebSearchResult) -> SearchResultPreview {
        var rating: String?
        if let value = result.rating {
            let full = Int(value)
            let half = value - Double(full) >= 0.5
            let stars = String(repeating: "★", count: full) + (half ? "½" : "")
            var text = stars + " " + (result.ratingDescription ?? "")
            if let count = result.reviewCount { text += " (\(count) reviews)" }
            rating = text
        }
        return SearchResultPreview(
            title: result.displayName.map { truncated($0, to: titleLengthLimit) },
            description: result.contentDescription.map { truncated($0, to: descriptionLengthLimit) },
            thumbnailURL: result.thumbnailURL, rating: rating, price: priceText(result),
            displayURL: result.contentURL, deepLink: result.deepLink?.url, actions: result.actions)
    }

    /// The text cut to `limit` characters with an ellipsis, at a word boundary when one is near.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        var cut = String(text.prefix(limit - 1))
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > limit / 2 {
            cut = String(cut[..<space])
        }
        return cut + "…"
    }
}
