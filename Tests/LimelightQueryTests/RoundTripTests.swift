import LimelightQuery
import Testing

@Suite("Printing canonical syntax and parsing it back")
struct RoundTripTests {
    @Test(
        "canonical forms",
        arguments: [
            (#"title=="Paris"dc"#, #"title == "Paris"cd"#),
            (#"title ==[c] 'Paris'"#, #"title == "Paris"c"#),
            ("size = 1e3", "size == 1000"),
            ("size > -2.50", "size > -2.5"),
            ("flag == YES", "flag == true"),
            ("a == 1 && (b == 2 && c == 3)", "a == 1 && b == 2 && c == 3"),
            ("(a == 1 || b == 2) && c == 3", "(a == 1 || b == 2) && c == 3"),
            ("a == 1 || b == 2 && c == 3", "a == 1 || b == 2 && c == 3"),
            ("!a == 1", "!(a == 1)"),
            ("!!(a == 1 || b == 2)", "!(!(a == 1 || b == 2))"),
            ("inrange(x,1,2)", "InRange(x, 1, 2)"),
            (#"* = "bob*"cwd"#, #"* == "bob*"cdw"#),
            (#"** == "a\*b\?c""#, #"** == "a\*b\?c""#),
            (#"t == 'say "hi"\n'"#, #"t == "say \"hi\"\n""#),
            (#"t == "\u0007""#, #"t == "\u{7}""#),
            ("d > $time.today(0)", "d > $time.today"),
            ("d > $TIME.THIS_WEEK(-2)", "d > $time.this_week(-2)"),
            ("d > $time.iso('2026-01-10T01:00:00+01:00')", "d > $time.iso(2026-01-10T00:00:00Z)"),
            ("d > $time.iso(2026-01-10T00:00:00.125Z)", "d > $time.iso(2026-01-10T00:00:00.125Z)"),
        ]
    )
    func canonical(input: String, printed: String) throws {
        let expression = try QueryParser.parse(input)
        #expect(expression.description == printed)
        #expect(try QueryParser.parse(printed) == expression)
    }

    @Test("description of the parts")
    func parts() {
        #expect(AttributeReference.anyIncludingContent.description == "**")
        #expect(ComparisonOperator.lessOrEqual.symbol == "<=")
        #expect(QueryValue.number(.leastNonzeroMagnitude).description == "5e-324")
        #expect(QueryValue.number(1e20).description == "1e+20")
        #expect(TimeExpression.relative(RelativeTime(.lastWeek, offset: 3)).description == "$time.last_week(3)")
        #expect(StringPattern(segments: [.anyCharacters, .literal("x"), .anyCharacter]).description == #""*x?""#)
    }

    @Test("5,000 random expressions print and parse back unchanged")
    func randomRoundTrip() throws {
        var random = RandomQueries(seed: 2026)
        for _ in 0..<5_000 {
            let expression = random.expression()
            let printed = expression.description
            let reparsed: QueryExpression
            do {
                reparsed = try QueryParser.parse(printed)
            } catch {
                Issue.record("\(printed) failed: \(error)")
                continue
            }
            #expect(reparsed == expression, "\(printed)")
        }
    }
}
