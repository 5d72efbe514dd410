import CoreSpotlight
import Foundation
import LimelightTestSupport
import Testing

/// What an app receives when the user opens a search result, and the delegate that receives it.
@Suite struct ActivityLaunchTests {
    let store = TemporaryDirectory()
    let app = "com.example.recipes"

    func appIndex() throws -> AppIndex { try LimelightStore.shared(path: store.path).app(app) }

    @MainActor final class Receiver: LimelightApplicationDelegate, LimelightUserActivityRestoring {
        var received: [NSUserActivity] = []
        var restored: [String] = []
        var openedItem: String?
        var searchQuery: String?
        var page: URL?

        // The continuation code of Apple's session, in today's spelling.
        func application(
            _ application: LimelightApplication, continue userActivity: NSUserActivity,
            restorationHandler: @escaping ([Any]?) -> Void
        ) -> Bool {
            received.append(userActivity)
            if userActivity.activityType == CSSearchableItemActionType {
                if let identifier = userActivity.userInfo?[CSSearchableItemActivityIdentifier] as? String {
                    openedItem = identifier
                }
                return true
            }
            if userActivity.activityType == CSQueryContinuationActionType {
                if let query = userActivity.userInfo?[CSSearchQueryString] as? String { searchQuery = query }
                return true
            }
            if userActivity.activityType == NSUserActivityTypeBrowsingWeb {
                page = userActivity.webpageURL
                return true
            }
            if userActivity.activityType == "com.example.recipe.view" {
                restorationHandler([self])
                return true
            }
            return false
        }

        func restoreUserActivityState(_ userActivity: NSUserActivity) {
            restored.append(userActivity.title ?? "")
        }
    }

    @Test func constantsHaveCoreSpotlightsValues() {
        #expect(CSSearchableItemActionType == "com.apple.corespotlightitem")
        #expect(CSSearchableItemActivityIdentifier == "kCSSearchableItemActivityIdentifier")
        #expect(CSQueryContinuationActionType == "com.apple.corespotlightquerycontinuation")
        #expect(CSSearchQueryString == "kCSSearchQueryString")
        #expect(NSUserActivityTypeBrowsingWeb == "NSUserActivityTypeBrowsingWeb")
    }

    @Test @MainActor func openingAnItemHandsItsIdentifierToTheDelegate() async throws {
        let attributes = CSSearchableItemAttributeSet(itemContentType: "public.item")
        attributes.title = "Poutine"
        try await CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app)
            .indexSearchableItems([CSSearchableItem(uniqueIdentifier: "recipe-42", domainIdentifier: nil, attributeSet: attributes)])
        let application = LimelightApplication()
        let receiver = Receiver()
        application.delegate = receiver
        let payload = try appIndex().openResult(identifier: "recipe-42")
        #expect(application.deliver(payload))
        #expect(receiver.openedItem == "recipe-42")
        #expect(throws: ActivityError.self) { try appIndex().openResult(identifier: "nothing") }
    }

    @Test @MainActor func openingAppHistoryHandsBackTheSavedActivity() async throws {
        let userActivity = NSUserActivity(activityType: "com.example.recipe.view", storePath: store.path, bundleIdentifier: app)
        userActivity.isEligibleForSearch = true
        userActivity.title = "Poutine"
        userActivity.userInfo = ["recipe": 42, "steps": [1, 2]]
        userActivity.requiredUserInfoKeys = ["recipe"]
        userActivity.webpageURL = URL(string: "https://example.com/recipes/42")
        userActivity.persistentIdentifier = "recipe-42"
        userActivity.becomeCurrent()
        await NSUserActivity.waitUntilSaved()

        let payload = try appIndex().openResult(identifier: "recipe-42")
        let application = LimelightApplication()
        let receiver = Receiver()
        application.delegate = receiver
        #expect(application.deliver(payload))
        let received = try #require(receiver.received.first)
        #expect(received.activityType == "com.example.recipe.view")
        #expect(received.title == "Poutine")
        #expect(received.userInfo?["recipe"] as? Int == 42)
        #expect(received.userInfo?["steps"] as? [Int] == [1, 2])
        #expect(received.requiredUserInfoKeys == ["recipe"])
        #expect(received.webpageURL?.absoluteString == "https://example.com/recipes/42")
        #expect(received.persistentIdentifier == "recipe-42")
        #expect(receiver.restored == ["Poutine"])
    }

    @Test @MainActor func webResultsAndSearchContinuation() throws {
        let application = LimelightApplication()
        let receiver = Receiver()
        application.delegate = receiver
        let index = try appIndex()
        application.deliver(try index.launchActivity(for: .webpage("https://example.com/recipes/42")))
        #expect(receiver.page?.absoluteString == "https://example.com/recipes/42")
        #expect(throws: ActivityError.self) { try index.launchActivity(for: .webpage("ftp://example.com/x")) }

        #expect(throws: ActivityError.self) { try index.launchActivity(for: .queryContinuation("poutine")) }
        try index.setSupportsSearchContinuation(true)
        application.deliver(try index.launchActivity(for: .queryContinuation("poutine")))
        #expect(receiver.searchQuery == "poutine")
        try index.setSupportsSearchContinuation(false)
        #expect(!index.supportsSearchContinuation)
    }

    @Test @MainActor func launchesQueuedInTheStoreAreDeliveredInOrder() throws {
        let index = try appIndex()
        try index.setSupportsSearchContinuation(true)
        try index.postLaunch(try index.launchActivity(for: .queryContinuation("first")))
        try index.postLaunch(try index.launchActivity(for: .webpage("https://example.com/a")))
        let application = LimelightApplication()
        #expect(try application.deliverPendingLaunches(storePath: store.path, bundleIdentifier: app) == 0)
        let receiver = Receiver()
        application.delegate = receiver
        #expect(try application.deliverPendingLaunches(storePath: store.path, bundleIdentifier: app) == 2)
        #expect(receiver.received.map(\.activityType) == [CSQueryContinuationActionType, NSUserActivityTypeBrowsingWeb])
        #expect(try application.deliverPendingLaunches(storePath: store.path, bundleIdentifier: app) == 0)
    }

    @Test func itemAndItsActivitiesAreOneResultRankedByViews() async throws {
        let index = CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: app)
        let poutine = CSSearchableItemAttributeSet(itemContentType: "public.item")
        poutine.title = "Poutine"
        let tourtiere = CSSearchableItemAttributeSet(itemContentType: "public.item")
        tourtiere.title = "Tourtière"
        tourtiere.contentURL = URL(string: "https://Example.com:443/recipes/7/?b=2&a=1#top")
        try await index.indexSearchableItems([
            CSSearchableItem(uniqueIdentifier: "recipe-42", domainIdentifier: nil, attributeSet: poutine),
            CSSearchableItem(uniqueIdentifier: "recipe-7", domainIdentifier: nil, attributeSet: tourtiere),
        ])
        for _ in 0..<4 {
            let viewed = NSUserActivity(activityType: "com.example.recipe.view", storePath: store.path, bundleIdentifier: app)
            viewed.isEligibleForSearch = true
            viewed.title = "Viewed tourtière"
            viewed.webpageURL = URL(string: "https://example.com/recipes/7?a=1&b=2")
            viewed.becomeCurrent()
        }
        let related = NSUserActivity(activityType: "com.example.recipe.cook", storePath: store.path, bundleIdentifier: app)
        related.isEligibleForSearch = true
        related.title = "Cooked poutine"
        let attributes = CSSearchableItemAttributeSet(itemContentType: "public.item")
        attributes.relatedUniqueIdentifier = "recipe-42"
        related.contentAttributeSet = attributes
        related.becomeCurrent()
        await NSUserActivity.waitUntilSaved()

        let appIndex = try appIndex()
        let merged = try appIndex.mergeContentDuplicates(try appIndex.records())
        #expect(merged.count == 2)
        #expect(merged.allSatisfy { $0.primary.kind == .item })
        let byTitle = Dictionary(uniqueKeysWithValues: merged.map { ($0.primary.item[attribute: "title"]?.stringValue ?? "", $0) })
        #expect(byTitle["Tourtière"]?.viewCount == 4)
        #expect(byTitle["Poutine"]?.viewCount == 1)
        #expect((byTitle["Tourtière"]?.popularityBoost() ?? 0) > (byTitle["Poutine"]?.popularityBoost() ?? 0))

        // When only the activity matched, the item is looked up and shown.
        let activityOnly = try appIndex.mergeContentDuplicates(try appIndex.records(kind: .activity).filter {
            $0.item[attribute: "title"]?.stringValue == "Cooked poutine"
        })
        #expect(activityOnly.first?.primary.item.uniqueIdentifier == "recipe-42")
    }
}
