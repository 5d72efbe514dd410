import Foundation
import Limelight
import LimelightWebMarkup
import Testing

/// A web page's mapped result becomes a Core Spotlight attribute set.
struct WebResultAttributeSetTests {
    static let page = """
        <!doctype html><html><head><title>Chez Lumière</title>
        <meta name="description" content="Bistro food by the river.">
        <meta name="apple-itunes-app" content="app-id=123456789, app-argument=bistro://place/42">
        <link rel="canonical" href="https://example.com/places/42">
        <script type="application/ld+json">
        {"@context": "https://schema.org", "@type": "Restaurant", "name": "Chez Lumière", "telephone": "+33 1 23 45 67 89",
         "priceRange": "$$", "image": "https://example.com/img/42.jpg",
         "address": {"@type": "PostalAddress", "streetAddress": "1 Quai Voltaire", "addressLocality": "Paris", "postalCode": "75007", "addressCountry": "FR"},
         "geo": {"@type": "GeoCoordinates", "latitude": 48.8583, "longitude": 2.3322},
         "aggregateRating": {"@type": "AggregateRating", "ratingValue": 4.5, "reviewCount": 120}}
        </script></head><body><h1>Chez Lumière</h1></body></html>
        """

    @Test func mappedPageBecomesAnAttributeSet() throws {
        let (_, result) = WebMarkup.analyze(bytes: Array(Self.page.utf8), pageURL: "https://example.com/places/42?utm=x")
        let attributes = CSSearchableItemAttributeSet(webResult: result)
        #expect(attributes.validationIssues.isEmpty)
        #expect(attributes.title == "Chez Lumière")
        #expect(attributes.displayName == "Chez Lumière")
        #expect(attributes.contentDescription == "Bistro food by the river.")
        #expect(attributes.contentURL == URL(string: "https://example.com/places/42"))
        #expect(attributes.thumbnailURL == URL(string: "https://example.com/img/42.jpg"))
        #expect(attributes.phoneNumbers == ["+33 1 23 45 67 89"])
        #expect(attributes.supportsPhoneCall == 1)
        #expect(attributes.latitude == 48.8583)
        #expect(attributes.supportsNavigation == 1)
        #expect(attributes.city == "Paris")
        #expect(attributes[attribute: "rating"]?.numberValue.map { $0 > 0 } == true)
        #expect(attributes.value(forCustomKey: CSSearchableItemAttributeSet.WebResultKeys.deepLink) as? String == "bistro://place/42")
        #expect(attributes.value(forCustomKey: CSSearchableItemAttributeSet.WebResultKeys.reviewCount) as? NSNumber == 120)
        #expect(attributes.value(forCustomKey: CSSearchableItemAttributeSet.WebResultKeys.priceRange) as? String == "$$")
        // It indexes like any item.
        _ = try StoredItem(CSSearchableItem(uniqueIdentifier: "https://example.com/places/42", domainIdentifier: "web", attributeSet: attributes))
    }

    @Test func aBarePageGivesOnlyWhatItHas() {
        let (_, result) = WebMarkup.analyze(bytes: Array("<title>Hello</title>".utf8), pageURL: "https://example.com/")
        let attributes = CSSearchableItemAttributeSet(webResult: result)
        #expect(attributes.title == "Hello")
        #expect(attributes.phoneNumbers == nil)
        #expect(attributes.value(forCustomKey: CSSearchableItemAttributeSet.WebResultKeys.deepLink) == nil)
    }
}
