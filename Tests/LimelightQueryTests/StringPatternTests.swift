import LimelightQuery
import Testing

@Suite("String values: escapes, wildcards and pattern kinds")
struct StringPatternTests {
    private func pattern(_ quoted: String) throws -> StringPattern? {
        try parsedValue("name == \(quoted)")?.stringPattern
    }

    @Test("backslash escapes")
    func escapes() throws {
        #expect(try pattern(#""say \"hi\"""#) == StringPattern(literal: #"say "hi""#))
        #expect(try pattern(#"'it\'s'"#) == StringPattern(literal: "it's"))
        #expect(try pattern(#""back\\slash""#) == StringPattern(literal: #"back\slash"#))
        #expect(try pattern(#""a\*b""#) == StringPattern(literal: "a*b"))
        #expect(try pattern(#""why\?""#) == StringPattern(literal: "why?"))
        #expect(try pattern(#""line\nbreak\ttab\rcr""#) == StringPattern(literal: "line\nbreak\ttab\rcr"))
        #expect(try pattern(#""caf\u00e9""#) == StringPattern(literal: "café"))
        #expect(try pattern(#""\u00C9T\u00c9""#) == StringPattern(literal: "ÉTÉ"))
        #expect(try pattern(#""smile \u{1F600}""#) == StringPattern(literal: "smile 😀"))
        #expect(try pattern(#""\q\(""#) == StringPattern(literal: "q("))
    }

    @Test("an escaped star is literal; a bare star is a wildcard")
    func escapedWildcards() throws {
        let literalStar = try #require(try pattern(#""\*""#))
        #expect(literalStar.kind == .exact("*"))
        #expect(!literalStar.hasWildcards)
        let wildcard = try #require(try pattern(#""*""#))
        #expect(wildcard.kind == .presence)
        #expect(wildcard.hasWildcards)
        let mixed = try #require(try pattern(#""\**""#))
        #expect(mixed.kind == .prefix("*"))
    }

    @Test(
        "pattern classification",
        arguments: [
            (#""paris""#, StringPattern.Kind.exact("paris")),
            (#""""#, .exact("")),
            (#""paris*""#, .prefix("paris")),
            (#""*paris""#, .suffix("paris")),
            (#""*paris*""#, .infix("paris")),
            (#""*""#, .presence),
            (#""**""#, .presence),
            (#""paris**""#, .prefix("paris")),
            (#""*.jpg""#, .suffix(".jpg")),
            (#""p?ris""#, .general),
            (#""?""#, .general),
            (#""pa*ris""#, .general),
            (#""*pa*ris""#, .general),
            (#""pa*ris*""#, .general),
            (#""new york*""#, .prefix("new york")),
        ]
    )
    func kinds(quoted: String, expected: StringPattern.Kind) throws {
        #expect(try pattern(quoted)?.kind == expected)
    }

    @Test("segments are normalized")
    func normalization() {
        let pattern = StringPattern(segments: [
            .literal("a"), .literal(""), .literal("b"), .anyCharacters, .anyCharacters, .anyCharacter, .literal("c"),
        ])
        #expect(pattern.segments == [.literal("ab"), .anyCharacters, .anyCharacter, .literal("c")])
        #expect(pattern.literalText == "abc")
        #expect(StringPattern(segments: []).kind == .exact(""))
        #expect(StringPattern(literal: "a*b").segments == [.literal("a*b")])
    }

    @Test("a combining mark right after a quote does not hide the quote")
    func combiningMarkAfterQuote() throws {
        #expect(try pattern("\"e\u{301}\"") == StringPattern(literal: "e\u{301}"))
        #expect(syntaxError("name == \"x\"\u{301}")?.code == .unknownModifier)
        #expect(try QueryParser.parse("a == \"\u{301}\"") == Q.equal("a", "\u{301}"))
    }
}
