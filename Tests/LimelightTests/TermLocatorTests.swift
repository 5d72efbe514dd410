import Foundation
import Limelight
import LimelightCore
import LimelightTestSupport
import Testing

/// The locator that finds a whole word's dictionary entries from memory must answer exactly as
/// the dictionaries do: every field holding a term, with the same entry, and nothing for a term
/// no field holds.
@Suite struct TermLocatorTests {
    @Test func everyTermHasItsDictionaryEntriesInEveryField() throws {
        let fixture = try SearchTestFixture()
        var generator = SplitMix64(state: 0x0DDB_A11C)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        // Vocabularies that overlap across fields, words that are prefixes of others, and words
        // beyond ASCII.
        let extra = ["café", "cafe", "naïve", "東京", "東京都", "ab", "abc", "abcd", String(repeating: "long", count: 20)]
        try fixture.index((0..<300).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("shared\(next(40)) title\(next(50)) \(extra[next(extra.count)])"),
                "displayName": .string("shared\(next(40)) name\(next(200))"),
                "keywords": .strings(["tag\(next(20))", extra[next(extra.count)]]),
                "textContent": .string((0..<6).map { _ in "word\(next(2_000))" }.joined(separator: " ") + " shared\(next(40))"),
            ])
        })
        let names = AppIndex.userQueryRanking.fieldNames
        let reader = try #require(fixture.app.snapshot().segments.first?.reader)
        let dictionaries = reader.textFields(named: names).readers.map(\.dictionary)
        #expect(dictionaries.count >= 4)
        let locator = try #require(try TermLocator(dictionaries))
        #expect(locator.fieldCount == dictionaries.count)

        var distinct = Set<String>()
        for dictionary in dictionaries {
            try dictionary.forEachTerm { term, _ in
                distinct.insert(String(decoding: term, as: UTF8.self))
                return true
            }
        }
        #expect(locator.termCount == distinct.count)
        #expect(distinct.contains("shared7") && distinct.contains { !$0.allSatisfy(\.isASCII) })
        var inSeveralFields = 0
        for term in distinct {
            let entries = locator.entries(of: term)
            let expected = try dictionaries.map { try $0.lookup(term) }
            #expect(entries == expected, "\(term)")
            if expected.compactMap({ $0 }).count > 1 { inSeveralFields += 1 }
        }
        #expect(inSeveralFields >= 40, "the shared words are in three fields")

        // Terms no field holds: absent words, proper prefixes and extensions of held ones.
        for term in ["", "a", "shared", "shared400", "word20000", "cafés", "東", "abcde", "tag20", String(repeating: "long", count: 21)] {
            #expect(!distinct.contains(term))
            #expect(locator.entries(of: term) == [TermInfo?](repeating: nil, count: dictionaries.count), "\(term)")
        }
    }

    @Test func emptyDictionariesHoldNothing() throws {
        let locator = try #require(try TermLocator([]))
        #expect(locator.termCount == 0)
        #expect(locator.entries(of: "anything").isEmpty)
    }
}
