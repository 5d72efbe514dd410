import LimelightQuery
import Testing

@Suite("Lenient parsing of typed input")
struct LenientParserTests {
    private func lenient(_ text: String) -> QueryExpression? {
        QueryParser.parseLenient(text).expression
    }

    private func freeText(_ text: String) -> QueryExpression {
        .comparison(Comparison(.anyIncludingContent, .equal, Q.string(text, Q.cdwt)))
    }

    @Test("valid queries come back exactly, with no diagnostics")
    func validQueries() throws {
        for query in [#"title == "Paris"cd"#, "a == 1 && (b == 2 || !c == 3)", "InRange(x, 1, 2)"] {
            let result = QueryParser.parseLenient(query)
            #expect(result.expression == (try QueryParser.parse(query)))
            #expect(result.diagnostics.isEmpty)
            #expect(result.isExact)
        }
    }

    @Test("open strings and groups are closed")
    func closing() {
        #expect(lenient(#"title == "Par"#) == Q.equal("title", "Par"))
        #expect(
            lenient(#"title == "Par*"#) == Q.compare("title", .equal, Q.pattern([.literal("Par"), .anyCharacters])))
        #expect(
            lenient(#"(title == "a" || b == 2"#) == .or([Q.equal("title", "a"), Q.compare("b", .equal, .number(2))]))
        #expect(lenient(#"((title == "a""#) == Q.equal("title", "a"))
        let result = QueryParser.parseLenient(#"title == "Par"#)
        #expect(result.diagnostics.map(\.code) == [.unterminatedString])
        #expect(!result.isExact)
    }

    @Test("dangling operators and incomplete comparisons are dropped")
    func dangling() {
        let a = Q.compare("a", .equal, .number(1))
        #expect(lenient("a == 1 &&") == a)
        #expect(lenient("a == 1 ||") == a)
        #expect(lenient("&& a == 1") == a)
        #expect(lenient("a == 1 && !") == a)
        #expect(lenient("a == 1 && b ==") == a)
        #expect(lenient("a == 1 && b ==[c]") == a)
        #expect(lenient("a == 1 && InRange(x, 1") == a)
        #expect(lenient("a == 1 && date > $time.tomorow") == a)
        #expect(lenient("a == 1)") == a)
        #expect(lenient(")) a == 1 ((") == a)
        #expect(lenient("title ==") == nil)
        #expect(lenient("") == nil)
        #expect(lenient("  && || ! ( ) ") == nil)
    }

    @Test("unquoted values are read as strings")
    func unquotedValues() {
        #expect(lenient("title == paris") == Q.equal("title", "paris"))
        #expect(lenient("title ==[c] paris") == Q.equal("title", "paris", Q.c))
        #expect(lenient("title == *") == Q.compare("title", .equal, Q.pattern([.anyCharacters])))
        #expect(lenient("flag == true") == Q.compare("flag", .equal, .bool(true)))
    }

    @Test("free text becomes Apple's user-input query")
    func freeTextInput() {
        #expect(lenient("paris hotels") == freeText("paris hotels"))
        #expect(lenient("paris, 2026!") == freeText("paris 2026"))
        #expect(
            lenient(#""new york" pizza"#)
                == .and([
                    .comparison(
                        Comparison(
                            .anyIncludingContent, .equal,
                            Q.string("new york", [.caseInsensitive, .diacriticInsensitive, .wordBased]))),
                    freeText("pizza"),
                ]))
        #expect(lenient(#"pizza && title == "menu""#) == .and([freeText("pizza"), Q.equal("title", "menu")]))
        #expect(lenient("pizza || pasta") == .or([freeText("pizza"), freeText("pasta")]))
        #expect(lenient("!pizza") == .not(freeText("pizza")))
        #expect(lenient("c# & rust") == .and([freeText("c"), freeText("rust")]))
    }

    @Test("adjacent comparisons are joined with &&")
    func adjacency() {
        #expect(lenient(#"a == 1 b == "x""#) == .and([Q.compare("a", .equal, .number(1)), Q.equal("b", "x")]))
    }

    @Test("lexer repairs are applied and reported")
    func lexerRepairs() {
        #expect(lenient(#"a == "x" & b == "y""#) == .and([Q.equal("a", "x"), Q.equal("b", "y")]))
        #expect(lenient(#"a == "x"z"#) == Q.equal("a", "x"))
        #expect(lenient(#"a == "x" # b == "y""#) == .and([Q.equal("a", "x"), Q.equal("b", "y")]))
        #expect(lenient(#"a == "\u12""#) == Q.equal("a", "\u{FFFD}"))
        #expect(
            lenient("a == 1 | b == 2") == .or([Q.compare("a", .equal, .number(1)), Q.compare("b", .equal, .number(2))]))
        let result = QueryParser.parseLenient(#"a == "x" # b == "y"&"#)
        #expect(result.diagnostics.map(\.code) == [.unexpectedCharacter, .unexpectedCharacter])
        #expect(result.diagnostics.map(\.column) == [10, 20])
    }

    @Test("misplaced values and modifiers are dropped")
    func misplaced() {
        #expect(lenient("size ==[c] 5") == Q.compare("size", .equal, .number(5)))
        #expect(lenient("== 5 && a == 1") == Q.compare("a", .equal, .number(1)))
        #expect(lenient("$time.today a == 1") == Q.compare("a", .equal, .number(1)))
    }

    @Test("deep nesting is flattened, never a crash")
    func deepNesting() {
        let deep = String(repeating: "(", count: 10_000) + "a == 1"
        #expect(lenient(deep) == Q.compare("a", .equal, .number(1)))
        let negations = String(repeating: "!", count: 10_000) + "a == 1"
        #expect(lenient(negations) != nil)
        let closed = String(repeating: "(", count: 300) + "a == 1" + String(repeating: ")", count: 300)
        #expect(lenient(closed) == Q.compare("a", .equal, .number(1)))
        #expect(QueryParser.parseLenient(deep).diagnostics.count <= 200)
    }
}
