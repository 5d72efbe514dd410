import Foundation
import Limelight
import Testing

/// Built-in searchable attributes keep no whole-value field: `title == "…"` finds candidates
/// through the title's words and checks the stored value. A custom attribute still has a
/// whole-value field, so the same values under a custom key give the expected answers to compare
/// with, pattern by pattern.
@Suite struct WholeValueThroughWordsTests {
    static let titles = [
        "Paris", "PARIS", "paris-france.jpg", "MyWindowClass", "NSWindow", "Broken Window",
        "don't stop", "Chu's Café", "O'Reilly Media", "東京タワーの夜景", "京都", "iPhone用ケース",
        "!!!", "a b c", "ABC", "Ünïcödé Straße", "Ｆｕｌｌｗｉｄｔｈ", "mp3 player v2.0", "  spaced  out  ",
        "e-mail", "x", "rock'n'roll", String(repeating: "long words ", count: 30) + "end",
    ]

    static let patterns = [
        "Paris", "paris", "*", "P*", "*s", "*aris*", "P?ris", "*indow*", "my*", "MyWindow*", "*Class",
        "NS*", "don't*", "*'t stop", "*t s*", "Chu's*", "*Café", "*cafe", "東京*", "*夜景", "*タワー*", "京*",
        "iPhone*", "*用*", "!!!", "*!*", "a b c", "a*c", "*b*", "abc", "Ünïcödé*", "*straße", "Ｆｕｌｌ*",
        "mp3*", "*v2.0", "*2.0", "*.*", "  spaced*", "*out  ", "e-mail", "e*mail", "?-mail", "x", "?",
        "long*", String(repeating: "long words ", count: 30) + "end", "*'n'roll", "rock'n*",
    ]

    let fixture: SearchTestFixture

    init() throws {
        fixture = try SearchTestFixture()
        guard let copy = CSCustomAttributeKey(keyName: "com_example_copy") else { throw CocoaError(.featureUnsupported) }
        let items = try Self.titles.enumerated().map { index, title in
            var item = try StoredItem(uniqueIdentifier: "t\(index)", attributes: ["title": .string(title)])
            try item.setCustomAttribute(.string(title), for: copy)
            return item
        }
        try fixture.index(items)
    }

    @Test(arguments: ["", "c", "d", "cd"])
    func equalityMatchesTheWholeValueField(modifiers: String) throws {
        for pattern in Self.patterns {
            let written = "\"" + pattern + "\"" + modifiers
            let expected = try fixture.identifiers("com_example_copy == " + written)
            #expect(try fixture.identifiers("title == " + written) == expected, "title == \(written)")
            let absent = try fixture.identifiers("com_example_copy != " + written)
            #expect(try fixture.identifiers("title != " + written) == absent, "title != \(written)")
        }
    }

    @Test func suffixesOfLongValuesAreFound() throws {
        // The whole-value field keeps the first 200 characters, so it cannot find the end of a
        // longer value; words can.
        let long = "t\(Self.titles.count - 1)"
        #expect(try fixture.identifiers(#"title == "*long words end""#) == [long])
        #expect(try fixture.identifiers("title == \"*" + String(repeating: "words long ", count: 20) + "*\"") == [long])
    }

    @Test func someMatchesAreFound() throws {
        // The comparison above is only meaningful if the patterns find things.
        #expect(try fixture.identifiers(#"title == "*indow*""#).count == 3)
        #expect(try fixture.identifiers(#"title == "東京*""#).count == 1)
        #expect(try fixture.identifiers(#"title == "*cafe"cd"#).count == 1)
        #expect(try fixture.identifiers(#"title == "!!!""#).count == 1)
        #expect(try fixture.identifiers(#"title == "*'t stop""#).count == 1)
    }

    @Test(arguments: ["<", "<=", ">", ">="])
    func orderingMatchesTheWholeValueField(comparison: String) throws {
        for bound in ["m", "paris", "PARIS", "", "東", "long words"] {
            let expected = try fixture.identifiers("com_example_copy \(comparison) \"\(bound)\"")
            #expect(try fixture.identifiers("title \(comparison) \"\(bound)\"") == expected, "title \(comparison) \(bound)")
        }
    }
}
