import Foundation
import Limelight
import Testing

/// The query language's semantics, on a real store: every operator, modifier, wildcard and date
/// form, including Apple's documented examples.
@Suite struct SearchConformanceTests {
    let fixture: SearchTestFixture

    init() throws { fixture = try SearchTestFixture.conformance() }

    @Test(arguments: [
        // Apple's documented examples.
        (#"title == "Paris""#, ["paris"]),
        (#"title == "Paris"c"#, ["paris", "paris-lower", "paris-upper"]),
        (#"title == "Paris"wc"#, ["jpg", "love", "paris", "paris-lower", "paris-upper"]),
        (#"title == "Window"w"#, ["broken", "window-class"]),
        (#"title == "Frédéric"cd"#, ["frederic", "frederic-accent", "frederic-upper"]),
        // Case and diacritics separately.
        (#"title == "Frédéric""#, ["frederic-accent"]),
        (#"title == "Frederic"d"#, ["frederic", "frederic-accent"]),
        (#"title == "frédéric"c"#, ["frederic-accent", "frederic-upper"]),
        (#"title ==[cd] "frederic""#, ["frederic", "frederic-accent", "frederic-upper"]),
        (#"kMDItemTitle == "Paris""#, ["paris"]),
        (#"title = "Paris""#, ["paris"]),
    ])
    func documentedExamples(query: String, expected: [String]) throws {
        #expect(try fixture.identifiers(query) == expected, "\(query)")
    }

    @Test(arguments: [
        (#"title == "Par*""#, ["paris"]),
        (#"title == "par*"c"#, ["jpg", "paris", "paris-lower", "paris-upper"]),
        (#"title == "*.jpg""#, ["jpg"]),
        (#"title == "*indow*""#, ["broken", "nswindow", "window-class"]),
        (#"title == "*INDOW*"c"#, ["broken", "nswindow", "window-class"]),
        (#"title == "P?ris""#, ["paris"]),
        (#"title == "p?ris"c"#, ["paris", "paris-lower", "paris-upper"]),
        (#"title == "Br*n W*w""#, ["broken"]),
        (#"title == "win*"wc"#, ["broken", "window-class"]),
        (#"title == "*ance"wc"#, ["jpg"]),
        (#"title == "*arison"wc"#, ["comparison"]),
        (#"title == "\*""#, []),
    ])
    func wildcards(query: String, expected: [String]) throws {
        #expect(try fixture.identifiers(query) == expected, "\(query)")
    }

    @Test(arguments: [
        (#"title == "love Paris"w"#, ["love"]),
        (#"title == "Paris love"w"#, []),
        (#"title == "paris love"tcd"#, ["love"]),
        (#"title == "paris france"tcd"#, ["jpg"]),
        (#"title == "I lo*"w"#, ["love"]),
        (#"textContent == "fox""#, ["fox"]),
        (#"textContent == "Fox""#, []),
        (#"textContent == "Fox"c"#, ["fox"]),
        (#"textContent == "brown fox""#, ["fox"]),
        (#"textContent == "laz*""#, ["fox"]),
    ])
    func words(query: String, expected: [String]) throws {
        #expect(try fixture.identifiers(query) == expected, "\(query)")
    }

    @Test func presenceAndAbsence() throws {
        #expect(try fixture.identifiers(#"contentDescription == "*""#) == ["comparison", "tokyo"])
        let all = try fixture.identifiers(#"title == "*""#)
        #expect(all.count == 14)
        #expect(!all.contains("expired"))
        let withoutDescription = try fixture.identifiers(#"contentDescription != "*""#)
        #expect(withoutDescription.count == 12)
        #expect(!withoutDescription.contains("tokyo"))
        #expect(try fixture.identifiers(#"keywords == "*" && title == "B*""#) == ["broken"])
    }

    @Test func notEqualMatchesItemsThatHaveTheAttribute() throws {
        let different = try fixture.identifiers(#"rating != 5"#)
        #expect(different == ["love", "paris-lower", "paris-upper"])
        let titles = try fixture.identifiers(#"title != "Paris"c"#)
        #expect(titles.count == 11)
        #expect(!titles.contains("paris-upper"))
        // Negation of a comparison includes items without the attribute.
        #expect(try fixture.identifiers(#"!(rating == 5)"#).count == 13)
    }

    @Test(arguments: [
        ("rating > 3", ["paris", "paris-lower"]),
        ("rating >= 3", ["love", "paris", "paris-lower"]),
        ("rating < 3", ["paris-upper"]),
        ("rating <= 3", ["love", "paris-upper"]),
        ("rating == 4", ["paris-lower"]),
        ("InRange(rating, 2, 4)", ["love", "paris-lower"]),
        ("kMDItemStarRating == 5", ["paris"]),
        (#"rating == "4""#, ["paris-lower"]),
        ("userCreated == true", ["love"]),
        ("userCreated == 1", ["love"]),
        ("rating > 3 && title == \"paris\"", ["paris-lower"]),
        ("rating == 1 || rating == 5", ["paris", "paris-upper"]),
        ("rating > 2 && !(rating == 4)", ["love", "paris"]),
    ])
    func numbersAndFlags(query: String, expected: [String]) throws {
        #expect(try fixture.identifiers(query) == expected, "\(query)")
    }

    @Test(arguments: [
        ("contentCreationDate >= $time.today", ["paris"]),
        ("contentCreationDate == $time.today", ["paris"]),
        ("contentCreationDate == $time.yesterday", ["paris-lower"]),
        ("contentCreationDate == $time.today(-1)", ["paris-lower"]),
        ("contentCreationDate > $time.today(-2)", ["paris", "paris-lower"]),
        ("contentCreationDate < $time.today(-30)", ["love"]),
        ("contentCreationDate < $time.now", ["love", "paris", "paris-lower"]),
        ("contentCreationDate > $time.this_week(-1)", ["paris", "paris-lower"]),
        ("contentCreationDate > $time.last_week", ["paris", "paris-lower"]),
        ("contentCreationDate > $time.this_year(-1)", ["love", "paris", "paris-lower"]),
        ("InRange(contentCreationDate, $time.today(-1), $time.now)", ["paris", "paris-lower"]),
        (#"contentCreationDate > "2001-01-01""#, ["love", "paris", "paris-lower"]),
        (#"contentCreationDate < $time.iso(2001-01-01T00:00:00Z)"#, []),
    ])
    func dates(query: String, expected: [String]) throws {
        #expect(try fixture.identifiers(query) == expected, "\(query)")
    }

    @Test func isoDateEqualityCoversTheDay() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        let day = formatter.string(from: fixture.todayStart)
        #expect(try fixture.identifiers("contentCreationDate == \"\(day)\"") == ["paris"])
    }

    @Test func typesAndTrees() throws {
        #expect(try fixture.identifiers(#"contentType == "public.jpeg""#) == ["paris"])
        #expect(try fixture.identifiers(#"contentType == "public.image""#) == [])
        #expect(try fixture.identifiers(#"contentTypeTree == "public.image""#) == ["jpg", "paris"])
        #expect(try fixture.identifiers(#"kMDItemContentTypeTree == "public.source-code""#) == ["window-class"])
    }

    @Test func multiValuedKeywords() throws {
        #expect(try fixture.identifiers(#"keywords == "travel""#) == [])
        #expect(try fixture.identifiers(#"keywords == "travel"c"#) == ["jpg"])
        #expect(try fixture.identifiers(#"keywords == "Fr*""#) == ["jpg"])
    }

    @Test func anyAttribute() throws {
        #expect(try fixture.identifiers(#"* == "glass"c"#) == ["broken"])
        #expect(try fixture.identifiers(#"* == "comparison*"cd"#) == ["comparison"])
        #expect(try fixture.identifiers(#"* == "fox"cdw"#) == [])
        #expect(try fixture.identifiers(#"** == "fox"cdw"#) == ["fox"])
        #expect(try fixture.identifiers(#"** == "tokyo tower"cdw"#) == ["tokyo"])
    }

    @Test func chineseAndJapanese() throws {
        #expect(try fixture.identifiers(#"title == "東京"w"#) == ["tokyo"])
        #expect(try fixture.identifiers(#"title == "タワー"w"#) == ["tokyo"])
        #expect(try fixture.identifiers(#"title == "東"w"#) == ["tokyo"])
        #expect(try fixture.identifiers(#"title == "京都"w"#) == [])
        #expect(try fixture.identifiers(#"title == "東京タワーの夜景""#) == ["tokyo"])
    }

    @Test func customAttributesByName() throws {
        guard let key = CSCustomAttributeKey(keyName: "com_example_priority"),
            let label = CSCustomAttributeKey(keyName: "com_example_label")
        else { Issue.record("custom keys"); return }
        var item = try StoredItem(uniqueIdentifier: "custom", attributes: ["title": .string("Custom")])
        try item.setCustomAttribute(.number(7), for: key)
        try item.setCustomAttribute(.string("Urgent Task"), for: label)
        try fixture.index([item])
        #expect(try fixture.identifiers("com_example_priority > 5") == ["custom"])
        #expect(try fixture.identifiers("com_example_priority < 5") == [])
        #expect(try fixture.identifiers(#"com_example_label == "Urgent Task""#) == ["custom"])
        #expect(try fixture.identifiers(#"com_example_label == "task"cw"#) == ["custom"])
        #expect(try fixture.identifiers(#"com_example_unknown == "x""#) == [])
    }

    @Test func customAttributesSearchableByDefaultJoinStarAndTypedQueries() throws {
        guard let byDefault = CSCustomAttributeKey(keyName: "com_example_venue", searchable: true, searchableByDefault: true, unique: false, multiValued: false),
            let byName = CSCustomAttributeKey(keyName: "com_example_note")
        else { Issue.record("custom keys"); return }
        var item = try StoredItem(uniqueIdentifier: "venue", attributes: ["title": .string("Evening")])
        try item.setCustomAttribute(.string("Blue Note Jazz Club"), for: byDefault)
        try item.setCustomAttribute(.string("Bring Umbrella"), for: byName)
        try fixture.index([item])
        #expect(try fixture.identifiers(#"* == "jazz"cdw"#) == ["venue"])
        #expect(try fixture.identifiers(#"** == "club*"cdw"#) == ["venue"])
        #expect(try fixture.identifiers(#"* == "Blue Note Jazz Club""#) == ["venue"])
        #expect(try fixture.identifiers(#"* == "blue note jazz club""#) == [])
        #expect(try fixture.identifiers(#"* == "blue note jazz club"c"#) == ["venue"])
        // Only searchable (not by default): found when named, not by `*`.
        #expect(try fixture.identifiers(#"* == "umbrella"cdw"#) == [])
        #expect(try fixture.identifiers(#"com_example_note == "umbrella"cdw"#) == ["venue"])
        let typed = try fixture.app.searchUserQuery(text: "jazz cl", options: UserQueryOptions(now: fixture.now))
        #expect(typed.map(\.uniqueIdentifier) == ["venue"])
        #expect(try fixture.app.searchUserQuery(text: "umbrella", options: UserQueryOptions(now: fixture.now)).isEmpty)
    }

    @Test func filterQueriesRestrictResults() throws {
        #expect(try fixture.identifiers(#"title == "paris"c"#, filters: ["rating >= 4"]) == ["paris", "paris-lower"])
    }

    @Test func expiredItemsAreNeverReturned() throws {
        #expect(try fixture.identifiers(#"title == "Paris*""#) == ["paris"])
        #expect(try fixture.identifiers(#"title == "*expired*"c"#) == [])
    }

    @Test(arguments: [
        (#"title == "#, 10),
        (#"title == "Paris"#, 10),
        (#"title == "Paris" &&"#, 20),
        (#"(title == "a""#, 1),
    ])
    func syntaxErrorsGiveTheColumn(query: String, column: Int) throws {
        do {
            _ = try fixture.app.search(query: query, options: SearchOptions(now: fixture.now))
            Issue.record("\(query) should fail")
        } catch {
            #expect(error.code == .invalidQuery)
            #expect(error.message.contains("column"), "\(error.message)")
            #expect(error.nsError.code == -2002)
            #expect(error.nsError.domain == CSSearchQueryErrorDomain)
        }
    }

    @Test func valuesOfTheWrongTypeAreInvalid() throws {
        #expect(throws: CSSearchQueryError.self) { try fixture.app.search(query: #"rating > "high""#) }
        #expect(throws: CSSearchQueryError.self) { try fixture.app.search(query: #"contentCreationDate > "yesterday""#) }
    }

    @Test func fetchAttributesLimitTheItem() throws {
        let hits = try fixture.app.search(
            query: #"title == "Paris""#, options: SearchOptions(fetchAttributes: ["title"], now: fixture.now))
        let hit = try #require(hits.first)
        #expect(hit.item[attribute: "title"] == .string("Paris"))
        #expect(hit.item[attribute: "rating"] == nil)
    }
}
