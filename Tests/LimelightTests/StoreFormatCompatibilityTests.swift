import Foundation
import Limelight
import LimelightTestSupport
import Testing

/// Stores written by earlier releases open, answer queries and are rewritten in the current format
/// by merging: segment format 2 (whose postings headers differ), format 4 (whose skip tables are
/// read entry by entry, a block every 128 documents) and format 5 (whose skip blocks hold
/// variable-length entries instead of packed blocks).
@Suite struct StoreFormatCompatibilityTests {
    /// `Fixtures/store-format-N`: one app, `bench.bulk`, with 300 items `item0`…`item299` titled
    /// "common entry N", plus " third" for every third item, and `rating` N mod 5, in one segment of
    /// format N.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
    }

    @Test(arguments: ["store-format-2", "store-format-4", "store-format-5"])
    func earlierFormatsOpenSearchAndMerge(_ name: String) throws {
        let directory = TemporaryDirectory(prefix: "limelight-\(name)")
        let copy = directory.path + "/store"
        try FileManager.default.copyItem(atPath: Self.fixture(name), toPath: copy)
        let store = try LimelightStore(path: copy)
        let app = try store.app("bench.bulk")
        let options = SearchOptions(fetchAttributes: [], filterQueries: [], now: Date(), timeZoneOffset: 0)
        func identifiers(_ query: String) throws -> Set<String> { Set(try app.search(query: query, options: options).map(\.uniqueIdentifier)) }

        // "common" is in all 300 titles, so its postings have a skip table; "third" in 100.
        #expect(try identifiers(#"title == "common"cdw"#).count == 300)
        let thirds = Set((0..<300).filter { $0 % 3 == 0 }.map { "item\($0)" })
        #expect(try identifiers(#"title == "third"cdw && title == "common"cdw"#) == thirds)
        #expect(try identifiers(#"title == "third"cdw && rating == 0"#) == Set((0..<300).filter { $0 % 15 == 0 }.map { "item\($0)" }))
        #expect(try identifiers(#"title == "common entry 299""#) == ["item299"])
        let ranked = try app.searchUserQuery(text: "common entry 12", options: UserQueryOptions(limit: 3, now: Date()))
        #expect(ranked.first?.uniqueIdentifier == "item12")

        // New items go to a current-format segment; merging rewrites the old one.
        let added = try StoredItem(uniqueIdentifier: "new", attributes: ["title": .string("common entry new third")])
        try app.apply([.index([added])], indexName: "")
        try app.engine.flush()
        try app.engine.mergeNow(force: true)
        #expect(try identifiers(#"title == "third"cdw"#) == thirds.union(["new"]))
        #expect(try identifiers(#"title == "common"cdw"#).count == 301)
    }
}
