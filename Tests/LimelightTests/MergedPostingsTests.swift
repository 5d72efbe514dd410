import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// A short prefix's merged postings hold, for each live document, the summed frequencies of the
/// words it starts (the prefix itself excluded), whether they were summed into an array as long as
/// the segment (many postings) or listed and sorted (few).
@Suite struct MergedPostingsTests {
    /// 1,000 items: every fortieth titled "alpha carbon cargo car cargo", the next "cart cart beta",
    /// the rest "note N"; every fiftieth deleted.
    static func fixture() throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<1_000).map { number in
            let title: String
            switch number % 40 {
            case 0: title = "alpha carbon cargo car cargo"
            case 1: title = "cart cart beta"
            default: title = "note \(number)"
            }
            return try SearchTestFixture.item("item-\(number)", ["title": .string(title)])
        })
        try fixture.app.apply([.deleteIdentifiers((0..<1_000).filter { $0 % 50 == 0 }.map { "item-\($0)" })], indexName: "", now: fixture.now)
        return fixture
    }

    /// The merged postings of `prefix` in the title field, by item number.
    static func merged(_ prefix: String, in fixture: SearchTestFixture) throws -> [Int: Float] {
        let cache = ShortPrefixCache()
        var result: [Int: Float] = [:]
        for segment in fixture.app.snapshot().segments {
            guard let field = segment.reader.field("title") else { continue }
            let merged = try cache.mergedPostings(segment: segment, field: field, name: "title", prefix: prefix)
            #expect(merged.documents == merged.documents.sorted())
            for (index, document) in merged.documents.enumerated() {
                let key = try segment.reader.withKey(of: document) { String(decoding: $0, as: UTF8.self) }
                let number = try #require(Int(key.split(separator: "-").last ?? ""))
                #expect(result[number] == nil, "item-\(number) listed once")
                result[number] = merged.frequencies[index]
            }
        }
        return result
    }

    @Test func fewPostingsAreSummedPerDocument() throws {
        let fixture = try Self.fixture()
        // carbon, cargo ×2, cart ×2: 75 postings against 1,000 documents, the listed and sorted form.
        var expected: [Int: Float] = [:]
        for number in 0..<1_000 where number % 50 != 0 {
            if number % 40 == 0 { expected[number] = 3 }
            if number % 40 == 1 { expected[number] = 2 }
        }
        #expect(try Self.merged("car", in: fixture) == expected)
    }

    @Test func manyPostingsAreSummedPerDocument() throws {
        let fixture = try Self.fixture()
        // Every "note N" title: 950 postings, summed into an array as long as the segment.
        var expected: [Int: Float] = [:]
        for number in 0..<1_000 where number % 50 != 0 && number % 40 > 1 { expected[number] = 1 }
        #expect(try Self.merged("no", in: fixture) == expected)
    }
}
