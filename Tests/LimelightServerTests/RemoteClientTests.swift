import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import Synchronization
import Testing

/// The Core Spotlight API used against a real daemon on loopback instead of an embedded store.
@Suite("CSSearchableIndex and queries through limelightd")
struct RemoteClientTests {
    func item(_ identifier: String, _ title: String) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: "public.text")
        attributes.title = title
        return CSSearchableItem(uniqueIdentifier: identifier, domainIdentifier: "notes", attributeSet: attributes)
    }

    /// Collects a query's items and its completion error.
    func run(_ query: CSSearchQuery) async -> (identifiers: [String], error: (any Error)?) {
        let found = Mutex<[String]>([])
        let error: (any Error)? = await withCheckedContinuation { continuation in
            query.foundItemsHandler = { items in found.withLock { $0 += items.map(\.uniqueIdentifier) } }
            query.completionHandler = { error in continuation.resume(returning: error) }
            query.start()
        }
        return (found.withLock { $0 }, error)
    }

    @Test func indexingAndQueriesGoThroughTheDaemon() async throws {
        let fixture = try ServerFixture()
        let application = Application(
            router: LimelightRoutes.router(service: fixture.service), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let server = try RemoteSearchableIndexClient(server: "http://127.0.0.1:\(try #require(client.port))", token: token)

            let index = CSSearchableIndex(name: "notes", server: server)
            try await index.indexSearchableItems([item("n1", "Banjo tuning"), item("n2", "Banjo chords"), item("n3", "Fiddle")])
            index.beginIndexBatch()
            index.deleteSearchableItems(withIdentifiers: ["n2"], completionHandler: nil)
            try await index.endIndexBatch(withClientState: Data("v2".utf8))
            #expect(try await index.fetchLastClientState() == Data("v2".utf8))
            // The data is in the daemon's store, not in a local one.
            let stored = try fixture.service.store.app("com.example.notes").record(identifier: "n1", indexName: "notes")
            #expect(stored?.item[attribute: "title"] == .string("Banjo tuning"))

            let context = CSSearchQueryContext()
            context.fetchAttributes = ["title"]
            let metadata = await run(CSSearchQuery(queryString: #"title == "banjo*"c"#, queryContext: context, server: server))
            #expect(metadata.error == nil)
            #expect(metadata.identifiers == ["n1"])

            context.filterQueries = [#"title != "*tuning*"c"#]
            let filtered = await run(CSSearchQuery(queryString: #"title == "*""#, queryContext: context, server: server))
            #expect(filtered.error == nil)
            #expect(filtered.identifiers == ["n3"])

            let userContext = CSUserQueryContext()
            userContext.fetchAttributes = ["title"]
            let typed = await run(CSUserQuery(userQueryString: "fid", userQueryContext: userContext, server: server))
            #expect(typed.error == nil)
            #expect(typed.identifiers == ["n3"])

            let invalid = await run(CSSearchQuery(queryString: #"title == "open"#, queryContext: nil, server: server))
            let error = try #require(invalid.error as? CSSearchQueryError)
            #expect(error.code == .invalidQuery)
            #expect(error.message.contains("column"))

            // A wrong token reaches nothing.
            let stranger = try RemoteSearchableIndexClient(server: "http://127.0.0.1:\(try #require(client.port))", token: "0" + token)
            let refused = await run(CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, server: stranger))
            #expect((refused.error as? CSSearchQueryError)?.code == .indexUnreachable)
            #expect(refused.identifiers.isEmpty)
        }
    }

    @Test func protectedIndexesGoThroughTheDaemon() async throws {
        let fixture = try ServerFixture()
        try fixture.service.store.unlockProtectedData(passphrase: "daemon passphrase")
        let application = Application(
            router: LimelightRoutes.router(service: fixture.service), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let server = try RemoteSearchableIndexClient(server: "http://127.0.0.1:\(try #require(client.port))", token: token)

            let index = CSSearchableIndex(name: "journal", protectionClass: .complete, server: server)
            index.beginIndexBatch()
            index.indexSearchableItems([item("j1", "Banjo diary")], completionHandler: nil)
            try await index.endIndexBatch(withClientState: Data("j1".utf8))
            #expect(try await index.fetchLastClientState() == Data("j1".utf8))
            #expect(try await CSSearchableIndex(name: "journal", server: server).fetchLastClientState() == nil)
            try await CSSearchableIndex(name: "journal", server: server).indexSearchableItems([item("u1", "Banjo shop")])
            // The daemon keeps it in the class's encrypted index.
            let stored = try fixture.service.store.app("com.example.notes", protection: .complete).record(identifier: "j1", indexName: "journal")
            #expect(stored?.item[attribute: "title"] == .string("Banjo diary"))
            #expect(try fixture.service.store.app("com.example.notes").record(identifier: "j1", indexName: "journal") == nil)

            let both = await run(CSUserQuery(userQueryString: "banjo", userQueryContext: nil, server: server))
            #expect(both.error == nil)
            #expect(Set(both.identifiers) == ["j1", "u1"])
            let narrowed = CSSearchQuery(queryString: #"title == "banjo*"c"#, queryContext: nil, server: server)
            narrowed.protectionClasses = [.complete]
            #expect(await run(narrowed).identifiers == ["j1"])

            try fixture.service.store.lockProtectedData()
            let afterLock = await run(CSUserQuery(userQueryString: "banjo", userQueryContext: nil, server: server))
            #expect(afterLock.identifiers == ["u1"])
            await #expect(throws: CSIndexError.self) { try await index.indexSearchableItems([item("j2", "Banjo notes")]) }
        }
    }

    @Test func appHistoryGoesThroughTheDaemon() async throws {
        let fixture = try ServerFixture()
        let application = Application(
            router: LimelightRoutes.router(service: fixture.service), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let history: any ActivityHistoryBackend = try RemoteSearchableIndexClient(
                server: "http://127.0.0.1:\(try #require(client.port))", token: token)
            var activity = ActivityRecord(activityType: "com.example.notes.open")
            activity.title = "Banjo tuning"
            activity.persistentIdentifier = "note-1"
            activity.isEligibleForSearch = true
            try await offCooperativePool { [activity] in
                try history.saveActivity(activity, countsView: true, now: Date())
                try history.saveActivity(activity, countsView: true, now: Date())
                try history.saveActivity(activity, countsView: false, now: Date())
            }
            let index = try fixture.service.store.app("com.example.notes")
            #expect(try index.activities().map(\.viewCount) == [2])

            let opened = try await client.call(
                .post, "/v1/open", token: fixture.systemToken,
                json: #"{"activityIdentifier": "p:note-1", "bundleIdentifier": "com.example.notes"}"#)
            #expect(opened.status == 200)
            let launches = try await offCooperativePool { try history.takePendingLaunches() }
            #expect(launches.map(\.title) == ["Banjo tuning"])
            #expect(try await offCooperativePool { try history.takePendingLaunches() }.isEmpty)

            try await offCooperativePool { try history.deleteActivities(withPersistentIdentifiers: ["note-1"]) }
            #expect(try index.activities().isEmpty)
        }
    }
}
