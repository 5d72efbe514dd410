import Testing

@testable import LimelightWebMarkup

/// Golden tests over realistic pages in Fixtures/.
@Suite("Fixture pages")
struct FixtureTests {
    static func load(_ name: String, pageURL: String) throws -> WebPageMarkup {
        try TestHTML.markup(Fixtures.text(name), pageURL: pageURL)
    }

    @Test("restaurant page: JSON-LD in an HTML comment, Smart App Banner, Open Graph")
    func restaurant() throws {
        let markup = try Self.load(
            "restaurant-jsonld.html", pageURL: "https://www.tripadvisor.example/Restaurant_Review-g60713-d4715271")
        #expect(markup.title?.hasPrefix("Shorty Goldstein's, San Francisco - Financial District") == true)
        #expect(markup.jsonLD.count == 1)
        #expect(markup.jsonLDErrors.isEmpty)
        #expect(markup.smartAppBanner?.appID == "284876795")
        #expect(markup.openGraph.images.first?.width == 550)

        let result = WebSearchResultMapper.map(markup)
        #expect(result.displayName == "Shorty Goldstein's")
        #expect(result.contentDescription?.hasPrefix("Shorty Goldstein's, San Francisco: See 12 unbiased") == true)
        #expect(result.sources["contentDescription"] == .html)
        #expect(result.thumbnailURL == "https://media-cdn.tacdn.example/media/photo-s/shorty.jpg")
        #expect(result.contentURL?.hasSuffix("Shorty_Goldstein_s-San_Francisco.html") == true)
        #expect(result.deepLink?.url == "tripadvisor://Restaurant_Review-g60713-d4715271")
        #expect(result.rating == 4.5)
        #expect(result.ratingDescription == "4.5 stars")
        #expect(result.reviewCount == 12)
        #expect(result.priceRange == "$$ - $$$")
        #expect(result.phoneNumbers == ["+1 415-986-2676"])
        #expect(result.fullyFormattedAddress == "126 Sutter St, San Francisco, CA 94104, US")
        #expect(result.latitude == 37.7899)
        #expect(result.actions == ["call", "directions"])

        let report = WebMarkupValidator.validate(markup)
        let description = try #require(report.checks.first { $0.element == "Description" })
        #expect(description.status == .recommended)
        #expect(description.message?.contains("truncated") == true)
        #expect(report.checks.first { $0.element == "Deep link" }?.status == .passed)
        #expect(report.checks.first { $0.element == "Rating" }?.extractedValue == "4.5 stars from 12 reviews")
        #expect(report.preview.rating == "★★★★½ 4.5 stars (12 reviews)")
    }

    @Test("recipe page: Microdata with nested items, Twitter app card")
    func recipe() throws {
        let markup = try Self.load("recipe-microdata.html", pageURL: "https://kitchen.example/recipes/pad-thai")
        #expect(markup.microdata.count == 1)
        let result = WebSearchResultMapper.map(markup)
        #expect(result.displayName == "Pad Thai")
        #expect(result.contentDescription == "A quick weeknight pad thai.")
        #expect(result.contentType == "Recipe")
        #expect(result.thumbnailURL == "https://kitchen.example/images/pad-thai.jpg")
        #expect(result.rating == 4.5)
        #expect(result.reviewCount == 214)
        #expect(result.deepLink?.source == .twitterAppCard)
        #expect(result.deepLink?.url == "examplekitchen://recipes/pad-thai")
        #expect(result.deepLink?.appStoreID == "123456789")
        let recipe = try #require(result.recipe)
        #expect(recipe.yield == "4")
        #expect(recipe.prepTime == 900)
        #expect(recipe.cookTime == 1200)
        #expect(recipe.totalTime == 2100)
        #expect(recipe.calories == 520)
        #expect(recipe.ingredients.count == 3)
        #expect(result.interactionCounts == [InteractionCount(interactionType: "UserComments", count: 37)])
        #expect(result.mediaURL == "https://videos.kitchen.example/pad-thai.mp4")
        #expect(result.mediaKind == "video")
        #expect(result.keywords == ["pad thai", "noodles", "thai"])
        #expect(result.actions == ["play"])
    }

    @Test("podcast page: RDFa Lite, App Links, <base href>")
    func podcast() throws {
        let markup = try Self.load("podcast-rdfa.html", pageURL: "https://podcasts.example/ep12")
        #expect(markup.baseURL == "https://podcasts.example/shows/limelight/")
        #expect(markup.rdfa.count == 1)
        #expect(markup.rdfa.first?.id == "https://podcasts.example/shows/limelight/#ep12")
        #expect(markup.openGraph.audios.first?.url == "https://podcasts.example/shows/limelight/episodes/12.mp3")
        let result = WebSearchResultMapper.map(markup)
        #expect(result.displayName == "Search on Linux")
        #expect(result.mediaURL == "https://podcasts.example/shows/limelight/episodes/12-hq.mp3")
        #expect(result.mediaKind == "audio")
        #expect(result.deepLink?.url == "podcasts://show/limelight/12")
        #expect(result.deepLink?.appStoreID == "525463029")
        #expect(result.interactionCounts == [InteractionCount(interactionType: "ListenAction", count: 10520)])
    }

    @Test("store page: @graph, AggregateOffer, SearchAction, a broken block, universal link")
    func store() throws {
        let markup = try Self.load("store-graph.html", pageURL: "https://store.example/products/kettle-17?utm=x")
        #expect(markup.jsonLD.count == 2)
        #expect(markup.jsonLDErrors.count == 1)
        #expect(markup.canonicalURL == "https://store.example/products/kettle-17")
        #expect(markup.robots.directives == ["index", "follow", "max-image-preview:large"])
        let association = try AppSiteAssociation(json: Fixtures.text("store-aasa.json"))
        let result = WebSearchResultMapper.map(markup, association: association)
        #expect(result.displayName == "Stainless Kettle 1.7 L")
        #expect(result.contentType == "Product")
        #expect(result.price == 34.99)
        #expect(result.priceCurrency == "GBP")
        #expect(result.priceRange == "34.99–49.99 GBP")
        #expect(result.phoneNumbers == ["+44 20 7946 0000"])
        #expect(result.searchActionURLTemplate == "https://store.example/search?q={search_term_string}")
        #expect(result.deepLink?.source == .universalLink)
        #expect(result.deepLink?.appIDs == ["ABCDE12345.example.store"])
        #expect(result.thumbnailWidth == 120)

        let report = WebMarkupValidator.validate(markup, association: association)
        #expect(report.checks.first { $0.element == "Image" }?.status == .recommended)
        #expect(report.checks.first { $0.element == "Image" }?.message?.contains("120×120") == true)
        #expect(report.checks.first { $0.element == "Structured data" }?.status == .recommended)
        #expect(report.checks.first { $0.element == "Deep link" }?.status == .passed)
        #expect(report.preview.price == "34.99 GBP")
        #expect(report.preview.actions == ["call", "search"])
    }

    @Test("bare page fails title and deep link")
    func bare() throws {
        let markup = try Self.load("bare.html", pageURL: "https://example.com/")
        let report = WebMarkupValidator.validate(markup)
        #expect(report.overallStatus == .failed)
        #expect(report.checks.first { $0.element == "Title" }?.status == .failed)
        #expect(report.checks.first { $0.element == "Deep link" }?.status == .failed)
        #expect(report.checks.first { $0.element == "Structured data" }?.status == .recommended)
        #expect(report.checks.first { $0.element == "Canonical URL" }?.status == .recommended)
    }

    @Test("extraction JSON has every documented key and serialises to valid JSON")
    func extractionJSON() throws {
        let markup = try Self.load("recipe-microdata.html", pageURL: "https://kitchen.example/recipes/pad-thai")
        let json = markup.json(result: WebSearchResultMapper.map(markup))
        let keys = Set(json.objectValue?.keys ?? [])
        for key in [
            "title", "description", "canonical", "robots", "deepLinks", "smartAppBanner", "openGraph", "twitter",
            "appLinks", "jsonLD", "microdata", "rdfa", "result",
        ] {
            #expect(keys.contains(key), "missing \(key)")
        }
        #expect(json["openGraph"]?["og:image:width"] == ["1200"])
        #expect(json["microdata"]?["items"]?.arrayValue?.count == 1)
        #expect(json["result"]?["displayName"] == "Pad Thai")
        #expect(json["result"]?["ratingDescription"] == "4.5 stars")
        let text = json.serialized(pretty: true)
        #expect(try LenientJSON.parse(text) == json)
    }
}
