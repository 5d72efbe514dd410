import Foundation
import Limelight
import LimelightTestSupport
import Testing

/// A real store in a temporary directory holding a small, known set of items.
final class SearchTestFixture: @unchecked Sendable {
    // Safety: every property is immutable after init.
    let directory = TemporaryDirectory(prefix: "limelight-search")
    let store: LimelightStore
    let app: AppIndex
    let bundleIdentifier: String
    /// The instant the items were indexed and queries run at.
    let now: Date
    /// 00:00 UTC of the current day.
    let todayStart: Date

    /// - Parameter shared: open the store through `LimelightStore.shared(path:)`, as the Core
    ///   Spotlight classes do, so that both see the same engine.
    init(bundleIdentifier: String = "com.example.search", shared: Bool = false) throws {
        self.bundleIdentifier = bundleIdentifier
        store = shared ? try LimelightStore.shared(path: directory.path) : try LimelightStore(path: directory.path)
        app = try store.app(bundleIdentifier)
        now = Date()
        todayStart = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    /// An item with the given attributes.
    static func item(_ identifier: String, domain: String? = nil, expires: Date? = nil, _ attributes: [String: AttributeValue]) throws -> StoredItem {
        try StoredItem(uniqueIdentifier: identifier, domainIdentifier: domain, expirationDate: expires, attributes: attributes)
    }

    /// Indexes items into the named index.
    func index(_ items: [StoredItem], indexName: String = "") throws {
        try app.apply([.index(items)], indexName: indexName, now: now)
    }

    /// The identifiers matching a metadata query, sorted.
    func identifiers(_ query: String, filters: [String] = []) throws -> [String] {
        try app.search(query: query, options: SearchOptions(fetchAttributes: [], filterQueries: filters, now: now, timeZoneOffset: 0))
            .map(\.uniqueIdentifier).sorted()
    }

    /// The identifiers of a ranked user query, best first.
    func ranked(_ text: String, limit: Int = 20, requireAllWords: Bool = true) throws -> [String] {
        try app.searchUserQuery(text: text, options: UserQueryOptions(limit: limit, requireAllWords: requireAllWords, now: now))
            .map(\.uniqueIdentifier)
    }

    /// The store with Apple's documented examples, dates, numbers, types and CJK text.
    static func conformance() throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        let day = 86_400.0
        // Earlier today, yet never after `now`: in the first hour of a UTC day, 01:00 would still
        // be to come.
        let today = fixture.todayStart.addingTimeInterval(min(3_600, fixture.now.timeIntervalSince(fixture.todayStart) / 2))
        let yesterday = fixture.todayStart.addingTimeInterval(-day + 3_600)
        let old = fixture.todayStart.addingTimeInterval(-40 * day)
        try fixture.index([
            item("paris", ["title": .string("Paris"), "rating": .number(5), "contentCreationDate": .date(today), "contentType": .string("public.jpeg")]),
            item("paris-lower", ["title": .string("paris"), "rating": .number(4), "contentCreationDate": .date(yesterday)]),
            item("paris-upper", ["title": .string("PARIS"), "rating": .number(1)]),
            item("love", ["title": .string("I love Paris"), "rating": .number(3), "contentCreationDate": .date(old), "userCreated": .bool(true)]),
            item("jpg", ["title": .string("paris-france.jpg"), "contentType": .string("public.png"), "keywords": .strings(["Travel", "France"])]),
            item("comparison", ["title": .string("Comparison"), "contentDescription": .string("A comparison of cities")]),
            item("window-class", ["title": .string("MyWindowClass"), "contentType": .string("public.swift-source")]),
            item("broken", ["title": .string("Broken Window"), "keywords": .strings(["glass"])]),
            item("nswindow", ["title": .string("NSWindow")]),
            item("frederic", ["title": .string("Frederic")]),
            item("frederic-accent", ["title": .string("Frédéric")]),
            item("frederic-upper", ["title": .string("FRÉDÉRIC")]),
            item("fox", ["title": .string("Animals"), "textContent": .string("The quick brown fox jumps over the lazy dog")]),
            item("tokyo", ["title": .string("東京タワーの夜景"), "contentDescription": .string("Night view of Tokyo Tower")]),
            item("expired", expires: fixture.now.addingTimeInterval(-60), ["title": .string("Paris expired")]),
        ])
        return fixture
    }
}
