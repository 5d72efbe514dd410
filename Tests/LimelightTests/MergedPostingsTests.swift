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

    /// A longer prefix that starts more than ``SegmentScorer/expansionLimit`` words in a field is
    /// matched among candidates from its merged postings there: the scores are those of matching
    /// each word it starts.
    @Test func aLongPrefixWithManyWordsScoresAsItsWordsDo() throws {
        let fixture = try SearchTestFixture()
        try fixture.index((0..<600).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("note\(number % 150) topic"),
                "textContent": .string(number % 4 == 0 ? "notes\(number) notebook note\(number % 7)" : "plain words"),
            ])
        })
        let snapshot = fixture.app.snapshot()
        let now = fixture.now.timeIntervalSince1970
        let parameters = AppIndex.userQueryRanking
        let cache = ShortPrefixCache()
        func scorer(_ cache: ShortPrefixCache?) -> SegmentScorer {
            let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: [:], cache: cache)
            return SegmentScorer(segment: snapshot.segments[0], context: context)
        }
        let word = QueryWord(term: "note", isPrefix: true)
        let withCache = scorer(cache)
        let fields = withCache.rankedFields()
        let resolved = try withCache.resolve(word, in: fields)
        #expect(resolved.expansions.contains { $0 == nil }, "a field holds more words starting with the prefix than are listed")
        let candidates = (UInt32(0)..<600).filter { $0 % 3 == 0 }
        // Before the merged postings are built, a field with too many words counts as every
        // document; after, as the merged postings' own.
        let estimateBefore = try withCache.estimatedCost(resolved, in: fields)
        #expect(estimateBefore >= 600)
        let merged = try withCache.wordMatches(resolved, in: fields, within: candidates)
        #expect(try withCache.estimatedCost(resolved, in: fields) < estimateBefore)
        let withoutCache = scorer(nil)
        let perWord = try withoutCache.wordMatches(withoutCache.resolve(word, in: fields), in: fields, within: candidates)
        #expect(merged.documents == candidates, "every title starts with the prefix")
        #expect(merged.documents == perWord.documents)
        #expect(merged.scores == perWord.scores)
        #expect(merged.fieldMasks == perWord.fieldMasks)
        #expect(cache.mergedPostingsCount > 0, "the merged postings were built and kept")
    }
}
