import Foundation
import Limelight
import LimelightTestSupport
import Testing

/// App history at the engine level: identity, encoding, URL normalisation and the delete cascade.
@Suite struct ActivityRecordTests {
    let store = TemporaryDirectory()

    func appIndex() throws -> AppIndex { try LimelightStore(path: store.path).app("com.example.app") }

    func activity(_ type: String = "com.example.view", related: String? = nil) throws -> ActivityRecord {
        var activity = ActivityRecord(activityType: type)
        activity.isEligibleForSearch = true
        activity.title = "Viewed \(related ?? type)"
        if let related {
            activity.contentAttributes = try StoredItem(
                uniqueIdentifier: "contentAttributeSet",
                attributes: ["contentType": .string("public.item"), "relatedUniqueIdentifier": .string(related)])
        }
        activity.userInfo = ["id": .string(related ?? type)]
        return activity
    }

    func item(_ identifier: String, domain: String? = nil) throws -> StoredItem {
        try StoredItem(uniqueIdentifier: identifier, domainIdentifier: domain, attributes: ["title": .string(identifier)])
    }

    @Test(arguments: [
        ("HTTPS://Example.COM:443/Recipes/?b=2&a=1#top", "https://example.com/Recipes?a=1&b=2"),
        ("http://example.com:80/", "http://example.com"),
        ("http://example.com:8080/a/", "http://example.com:8080/a"),
        ("https://example.com/a?", "https://example.com/a"),
    ])
    func urlsAreNormalised(input: String, expected: String) {
        #expect(ContentURL.normalized(input) == expected)
    }

    @Test func identityUsesPersistentIdentifierElseTypeAndRequiredValues() {
        var first = ActivityRecord(activityType: "t")
        first.userInfo = ["id": .integer(1), "scroll": .double(0.5)]
        first.requiredUserInfoKeys = ["id"]
        var second = first
        second.userInfo["scroll"] = .double(0.9)
        #expect(first.identifier == second.identifier)
        second.userInfo["id"] = .integer(2)
        #expect(first.identifier != second.identifier)
        second.persistentIdentifier = "p"
        #expect(second.identifier == "p:p")
    }

    @Test func recordsSurviveEncodingAndTheJSONCodec() throws {
        var original = try activity(related: "r1")
        original.userInfo = ["n": .integer(3), "x": .double(1.5), "list": .array([.null, .bool(true)]), "o": .object(["k": .string("v")])]
        original.webpageURL = "https://example.com/a"
        original.expirationDate = Date(timeIntervalSince1970: 2_000_000_000)
        let decoded = try JSONDecoder().decode(ActivityRecord.self, from: JSONEncoder().encode(original))
        #expect(decoded == original)
        let json = ActivityJSONCodec.encode(original)
        #expect(try ActivityJSONCodec.decode(Data(json.utf8)) == original)
    }

    @Test func invalidActivitiesAreRefused() throws {
        var missingKey = ActivityRecord(activityType: "t")
        missingKey.requiredUserInfoKeys = ["id"]
        #expect(throws: ActivityError.self) { try missingKey.validate() }
        var relative = ActivityRecord(activityType: "t")
        relative.webpageURL = "/recipes/1"
        #expect(throws: ActivityError.self) { try relative.validate() }
        #expect(throws: ActivityError.self) { try ActivityRecord(activityType: "").validate() }
        #expect(throws: ActivityError.self) { try ActivityJSONCodec.decode(Data("[1]".utf8)) }
    }

    @Test func reindexingTheItemInTheSameBatchKeepsItsActivities() throws {
        let index = try appIndex()
        try index.apply([.index([try item("r1")])], indexName: "")
        #expect(try index.recordActivity(try activity(related: "r1")) == .indexed(identifier: try activity(related: "r1").identifier, viewCount: 1))
        try index.apply([.deleteIdentifiers(["r1"]), .index([try item("r1")])], indexName: "")
        #expect(try index.activities().count == 1)
        try index.apply([.index([try item("r1")]), .deleteIdentifiers(["r1"])], indexName: "")
        #expect(try index.activities().isEmpty)
    }

    @Test func deleteAllOfANamedIndexLeavesUnrelatedHistoryAndItemsElsewhere() throws {
        let index = try appIndex()
        try index.apply([.index([try item("n1")])], indexName: "notes")
        try index.apply([.index([try item("d1")])], indexName: "")
        try index.recordActivity(try activity(related: "n1"))
        try index.recordActivity(try activity("com.example.unbound"))
        try index.apply([.deleteAll], indexName: "notes")
        #expect(try index.activities().map(\.activityType) == ["com.example.unbound"])
        #expect(try index.record(identifier: "d1", indexName: "") != nil)
        // Delete-all on the default index keeps history that is not bound to its items.
        try index.recordActivity(try activity(related: "d1"))
        try index.apply([.deleteAll], indexName: "")
        #expect(try index.activities().map(\.activityType) == ["com.example.unbound"])
        #expect(try index.activities().first?.viewCount == 1)
    }

    @Test func expiredItemsDoNotBindActivities() throws {
        let index = try appIndex()
        var expiring = try item("old")
        expiring.expirationDate = Date(timeIntervalSince1970: 1000)
        try index.apply([.index([expiring])], indexName: "", now: Date(timeIntervalSince1970: 0))
        #expect(try index.recordActivity(try activity(related: "old")) == .relatedItemMissing("old"))
    }
}

extension ActivityRecordTests {
    @Test func activitiesOfExpiredItemsArePurged() throws {
        let index = try appIndex()
        var expiring = try item("soon")
        expiring.expirationDate = Date().addingTimeInterval(60)
        try index.apply([.index([expiring, try item("kept")])], indexName: "")
        try index.recordActivity(try activity(related: "soon"))
        try index.recordActivity(try activity(related: "kept"))
        #expect(try index.purgeOrphanedActivities() == 0)
        #expect(try index.purgeOrphanedActivities(now: Date().addingTimeInterval(120)) == 1)
        #expect(try index.activities().map(\.title) == ["Viewed kept"])
    }
}
