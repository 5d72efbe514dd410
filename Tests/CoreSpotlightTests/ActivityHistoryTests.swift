import CoreSpotlight
import Foundation
import LimelightTestSupport
import Testing

/// App history through NSUserActivity, written the way Apple's session sample code writes it.
@Suite struct ActivityHistoryTests {
    let store = TemporaryDirectory()
    let app = "com.example.recipes"
    /// `kUTTypeItem as String` on Apple platforms.
    let kUTTypeItem = "public.item"

    func activity(_ type: String = "com.example.recipe.view") -> NSUserActivity {
        NSUserActivity(activityType: type, storePath: store.path, bundleIdentifier: app)
    }

    func appIndex() throws -> AppIndex { try LimelightStore.shared(path: store.path).app(app) }

    func savedTitles() throws -> [String] {
        try appIndex().activities().compactMap(\.title).sorted()
    }

    func index(_ items: [(id: String, domain: String?)]) async throws {
        let index = CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app)
        try await index.indexSearchableItems(items.map { item in
            let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
            attributes.title = "Recipe \(item.id)"
            return CSSearchableItem(uniqueIdentifier: item.id, domainIdentifier: item.domain, attributeSet: attributes)
        })
    }

    @Test func searchEligibleActivityIsSavedWithItsAttributes() async throws {
        let userActivity = activity()
        userActivity.isEligibleForSearch = true
        userActivity.title = "Poutine"
        userActivity.keywords = ["fries", "gravy"]
        userActivity.userInfo = ["recipe": 42, "servings": 2.5, "tags": ["quebec"], "note": NSNull()]
        let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
        attributes.contentDescription = "Fries, cheese curds and gravy"
        userActivity.contentAttributeSet = attributes
        userActivity.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        #expect(userActivity.lastSaveError == nil)

        let saved = try #require(try appIndex().activities().first)
        #expect(saved.activityType == "com.example.recipe.view")
        #expect(saved.userInfo["recipe"] == .integer(42))
        #expect(saved.userInfo["servings"] == .double(2.5))
        #expect(saved.viewCount == 1)
        // The indexed record carries the title, keywords and description for search.
        let record = try #require(try appIndex().records(kind: .activity).first)
        #expect(record.item[attribute: "title"]?.stringValue == "Poutine")
        #expect(record.item[attribute: "keywords"]?.stringValues == ["fries", "gravy"])
        #expect(record.item[attribute: "contentDescription"]?.stringValue == "Fries, cheese curds and gravy")
    }

    @Test func activitiesNotEligibleForSearchAreNotIndexed() async throws {
        let userActivity = activity()
        userActivity.title = "Private"
        userActivity.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        #expect(try appIndex().activities().isEmpty)
    }

    @Test func repeatViewsAreCountedForTheSameActivity() async throws {
        for _ in 0..<3 {
            let userActivity = activity()
            userActivity.isEligibleForSearch = true
            userActivity.title = "Poutine"
            userActivity.userInfo = ["recipe": 42, "scroll": 10]
            userActivity.requiredUserInfoKeys = ["recipe"]
            userActivity.becomeCurrent()
        }
        let other = activity()
        other.isEligibleForSearch = true
        other.title = "Tourtière"
        other.userInfo = ["recipe": 7]
        other.requiredUserInfoKeys = ["recipe"]
        other.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        let saved = try appIndex().activities().sorted { $0.viewCount > $1.viewCount }
        #expect(saved.map(\.viewCount) == [3, 1])
        #expect(saved.first?.lastViewed != nil)
        // The count is also a numeric column the ranking can read.
        let views = try appIndex().snapshot().count(.range(field: "_views", lower: 3, upper: 3, includeLower: true, includeUpper: true))
        #expect(views == 1)
    }

    @Test func samePersistentIdentifierIsOneActivityAndNeedsSaveUpdatesWithoutAView() async throws {
        let userActivity = activity()
        userActivity.isEligibleForSearch = true
        userActivity.persistentIdentifier = "recipe-42"
        userActivity.title = "Poutine"
        userActivity.becomeCurrent()
        userActivity.title = "Poutine (classic)"
        userActivity.needsSave = true
        await NSUserActivity.waitUntilSaved()
        #expect(userActivity.needsSave == false)
        let saved = try appIndex().activities()
        #expect(saved.map(\.title) == ["Poutine (classic)"])
        #expect(saved.first?.viewCount == 1)
    }

    @Test func userInfoThatIsNotJSONIsRefusedWithAClearError() async throws {
        final class Opaque {}
        let userActivity = activity()
        userActivity.isEligibleForSearch = true
        userActivity.userInfo = ["object": Opaque()]
        userActivity.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        let error = try #require(userActivity.lastSaveError as? ActivityError)
        #expect(error.code == .invalidUserInfo)
        #expect(error.message.contains("userInfo[\"object\"]"))
        #expect(try appIndex().activities().isEmpty)
    }

    @Test func stronglyBoundActivityNeedsItsItemAndGoesWithIt() async throws {
        func donate(_ related: String, title: String) {
            let userActivity = activity()
            userActivity.isEligibleForSearch = true
            userActivity.title = title
            userActivity.userInfo = ["id": related]
            let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
            attributes.relatedUniqueIdentifier = related
            userActivity.contentAttributeSet = attributes
            userActivity.becomeCurrent()
        }
        donate("missing", title: "Orphan")
        await NSUserActivity.waitUntilSaved()
        #expect(try savedTitles().isEmpty)

        try await index([("r1", nil), ("r2", "dinner"), ("r3", nil)])
        donate("r1", title: "One")
        donate("r2", title: "Two")
        donate("r3", title: "Three")
        await NSUserActivity.waitUntilSaved()
        #expect(try savedTitles() == ["One", "Three", "Two"])

        let index = CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app)
        try await index.deleteSearchableItems(withIdentifiers: ["r1"])
        #expect(try savedTitles() == ["Three", "Two"])
        try await index.deleteSearchableItems(withDomainIdentifiers: ["dinner"])
        #expect(try savedTitles() == ["Three"])
        try await index.deleteAllSearchableItems()
        #expect(try savedTitles().isEmpty)
    }

    @Test func itemInAnotherIndexKeepsTheStrongBinding() async throws {
        let named = CSSearchableIndex(name: "drafts", storePath: store.path, bundleIdentifier: app)
        let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
        try await named.indexSearchableItems([CSSearchableItem(uniqueIdentifier: "r1", domainIdentifier: nil, attributeSet: attributes)])
        try await index([("r1", nil)])
        let userActivity = activity()
        userActivity.isEligibleForSearch = true
        userActivity.title = "Bound"
        let related = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
        related.relatedUniqueIdentifier = "r1"
        userActivity.contentAttributeSet = related
        userActivity.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        try await named.deleteSearchableItems(withIdentifiers: ["r1"])
        #expect(try savedTitles() == ["Bound"])
        try await CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app).deleteSearchableItems(withIdentifiers: ["r1"])
        #expect(try savedTitles().isEmpty)
    }

    @Test func weaklyBoundActivityMayComeFirstAndOutlivesItsItem() async throws {
        let userActivity = activity()
        userActivity.isEligibleForSearch = true
        userActivity.title = "Poutine"
        let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
        attributes.displayName = "Poutine"
        attributes.weakRelatedUniqueIdentifier = "myIdentifier"
        userActivity.contentAttributeSet = attributes
        userActivity.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        #expect(try savedTitles() == ["Poutine"])

        try await index([("myIdentifier", nil)])
        #expect(try appIndex().activities(relatedTo: "myIdentifier").map(\.title) == ["Poutine"])
        try await CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app).deleteAllSearchableItems()
        #expect(try savedTitles() == ["Poutine"])
    }

    @Test func domainDeletionDeletesActivitiesOfTheDomain() async throws {
        for (domain, title) in [("account1", "First"), ("account1.inbox", "Nested"), ("account2", "Second")] {
            let userActivity = activity()
            userActivity.isEligibleForSearch = true
            userActivity.title = title
            userActivity.persistentIdentifier = title
            let attributes = CSSearchableItemAttributeSet(itemContentType: kUTTypeItem)
            attributes.domainIdentifier = domain
            userActivity.contentAttributeSet = attributes
            userActivity.becomeCurrent()
        }
        await NSUserActivity.waitUntilSaved()
        // Deleting through a named index reaches the app's history too.
        let named = CSSearchableIndex(name: "mail", storePath: store.path, bundleIdentifier: app)
        try await named.deleteSearchableItems(withDomainIdentifiers: ["account1"])
        #expect(try savedTitles() == ["Second"])
    }

    @Test func deletionByPersistentIdentifierAndDeleteAll() async throws {
        for identifier in ["a", "b", "c"] {
            let userActivity = activity()
            userActivity.isEligibleForSearch = true
            userActivity.title = identifier
            userActivity.persistentIdentifier = identifier
            userActivity.becomeCurrent()
        }
        await NSUserActivity.waitUntilSaved()
        let deleted = await withCheckedContinuation { continuation in
            NSUserActivity.deleteSavedUserActivities(withPersistentIdentifiers: ["a", "c"], storePath: store.path, bundleIdentifier: app) {
                continuation.resume(returning: true)
            }
        }
        #expect(deleted)
        #expect(try savedTitles() == ["b"])
        try await NSUserActivity.deleteAllSavedUserActivities(storePath: store.path, bundleIdentifier: app)
        #expect(try savedTitles().isEmpty)
    }

    @Test func invalidatedActivitiesAreNotSavedAndExpiredOnesAreGone() async throws {
        let invalidated = activity()
        invalidated.isEligibleForSearch = true
        invalidated.title = "Gone"
        invalidated.invalidate()
        invalidated.becomeCurrent()
        #expect(!invalidated.isCurrent)

        let expiring = activity("com.example.recipe.print")
        expiring.isEligibleForSearch = true
        expiring.title = "Soon gone"
        expiring.expirationDate = Date().addingTimeInterval(3600)
        expiring.becomeCurrent()
        await NSUserActivity.waitUntilSaved()
        #expect(try savedTitles() == ["Soon gone"])
        #expect(try appIndex().activities(now: Date().addingTimeInterval(7200)).isEmpty)
    }
}
