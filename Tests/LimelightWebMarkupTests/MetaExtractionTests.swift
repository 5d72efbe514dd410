import Testing

@testable import LimelightWebMarkup

@Suite("Meta extraction")
struct MetaExtractionTests {
    @Test("title, description, keywords and canonical resolved against <base href>")
    func basics() {
        let html = TestHTML.page(
            head: """
                <title>
                  Shorty  Goldstein's &amp; Co
                </title>
                <base href="/shop/">
                <meta name="Description" content="  Deli in the Financial District. ">
                <meta name="keywords" content="deli, sandwiches ,, pastrami">
                <link rel="alternate canonical" href="items/42?ref=x">
                """)
        let markup = TestHTML.markup(html, pageURL: "https://example.com/a/b.html")
        #expect(markup.title == "Shorty Goldstein's & Co")
        #expect(markup.metaDescription == "Deli in the Financial District.")
        #expect(markup.keywords == ["deli", "sandwiches", "pastrami"])
        #expect(markup.baseURL == "https://example.com/shop/")
        #expect(markup.canonicalURL == "https://example.com/shop/items/42?ref=x")
    }

    @Test("without a page URL, relative URLs stay relative and an absolute base still applies")
    func noPageURL() {
        let relative = TestHTML.markup(TestHTML.page(head: #"<link rel="canonical" href="/x">"#), pageURL: nil)
        #expect(relative.canonicalURL == "/x")
        let based = TestHTML.markup(
            TestHTML.page(head: #"<base href="https://cdn.example.org/"><link rel="canonical" href="x">"#),
            pageURL: nil)
        #expect(based.canonicalURL == "https://cdn.example.org/x")
    }

    @Test("a title inside SVG is not the page title")
    func svgTitle() {
        let document = TestHTML.document(
            TestHTML.element(
                "body", [:],
                {
                    let svg = HTMLNodeFactory.svg("title", text: "Icon")
                    return svg
                }(),
                TestHTML.element("title", [:], TestHTML.text("Real"))))
        #expect(WebMarkupExtractor.extract(from: document).title == "Real")
    }

    @Test("robots directives combine and parse")
    func robots() {
        let html = TestHTML.page(
            head: """
                <meta name="robots" content="NoIndex, max-snippet:50">
                <meta name="applebot" content="nofollow; noarchive">
                """)
        let robots = TestHTML.markup(html).robots
        #expect(robots.noIndex)
        #expect(robots.noFollow)
        #expect(robots.noArchive)
        #expect(!robots.noSnippet)
        #expect(robots.maxSnippet == 50)
        #expect(robots.directives == ["noindex", "max-snippet:50", "nofollow", "noarchive"])
        let none = RobotsDirectives(parsing: "none")
        #expect(none.noIndex && none.noFollow)
        #expect(RobotsDirectives(parsing: "all").isEmpty == false)
        #expect(!RobotsDirectives(parsing: "index, follow").noIndex)
    }

    @Test(
        "Smart App Banner parsing is lenient",
        arguments: [
            ("app-id=123456789, app-argument=myapp://item/1", "123456789", "myapp://item/1", nil),
            ("app-id=123456789,app-argument=myapp://item/1", "123456789", "myapp://item/1", nil),
            ("APP-ID = 123456789 ; App-Argument = myapp://item/1", "123456789", "myapp://item/1", nil),
            ("app-id=\"123456789\", app-argument='myapp://item/1'", "123456789", "myapp://item/1", nil),
            ("app-id=id123456789 app-argument=https://example.com/a?x=1,2&y=a=b", "123456789",
             "https://example.com/a?x=1,2&y=a=b", nil),
            ("app-id=1, affiliate-data=at=10l3KX&ct=promo, app-argument=x://y", "1", "x://y", "at=10l3KX&ct=promo"),
            ("app-id=42", "42", nil, nil),
            ("app-argument=x://only", nil, "x://only", nil),
        ] as [(String, String?, String?, String?)])
    func smartAppBanner(content: String, appID: String?, argument: String?, affiliate: String?) throws {
        let banner = try #require(SmartAppBanner(content: content))
        #expect(banner.appID == appID)
        #expect(banner.appArgument == argument)
        #expect(banner.affiliateData == affiliate)
    }

    @Test("a banner without pairs is no banner; a non-numeric id is flagged")
    func smartAppBannerInvalid() {
        #expect(SmartAppBanner(content: "") == nil)
        #expect(SmartAppBanner(content: "nothing here") == nil)
        #expect(SmartAppBanner(content: "app-id=abc")?.hasValidAppID == false)
        #expect(SmartAppBanner(content: "app-id=123")?.hasValidAppID == true)
    }

    @Test("Twitter card fields and app card platforms")
    func twitter() {
        let html = TestHTML.page(
            head: """
                <meta name="twitter:card" content="app">
                <meta name="twitter:title" content="Title">
                <meta name="twitter:description" content="Desc">
                <meta name="twitter:image:src" content="/img.png">
                <meta name="twitter:app:name:iphone" content="Cook">
                <meta name="twitter:app:id:iphone" content="111">
                <meta name="twitter:app:url:iphone" content="cook://r/1">
                <meta property="twitter:app:url:ipad" content="cook://r/1?ipad">
                <meta name="twitter:app:id:googleplay" content="com.example.cook">
                """)
        let card = TestHTML.markup(html).twitterCard
        #expect(card.card == "app")
        #expect(card.title == "Title")
        #expect(card.description == "Desc")
        #expect(card.image == "https://example.com/img.png")
        #expect(card.apps["iphone"] == TwitterCard.App(name: "Cook", id: "111", url: "cook://r/1"))
        #expect(card.apps["ipad"]?.url == "cook://r/1?ipad")
        #expect(card.apps["googleplay"]?.id == "com.example.cook")
        #expect(card.properties.count == 9)
    }

    @Test("App Links by platform, first value wins, web fallback")
    func appLinks() {
        let html = TestHTML.page(
            head: """
                <meta property="al:iphone:url" content="cook://iphone/1">
                <meta property="al:ios:url" content="cook://ios/1">
                <meta property="al:ios:url" content="cook://ios/2">
                <meta property="al:ios:app_store_id" content="12345">
                <meta property="al:ios:app_name" content="Cook">
                <meta property="al:ipad:url" content="cook://ipad/1">
                <meta property="al:android:package" content="com.example.cook">
                <meta property="al:web:url" content="https://example.com/r/1">
                <meta property="al:web:should_fallback" content="false">
                """)
        let links = TestHTML.markup(html).appLinks
        #expect(links.ios == AppLinks.Target(url: "cook://ios/1", appStoreID: "12345", appName: "Cook"))
        #expect(links.iPhone?.url == "cook://iphone/1")
        #expect(links.iPad?.url == "cook://ipad/1")
        #expect(links.android?.package == "com.example.cook")
        #expect(links.webURL == "https://example.com/r/1")
        #expect(links.webShouldFallback == false)
        #expect(links.appleDeepLink?.url == "cook://ios/1")
        #expect(links.properties.first { $0.name == "al:ios:url" }?.values == ["cook://ios/1", "cook://ios/2"])
    }

    @Test("deep links are listed in preference order")
    func declaredDeepLinks() {
        let html = TestHTML.page(
            head: """
                <meta name="twitter:app:url:iphone" content="t://1">
                <meta property="al:iphone:url" content="al://1">
                <meta name="apple-itunes-app" content="app-id=99, app-argument=sab://1">
                """)
        let links = TestHTML.markup(html).declaredDeepLinks
        #expect(links.map(\.source) == [.smartAppBanner, .appLinks, .twitterAppCard])
        #expect(links.map(\.url) == ["sab://1", "al://1", "t://1"])
        #expect(links.first?.appStoreID == "99")
    }
}

import LimelightHTML

/// Builds nodes outside the HTML namespace for tests.
enum HTMLNodeFactory {
    static func svg(_ name: String, text: String) -> HTMLNode {
        let svg = HTMLNode(kind: .element(name: "svg", namespace: .svg))
        let inner = HTMLNode(kind: .element(name: name, namespace: .svg))
        inner.appendChild(HTMLNode(kind: .text(text)))
        svg.appendChild(inner)
        return svg
    }
}
