import Testing

@testable import LimelightWebMarkup

@Suite("Mapping to a search result")
struct MappingTests {
    static func result(jsonLD: String, head: String = "", pageURL: String = "https://example.com/p") -> WebSearchResult {
        let html = TestHTML.page(head: head + "<script type=\"application/ld+json\">\(jsonLD)</script>")
        return WebSearchResultMapper.map(TestHTML.markup(html, pageURL: pageURL))
    }

    @Test("precedence: schema.org > Open Graph > Twitter > HTML, field by field")
    func precedence() {
        let head = """
            <title>HTML title</title>
            <meta name="description" content="HTML description">
            <meta name="twitter:title" content="Twitter title">
            <meta name="twitter:description" content="Twitter description">
            <meta name="twitter:image" content="https://x/t.png">
            <meta property="og:description" content="OG description">
            """
        let full = Self.result(jsonLD: #"{"@type": "Product", "name": "Schema name"}"#, head: head)
        #expect(full.displayName == "Schema name")
        #expect(full.sources["displayName"] == .schemaOrg)
        #expect(full.contentDescription == "OG description")
        #expect(full.sources["contentDescription"] == .openGraph)
        #expect(full.thumbnailURL == "https://x/t.png")
        #expect(full.sources["thumbnailURL"] == .twitter)

        let htmlOnly = WebSearchResultMapper.map(
            TestHTML.markup(TestHTML.page(head: "<title>Only</title><meta name=description content=D>")))
        #expect(htmlOnly.displayName == "Only")
        #expect(htmlOnly.contentDescription == "D")
        #expect(htmlOnly.sources["displayName"] == .html)
        #expect(htmlOnly.contentURL == "https://example.com/page")
    }

    @Test(
        "rating is normalised to five stars",
        arguments: [
            (#"{"ratingValue": "4.5", "reviewCount": "12"}"#, 4.5, "4.5 stars", 12),
            (#"{"ratingValue": 9, "bestRating": 10, "ratingCount": 300}"#, 4.5, "4.5 stars", 300),
            (#"{"ratingValue": "80", "bestRating": "100"}"#, 4.0, "4 stars", nil),
            (#"{"ratingValue": "4,2"}"#, 4.2, "4.2 stars", nil),
            (#"{"ratingValue": 1}"#, 1.0, "1 star", nil),
            (#"{"ratingValue": 7}"#, 5.0, "5 stars", nil),
        ] as [(String, Double, String, Int?)])
    func rating(aggregate: String, rating: Double, description: String, count: Int?) {
        let result = Self.result(
            jsonLD: #"{"@context": "https://schema.org", "@type": "Restaurant", "aggregateRating": "#
                + aggregate + "}")
        #expect(result.rating == rating)
        #expect(result.ratingDescription == description)
        #expect(result.reviewCount == count)
    }

    @Test("Offer, AggregateOffer and priceRange")
    func prices() {
        let offer = Self.result(
            jsonLD: #"{"@type": "Product", "name": "Kettle", "offers": {"@type": "Offer", "price": "1,299.00", "priceCurrency": "USD"}}"#)
        #expect(offer.price == 1299)
        #expect(offer.priceCurrency == "USD")
        let aggregate = Self.result(
            jsonLD: #"{"@type": "Hotel", "offers": [{"@type": "AggregateOffer", "lowPrice": 89, "highPrice": "250", "priceCurrency": "EUR"}]}"#)
        #expect(aggregate.price == 89)
        #expect(aggregate.priceRange == "89–250 EUR")
        let business = Self.result(jsonLD: #"{"@type": "LocalBusiness", "name": "Deli", "priceRange": "$$"}"#)
        #expect(business.price == nil)
        #expect(business.priceRange == "$$")
        let specification = Self.result(
            jsonLD: #"{"@type": "Product", "offers": {"@type": "Offer", "priceSpecification": {"price": 5, "priceCurrency": "GBP"}}}"#)
        #expect(specification.price == 5)
        #expect(specification.priceCurrency == "GBP")
        let openGraph = WebSearchResultMapper.map(
            TestHTML.markup(
                TestHTML.page(
                    head: #"<meta property="product:price:amount" content="12.5"><meta property="product:price:currency" content="CAD">"#)))
        #expect(openGraph.price == 12.5)
        #expect(openGraph.priceCurrency == "CAD")
        #expect(openGraph.sources["price"] == .openGraph)
    }

    @Test("telephone, PostalAddress and GeoCoordinates give call and directions")
    func contactAndPlace() {
        let result = Self.result(
            jsonLD: """
                {"@context": "https://schema.org", "@type": "Restaurant", "name": "Shorty's",
                 "telephone": ["+1 415-555-0100", "+1 415-555-0100"],
                 "address": {"@type": "PostalAddress", "streetAddress": "126 Post St",
                   "addressLocality": "San Francisco", "addressRegion": "CA", "postalCode": "94108",
                   "addressCountry": {"@type": "Country", "name": "US"}},
                 "geo": {"@type": "GeoCoordinates", "latitude": "37.7887", "longitude": -122.4046}}
                """)
        #expect(result.phoneNumbers == ["+1 415-555-0100"])
        #expect(result.supportsPhoneCall)
        #expect(result.thoroughfare == "126 Post St")
        #expect(result.city == "San Francisco")
        #expect(result.postalCode == "94108")
        #expect(result.country == "US")
        #expect(result.fullyFormattedAddress == "126 Post St, San Francisco, CA 94108, US")
        #expect(result.latitude == 37.7887)
        #expect(result.longitude == -122.4046)
        #expect(result.supportsNavigation)
        #expect(result.actions == ["call", "directions"])
    }

    @Test("Organization telephone is found when the main entity has none; OG place coordinates")
    func fallbacks() {
        let result = Self.result(
            jsonLD: #"[{"@type": "Article", "headline": "News"}, {"@type": "Organization", "telephone": "555-1234"}]"#,
            head: #"<meta property="place:location:latitude" content="48.85"><meta property="place:location:longitude" content="2.35">"#)
        #expect(result.displayName == "News")
        #expect(result.phoneNumbers == ["555-1234"])
        #expect(result.latitude == 48.85)
        #expect(result.sources["latitude"] == .openGraph)
    }

    @Test("media: AudioObject contentUrl, else og:audio / og:video")
    func media() {
        let audio = Self.result(
            jsonLD: #"{"@type": "PodcastEpisode", "name": "Ep 1", "audio": {"@type": "AudioObject", "contentUrl": "/ep1.mp3"}}"#)
        #expect(audio.mediaURL == "https://example.com/ep1.mp3")
        #expect(audio.mediaKind == "audio")
        #expect(audio.playable)
        #expect(audio.actions == ["play"])
        let video = Self.result(jsonLD: #"{"@type": "VideoObject", "name": "Clip", "contentUrl": "https://v/c.mp4"}"#)
        #expect(video.mediaKind == "video")
        let og = WebSearchResultMapper.map(
            TestHTML.markup(TestHTML.page(head: #"<meta property="og:video" content="https://v/og.mp4">"#)))
        #expect(og.mediaURL == "https://v/og.mp4")
        #expect(og.sources["mediaURL"] == .openGraph)
    }

    @Test("interaction statistics, new and legacy forms")
    func interactions() {
        let modern = Self.result(
            jsonLD: """
                {"@type": "VideoObject", "name": "v", "interactionStatistic": [
                  {"@type": "InteractionCounter", "interactionType": {"@type": "LikeAction"}, "userInteractionCount": 120},
                  {"@type": "InteractionCounter", "interactionType": "https://schema.org/CommentAction", "userInteractionCount": "7"}]}
                """)
        #expect(modern.interactionCounts == [
            InteractionCount(interactionType: "LikeAction", count: 120),
            InteractionCount(interactionType: "CommentAction", count: 7),
        ])
        let legacy = Self.result(jsonLD: #"{"@type": "Article", "interactionCount": ["UserLikes:123", "UserComments: 4"]}"#)
        #expect(legacy.interactionCounts == [
            InteractionCount(interactionType: "UserLikes", count: 123),
            InteractionCount(interactionType: "UserComments", count: 4),
        ])
    }

    @Test("recipe facts with ISO 8601 durations")
    func recipe() throws {
        let result = Self.result(
            jsonLD: """
                {"@context": "https://schema.org/", "@type": "Recipe", "name": "Pad Thai",
                 "recipeYield": ["4", "4 servings"], "prepTime": "PT15M", "cookTime": "PT25M",
                 "nutrition": {"@type": "NutritionInformation", "calories": "480 calories"},
                 "recipeIngredient": ["200 g rice noodles", " 2 eggs "]}
                """)
        let recipe = try #require(result.recipe)
        #expect(recipe.yield == "4")
        #expect(recipe.prepTime == 900)
        #expect(recipe.cookTime == 1500)
        #expect(recipe.totalTime == 2400)
        #expect(recipe.calories == 480)
        #expect(recipe.caloriesText == "480 calories")
        #expect(recipe.ingredients == ["200 g rice noodles", "2 eggs"])
        #expect(result.contentType == "Recipe")
    }

    @Test("SearchAction target from WebSite potentialAction")
    func searchAction() {
        let result = Self.result(
            jsonLD: """
                {"@context": "https://schema.org", "@type": "WebSite", "url": "https://example.com/",
                 "potentialAction": {"@type": "SearchAction",
                   "target": {"@type": "EntryPoint", "urlTemplate": "https://example.com/search?q={search_term_string}"},
                   "query-input": "required name=search_term_string"}}
                """)
        #expect(result.searchActionURLTemplate == "https://example.com/search?q={search_term_string}")
        #expect(result.actions == ["search"])
        let plain = Self.result(
            jsonLD: #"{"@type": "WebSite", "potentialAction": [{"@type": "SearchAction", "target": "https://e/s?q={q}"}]}"#)
        #expect(plain.searchActionURLTemplate == "https://e/s?q={q}")
    }

    @Test("@graph members and @id references are followed; the main entity is chosen over page chrome")
    func graph() {
        let result = Self.result(
            jsonLD: """
                {"@context": "https://schema.org", "@graph": [
                  {"@type": "WebSite", "@id": "#site", "name": "Example"},
                  {"@type": "Organization", "@id": "#org", "name": "Example Inc", "telephone": "+1 555 0100"},
                  {"@type": "Product", "name": "Kettle", "brand": {"@id": "#org"},
                   "aggregateRating": {"@id": "#rating"}},
                  {"@type": "AggregateRating", "@id": "#rating", "ratingValue": 3.5, "reviewCount": 8}]}
                """)
        #expect(result.displayName == "Kettle")
        #expect(result.contentType == "Product")
        #expect(result.rating == 3.5)
        #expect(result.reviewCount == 8)
        #expect(result.phoneNumbers == ["+1 555 0100"])
    }

    @Test("Microdata and RDFa feed the same mapping")
    func microdataAndRDFa() {
        let microdata = WebSearchResultMapper.map(
            TestHTML.markup(
                TestHTML.page(
                    body: """
                        <div itemscope itemtype="http://schema.org/Product"><span itemprop="name">Lamp</span>
                        <div itemprop="aggregateRating" itemscope itemtype="http://schema.org/AggregateRating">
                        <meta itemprop="ratingValue" content="4"><meta itemprop="reviewCount" content="31"></div>
                        <div itemprop="offers" itemscope itemtype="http://schema.org/Offer">
                        <span itemprop="price">$24.00</span><meta itemprop="priceCurrency" content="USD"></div></div>
                        """)))
        #expect(microdata.displayName == "Lamp")
        #expect(microdata.rating == 4)
        #expect(microdata.reviewCount == 31)
        #expect(microdata.price == 24)
        #expect(microdata.priceCurrency == "USD")
        let rdfa = WebSearchResultMapper.map(
            TestHTML.markup(
                TestHTML.page(
                    body: """
                        <div vocab="http://schema.org/" typeof="LocalBusiness"><span property="name">Cafe</span>
                        <span property="telephone">+33 1 23 45 67 89</span>
                        <div property="address" typeof="PostalAddress"><span property="addressLocality">Paris</span></div></div>
                        """)))
        #expect(rdfa.displayName == "Cafe")
        #expect(rdfa.phoneNumbers == ["+33 1 23 45 67 89"])
        #expect(rdfa.city == "Paris")
        #expect(rdfa.supportsNavigation)
    }

    @Test("deep link priority: Smart App Banner > App Links > Twitter > universal link")
    func deepLinkPriority() throws {
        let all = """
            <meta name="apple-itunes-app" content="app-id=1, app-argument=sab://x">
            <meta property="al:ios:url" content="al://x">
            <meta name="twitter:app:url:iphone" content="tw://x">
            """
        #expect(WebSearchResultMapper.map(TestHTML.markup(TestHTML.page(head: all))).deepLink?.url == "sab://x")
        let noBannerArgument = """
            <meta name="apple-itunes-app" content="app-id=1">
            <meta property="al:iphone:url" content="al://iphone">
            <meta name="twitter:app:url:iphone" content="tw://x">
            """
        let appLinks = WebSearchResultMapper.map(TestHTML.markup(TestHTML.page(head: noBannerArgument)))
        #expect(appLinks.deepLink?.url == "al://iphone")
        #expect(appLinks.deepLink?.source == .appLinks)
        let twitter = WebSearchResultMapper.map(
            TestHTML.markup(TestHTML.page(head: #"<meta name="twitter:app:url:ipad" content="tw://ipad">"#)))
        #expect(twitter.deepLink?.url == "tw://ipad")

        let association = try AppSiteAssociation(
            json: #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/page"}]}]}}"#)
        let universal = WebSearchResultMapper.map(TestHTML.markup(TestHTML.page()), association: association)
        #expect(universal.deepLink?.source == .universalLink)
        #expect(universal.deepLink?.url == "https://example.com/page")
        #expect(universal.deepLink?.appIDs == ["T.app"])
        let none = WebSearchResultMapper.map(
            TestHTML.markup(TestHTML.page(), pageURL: "https://example.com/other"), association: association)
        #expect(none.deepLink == nil)
    }

    @Test("thumbnail from ImageObject with size; OG size fills in for the same URL")
    func thumbnail() {
        let object = Self.result(
            jsonLD: #"{"@type": "Recipe", "image": {"@type": "ImageObject", "url": "/big.jpg", "width": {"@type": "QuantitativeValue", "value": 800}, "height": "600"}}"#)
        #expect(object.thumbnailURL == "https://example.com/big.jpg")
        #expect(object.thumbnailWidth == 800)
        #expect(object.thumbnailHeight == 600)
        let filled = Self.result(
            jsonLD: #"{"@type": "Recipe", "image": ["https://x/a.jpg", "https://x/b.jpg"]}"#,
            head: #"<meta property="og:image" content="https://x/a.jpg"><meta property="og:image:width" content="640"><meta property="og:image:height" content="480">"#)
        #expect(filled.thumbnailURL == "https://x/a.jpg")
        #expect(filled.thumbnailWidth == 640)
    }

    @Test(
        "numbers as pages write them",
        arguments: [
            ("4.5", 4.5), ("$1,299.00", 1299), ("1.299,00 €", 1299), ("4,5", 4.5), ("1,299", 1299), ("240 calories", 240),
            ("-3", -3), ("1,000,000", 1_000_000), ("abc", nil), ("", nil),
        ] as [(String, Double?)])
    func numbers(text: String, expected: Double?) {
        #expect(SchemaOrgValues.number(in: text) == expected)
    }
}

@Suite("ISO 8601 durations")
struct ISO8601DurationTests {
    @Test(
        "durations in seconds",
        arguments: [
            ("PT1H30M", 5400), ("PT45M", 2700), ("P1DT2H", 93600), ("PT0.5S", 0.5), ("pt10m", 600), ("P2W", 1_209_600),
            ("PT1,5H", 5400), (" PT20M ", 1200), ("P1Y", 31_536_000), ("P1M", 2_592_000),
        ] as [(String, Double)])
    func valid(text: String, seconds: Double) {
        #expect(ISO8601Duration.seconds(text) == seconds)
    }

    @Test("not durations", arguments: ["", "P", "PT", "1H", "PT1H1H", "PT30M1H", "P1H", "PTxM", "20 minutes", "P1DT"])
    func invalid(text: String) {
        #expect(ISO8601Duration.seconds(text) == nil)
    }
}
