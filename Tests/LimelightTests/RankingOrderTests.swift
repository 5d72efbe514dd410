import Foundation
import Limelight
import Testing

/// Ranking v1: match quality first (field, whole word, words matched), features next, the
/// app's ranking hint only between otherwise-equal items.
@Suite struct RankingOrderTests {
    @Test func titleMatchRanksAboveBodyMatch() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("body", ["title": .string("Music notes"), "textContent": .string("how to tune a banjo quickly")]),
            SearchTestFixture.item("title", ["title": .string("Banjo tuning")]),
            SearchTestFixture.item("keywords", ["title": .string("Strings"), "keywords": .strings(["banjo"])]),
            SearchTestFixture.item("description", ["title": .string("Lessons"), "contentDescription": .string("banjo lessons for beginners")]),
        ])
        #expect(try fixture.ranked("banjo") == ["title", "keywords", "description", "body"])
    }

    /// Hits asked for identifiers only carry the identifier, the index name and the score of the
    /// full hits, in the same order, and no attributes.
    @Test func identifierOnlyHitsMatchFullHits() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("plain", ["title": .string("Banjo tuning")]),
            SearchTestFixture.item("a-much-longer-identifier-than-a-small-string", ["textContent": .string("tune the banjo")]),
        ])
        try fixture.index([SearchTestFixture.item("named", ["title": .string("Banjo banjo")])], indexName: "lessons")
        let full = try fixture.app.searchUserQuery(text: "banjo", options: UserQueryOptions(now: fixture.now))
        var options = UserQueryOptions(now: fixture.now)
        options.identifiersOnly = true
        let bare = try fixture.app.searchUserQuery(text: "banjo", options: options)
        #expect(full.count == 3)
        #expect(bare.map(\.uniqueIdentifier) == full.map(\.uniqueIdentifier))
        #expect(bare.map(\.indexName) == full.map(\.indexName))
        #expect(Set(bare.map(\.indexName)) == ["", "lessons"])
        #expect(bare.map(\.score) == full.map(\.score))
        #expect(bare.allSatisfy { $0.item.uniqueIdentifier == $0.uniqueIdentifier && $0.item.attributes.isEmpty })
    }

    @Test func wholeWordRanksAbovePrefix() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("prefix", ["title": .string("Banjoist")]),
            SearchTestFixture.item("whole", ["title": .string("Banjo")]),
        ])
        #expect(try fixture.ranked("banjo") == ["whole", "prefix"])
        #expect(try fixture.ranked("banj") == ["whole", "prefix"] || fixture.ranked("banj") == ["prefix", "whole"])
        #expect(try fixture.ranked("banjoi") == ["prefix"])
    }

    @Test func moreWordsMatchedRankAboveFewer() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("one", ["title": .string("Banjo banjo banjo")]),
            SearchTestFixture.item("two", ["title": .string("Banjo chords"), "textContent": .string("a long text about many other things")]),
            SearchTestFixture.item("none", ["title": .string("Guitar")]),
        ])
        #expect(try fixture.ranked("banjo chords", requireAllWords: false) == ["two", "one"])
        #expect(try fixture.ranked("banjo chords") == ["two"])
    }

    @Test func wordsInOneFieldRankAboveWordsSpreadOverFields() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("spread", ["title": .string("Banjo"), "textContent": .string("a text about chords and many other things")]),
            SearchTestFixture.item("together", ["title": .string("Music"), "textContent": .string("a text about banjo chords and other things")]),
        ])
        #expect(try fixture.ranked("banjo chords") == ["together", "spread"])
        let hits = try fixture.app.searchUserQuery(text: "banjo chords", options: UserQueryOptions(explain: true, now: fixture.now))
        #expect(hits.first?.explanation.map { "\($0)" }?.contains("all words in one field") == true)
        // One word has nothing to share a field with.
        #expect(try fixture.ranked("banjo") == ["spread", "together"])
    }

    @Test func rankingHintOnlyBreaksTies() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("low", ["title": .string("Guitar"), "rankingHint": .number(10)]),
            SearchTestFixture.item("high", ["title": .string("Guitar"), "rankingHint": .number(90)]),
            SearchTestFixture.item("weak", ["title": .string("Instruments"), "textContent": .string("guitar"), "rankingHint": .number(100)]),
        ])
        let hits = try fixture.app.searchUserQuery(text: "guitar", options: UserQueryOptions(explain: true, now: fixture.now))
        #expect(hits.map(\.uniqueIdentifier) == ["high", "low", "weak"], "\(hits.map { "\($0.uniqueIdentifier) \($0.explanation!)" })")
    }

    @Test func userFlagsAndRecencyAreFeatures() throws {
        let fixture = try SearchTestFixture()
        let old = fixture.now.addingTimeInterval(-400 * 86_400)
        // Indexed last, the old item would win a tie: its content's age must decide, not the
        // moment it was indexed. An item without content dates has no recency at all.
        try fixture.index([
            SearchTestFixture.item("undated", ["title": .string("Recipe")]),
            SearchTestFixture.item("new", ["title": .string("Recipe"), "contentModificationDate": .date(fixture.now.addingTimeInterval(-86_400))]),
            SearchTestFixture.item("old", ["title": .string("Recipe"), "contentCreationDate": .date(old), "contentModificationDate": .date(old)]),
        ])
        #expect(try fixture.ranked("recipe") == ["new", "old", "undated"])
        try fixture.index([SearchTestFixture.item("old", ["title": .string("Recipe"), "contentModificationDate": .date(old), "userCreated": .bool(true), "userCurated": .bool(true)])])
        let hits = try fixture.app.searchUserQuery(text: "recipe", options: UserQueryOptions(explain: true, now: fixture.now))
        let explanation = try #require(hits.first { $0.uniqueIdentifier == "old" }?.explanation)
        #expect(explanation.description.contains("userCreated"))
    }

    @Test func explanationShowsHowTheScoreWasBuilt() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([SearchTestFixture.item("a", ["title": .string("Banjo chords"), "rankingHint": .number(50)])])
        let hits = try fixture.app.searchUserQuery(text: "banjo cho", options: UserQueryOptions(explain: true, now: fixture.now))
        let hit = try #require(hits.first)
        let explanation = try #require(hit.explanation)
        #expect(explanation.name == "score")
        #expect(abs(explanation.value - (hit.score ?? 0)) < 1e-6)
        let text = explanation.description
        #expect(text.contains("relevance (BM25F)"))
        #expect(text.contains("word \"banjo\"*"))
        #expect(text.contains("whole word \"banjo\""))
        #expect(text.contains("prefix of \"chords\""))
        #expect(text.contains("field title"))
        #expect(text.contains("ranking hint 50"))
    }

    @Test func longPrefixesStartingManyWordsScoreAsTheirExplanations() throws {
        // "tune" starts 90 words in the text and three in titles: the text holds more than a
        // query resolves up front (so it is scanned again), the titles fewer (so they are not).
        let fixture = try SearchTestFixture()
        try fixture.index((0..<30).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string(number % 3 == 0 ? "tune\(number % 9) session" : "Session"),
                "textContent": .string((0..<3).map { "tuneword\(number * 3 + $0)" }.joined(separator: " ") + " banjo"),
            ])
        })
        for text in ["tune", "banjo tune", "tunew", "tune3"] {
            let hits = try fixture.app.searchUserQuery(text: text, options: UserQueryOptions(limit: 50, explain: true, now: fixture.now))
            #expect(hits.count == (text == "tune3" ? 3 : 30), "\(text)")
            for hit in hits {
                let explanation = try #require(hit.explanation)
                #expect(abs(explanation.value - (hit.score ?? 0)) < 1e-9, "\(text): \(hit.uniqueIdentifier)")
            }
        }
    }

    @Test func engagementLiftsAnItem() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("a", ["title": .string("Weather report")]),
            SearchTestFixture.item("b", ["title": .string("Weather report")]),
        ])
        let before = try fixture.ranked("weather")
        let last = try #require(before.last)
        try fixture.app.recordEngagement(identifier: last, query: "weather")
        #expect(try fixture.ranked("weather").first == last)
        // Each engagement is a new snapshot, whose counts are resolved afresh: the other item,
        // engaged with twice, and then moved to a new segment by an update, leads.
        let other = try #require(before.first)
        try fixture.app.recordEngagement(identifier: other)
        try fixture.app.recordEngagement(identifier: other)
        #expect(try fixture.ranked("weather").first == other)
        try fixture.index([SearchTestFixture.item(other, ["title": .string("Weather report")])])
        #expect(try fixture.ranked("weather").first == other)
    }

    @Test func shortPrefixesMatchAndFallBackWhenFiltersRemoveCachedHits() throws {
        let fixture = try SearchTestFixture()
        var items: [StoredItem] = []
        for number in 0..<400 {
            items.append(try SearchTestFixture.item("b\(number)", ["title": .string("Bravo \(number)"), "rating": .number(number < 390 ? 1 : 5)]))
        }
        items.append(try SearchTestFixture.item("other", ["title": .string("Alpha")]))
        try fixture.index(items)
        let all = try fixture.app.searchUserQuery(text: "b", options: UserQueryOptions(limit: 500, now: fixture.now))
        #expect(all.count == 400)
        let top = try fixture.app.searchUserQuery(text: "b", options: UserQueryOptions(limit: 5, now: fixture.now))
        #expect(top.count == 5)
        let filtered = try fixture.app.searchUserQuery(text: "b", options: UserQueryOptions(filterQueries: ["rating == 5"], limit: 20, now: fixture.now))
        #expect(filtered.map(\.uniqueIdentifier).sorted() == (390..<400).map { "b\($0)" }.sorted())
        let two = try fixture.app.searchUserQuery(text: "br", options: UserQueryOptions(filterQueries: ["rating == 5"], limit: 20, now: fixture.now))
        #expect(two.count == 10)
    }

    @Test func chineseAndJapaneseUserQueries() throws {
        let fixture = try SearchTestFixture.conformance()
        #expect(try fixture.ranked("東京") == ["tokyo"])
        #expect(try fixture.ranked("タワー") == ["tokyo"])
        #expect(try fixture.ranked("東") == ["tokyo"])
        #expect(try fixture.ranked("京都") == [])
    }

    @Test func userQueriesIgnoreCaseAndDiacriticsAndMatchPrefixes() throws {
        let fixture = try SearchTestFixture.conformance()
        let frederic = try fixture.ranked("FRED")
        #expect(Set(frederic) == ["frederic", "frederic-accent", "frederic-upper"])
        #expect(try fixture.ranked("quick fo") == ["fox"])
        #expect(try fixture.ranked("window").sorted() == ["broken", "window-class"])
        #expect(try !fixture.ranked("paris").contains("expired"))
    }
}
