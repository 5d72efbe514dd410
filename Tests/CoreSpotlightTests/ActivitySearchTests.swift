import CoreSpotlight
import Foundation
import LimelightTestSupport
import Testing

/// Searching items and app history together: one result per piece of content, lifted by views.
@Suite struct ActivitySearchTests {
    let store = TemporaryDirectory()
    let app = "com.example.recipes"

    @Test func itemsAndTheirHistoryComeBackOnceAndViewsLiftTheirRank() async throws {
        let index = CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app)
        var items: [CSSearchableItem] = []
        for (identifier, title) in [("recipe-1", "Poutine classic"), ("recipe-2", "Poutine deluxe")] {
            let attributes = CSSearchableItemAttributeSet(itemContentType: "public.item")
            attributes.title = title
            items.append(CSSearchableItem(uniqueIdentifier: identifier, domainIdentifier: nil, attributeSet: attributes))
        }
        try await index.indexSearchableItems(items)
        for _ in 0..<5 {
            let viewed = NSUserActivity(activityType: "com.example.recipe.view", storePath: store.path, bundleIdentifier: app)
            viewed.isEligibleForSearch = true
            viewed.title = "Poutine deluxe"
            viewed.userInfo = ["recipe": 2]
            let attributes = CSSearchableItemAttributeSet(itemContentType: "public.item")
            attributes.relatedUniqueIdentifier = "recipe-2"
            viewed.contentAttributeSet = attributes
            viewed.becomeCurrent()
        }
        let festival = NSUserActivity(activityType: "com.example.event.view", storePath: store.path, bundleIdentifier: app)
        festival.isEligibleForSearch = true
        festival.title = "Poutine festival"
        festival.becomeCurrent()
        await NSUserActivity.waitUntilSaved()

        let appIndex = try LimelightStore.shared(path: store.path).app(app)
        let results = try appIndex.searchContent(text: "poutine")
        #expect(results.map(\.hit.uniqueIdentifier).filter { $0.hasPrefix("recipe-") } == ["recipe-2", "recipe-1"])
        #expect(results.count == 3)
        #expect(results.first?.merged.viewCount == 5)
        #expect(results.first?.hit.item[attribute: "title"]?.stringValue == "Poutine deluxe")
        #expect(results.contains { $0.hit.item[attribute: "title"]?.stringValue == "Poutine festival" })

        // Without the popularity lift the two recipes score alike; views are what reorder them.
        let flat = try appIndex.searchContent(text: "poutine", popularityWeight: 0)
        let scores = Dictionary(uniqueKeysWithValues: flat.map { ($0.hit.uniqueIdentifier, $0.score) })
        #expect(try #require(results.first?.score) > (scores["recipe-2"] ?? .infinity))
    }
}
