import CoreSpotlight
import Foundation
import LimelightTestSupport
import Testing

/// The Core Spotlight indexing API, used the way Apple's documentation and sample code use it.
@Suite struct SearchableIndexTests {
    let store = TemporaryDirectory()

    func makeIndex(_ name: String = "", app: String = "com.example.app") -> CSSearchableIndex {
        CSSearchableIndex(name: name, storePath: store.path, bundleIdentifier: app)
    }

    func item(_ id: String?, domain: String? = nil, title: String) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(itemContentType: "public.text")
        attributes.title = title
        attributes.contentDescription = "About \(title)"
        return CSSearchableItem(uniqueIdentifier: id, domainIdentifier: domain, attributeSet: attributes)
    }

    func identifiers(_ index: CSSearchableIndex, _ name: String = "") throws -> [String] {
        try LimelightStore.shared(path: store.path).app(index.bundleIdentifier).records(indexName: name).map(\.item.uniqueIdentifier).sorted()
    }

    @Test func completionHandlersAreCalledOnceAfterTheDataIsStored() async throws {
        let index = makeIndex()
        let called = await withCheckedContinuation { continuation in
            index.indexSearchableItems([item("1", title: "One"), item("2", title: "Two")]) { error in
                continuation.resume(returning: error == nil)
            }
        }
        #expect(called)
        #expect(try identifiers(index) == ["1", "2"])
        // The files as they are on disk now (as after a crash) hold the data: it is in the synced log.
        let crashed = TemporaryDirectory()
        try FileManager.default.removeItem(atPath: crashed.path)
        try FileManager.default.copyItem(atPath: store.path, toPath: crashed.path)
        #expect(try LimelightStore(path: crashed.path).app("com.example.app").records().count == 2)
    }

    @Test func nilIdentifierGetsAUUID() async throws {
        let index = makeIndex()
        let generated = item(nil, title: "Anonymous")
        #expect(UUID(uuidString: generated.uniqueIdentifier) != nil)
        try await index.indexSearchableItems([generated])
        #expect(try identifiers(index) == [generated.uniqueIdentifier])
    }

    @Test func deletingADomainDeletesItsSubdomains() async throws {
        let index = makeIndex()
        try await index.indexSearchableItems([
            item("a", domain: "account", title: "A"), item("b", domain: "account.mailbox", title: "B"),
            item("c", domain: "accounting", title: "C"), item("d", title: "D"),
        ])
        try await index.deleteSearchableItems(withDomainIdentifiers: ["account"])
        #expect(try identifiers(index) == ["c", "d"])
        try await index.deleteSearchableItems(withIdentifiers: ["d"])
        #expect(try identifiers(index) == ["c"])
        try await index.deleteAllSearchableItems()
        #expect(try identifiers(index) == [])
    }

    @Test func batchesCommitAtomicallyWithClientState() async throws {
        let index = makeIndex("mail")
        index.beginIndexBatch()
        index.indexSearchableItems([item("m1", title: "Hello")], completionHandler: nil)
        index.deleteSearchableItems(withIdentifiers: ["nothing"], completionHandler: nil)
        #expect(try identifiers(index, "mail") == [], "nothing is visible before the batch ends")
        try await index.endIndexBatch(withClientState: Data("cursor-1".utf8))
        #expect(try identifiers(index, "mail") == ["m1"])
        #expect(try await index.fetchLastClientState() == Data("cursor-1".utf8))

        // Compare-and-swap: a mismatch fails with mismatchedClientState and applies nothing.
        index.beginIndexBatch()
        index.indexSearchableItems([item("m2", title: "Again")], completionHandler: nil)
        await #expect {
            try await index.endIndexBatch(expectedClientState: Data("stale".utf8), newClientState: Data("cursor-2".utf8))
        } throws: { error in
            (error as NSError).domain == CSIndexErrorDomain && (error as NSError).code == CSIndexError.Code.mismatchedClientState.rawValue
        }
        #expect(try identifiers(index, "mail") == ["m1"])
        index.beginIndexBatch()
        index.indexSearchableItems([item("m2", title: "Again")], completionHandler: nil)
        try await index.endIndexBatch(expectedClientState: Data("cursor-1".utf8), newClientState: Data("cursor-2".utf8))
        #expect(try identifiers(index, "mail") == ["m1", "m2"])

        // deleteAll resets the client state.
        try await index.deleteAllSearchableItems()
        #expect(try await index.fetchLastClientState() == nil)
    }

    @Test func clientStateIsLimitedTo250Bytes() async throws {
        let index = makeIndex("mail")
        index.beginIndexBatch()
        await #expect {
            try await index.endIndexBatch(withClientState: Data(repeating: 1, count: 251))
        } throws: { error in
            (error as NSError).code == CSIndexError.Code.invalidClientStateError.rawValue
        }
    }

    @Test func theDefaultIndexHasNoBatches() async throws {
        let index = makeIndex()
        index.beginIndexBatch()
        await #expect {
            try await index.endIndexBatch(withClientState: Data("x".utf8))
        } throws: { error in
            (error as NSError).code == CSIndexError.Code.indexingUnsupported.rawValue
        }
    }

    @Test func appsAreIsolated() async throws {
        try await makeIndex(app: "com.example.one").indexSearchableItems([item("shared-id", title: "One's")])
        try await makeIndex(app: "com.example.two").deleteSearchableItems(withIdentifiers: ["shared-id"])
        try await makeIndex(app: "com.example.two").deleteAllSearchableItems()
        #expect(try identifiers(makeIndex(app: "com.example.one")) == ["shared-id"])
        #expect(try identifiers(makeIndex(app: "com.example.two")) == [])
    }

    @Test func partialUpdatesChangeOnlyWhatTheySetAndIgnoreMissingItems() async throws {
        let index = makeIndex()
        let original = item("u", title: "Original")
        original.attributeSet.keywords = ["keep"]
        try await index.indexSearchableItems([original])
        let update = CSSearchableItem(uniqueIdentifier: "u", domainIdentifier: nil, attributeSet: CSSearchableItemAttributeSet(itemContentType: "public.text"))
        update.attributeSet.title = "Updated"
        update.isUpdate = true
        let missing = CSSearchableItem(uniqueIdentifier: "absent", domainIdentifier: nil, attributeSet: CSSearchableItemAttributeSet(itemContentType: "public.text"))
        missing.isUpdate = true
        try await index.indexSearchableItems([update, missing])
        let record = try #require(try LimelightStore.shared(path: store.path).app("com.example.app").record(identifier: "u", indexName: ""))
        #expect(record.item[attribute: "title"]?.stringValue == "Updated")
        #expect(record.item[attribute: "keywords"]?.stringValues == ["keep"])
        #expect(try identifiers(index) == ["u"])
    }

    @Test func expiredItemsAreNeverReturnedAndArePurged() async throws {
        let index = makeIndex()
        let expiring = item("old", title: "Old")
        expiring.expirationDate = Date().addingTimeInterval(-60)
        let fresh = item("new", title: "New")
        try await index.indexSearchableItems([expiring, fresh])
        #expect(try identifiers(index) == ["new"])
        let app = try LimelightStore.shared(path: store.path).app("com.example.app")
        #expect(try app.purgeExpired() == 1)
        #expect(app.snapshot().documentCount == 1)
        let stored = try #require(try app.record(identifier: "new", indexName: ""))
        #expect(stored.expirationDate > Date().addingTimeInterval(CSSearchableItem.defaultExpirationInterval - 60))
    }

    @Test func invalidAttributesFailTheCallWithInvalidItemError() async throws {
        let index = makeIndex()
        let bad = item("bad", title: "Bad")
        bad.attributeSet.rankingHint = 500
        await #expect {
            try await index.indexSearchableItems([item("good", title: "Good"), bad])
        } throws: { error in
            (error as NSError).code == CSIndexError.Code.invalidItemError.rawValue
        }
        #expect(try identifiers(index) == [])
    }
}

extension SearchableIndexTests {
    /// A call belongs to the batch open when it is made: work queued just before `beginIndexBatch()`
    /// commits on its own, and calls after `endIndexBatch(…)` are not swept into the ending batch.
    @Test func batchMembershipIsDecidedWhenTheCallIsMade() async throws {
        let index = makeIndex("mail")
        for round in 0..<20 {
            index.indexSearchableItems([item("before-\(round)", title: "Before")], completionHandler: nil)
            index.beginIndexBatch()
            index.indexSearchableItems([item("inside-\(round)", title: "Inside")], completionHandler: nil)
            await #expect(throws: CSIndexError.self) {
                try await index.endIndexBatch(expectedClientState: Data("not-this".utf8), newClientState: Data("x".utf8))
            }
            try await index.indexSearchableItems([item("after-\(round)", title: "After")])
        }
        let stored = try identifiers(index, "mail")
        #expect(stored.filter { $0.hasPrefix("before-") }.count == 20)
        #expect(stored.filter { $0.hasPrefix("after-") }.count == 20)
        #expect(!stored.contains { $0.hasPrefix("inside-") })
    }
}
