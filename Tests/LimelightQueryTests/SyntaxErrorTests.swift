import LimelightQuery
import Testing

@Suite("Syntax errors say where and why")
struct SyntaxErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        let query: String
        let code: QuerySyntaxError.Code
        let column: Int
        let reason: String
        var description: String { query }
    }

    static let cases: [Case] = [
        Case(query: "", code: .emptyQuery, column: 1, reason: "the query is empty"),
        Case(query: "   ", code: .emptyQuery, column: 4, reason: "the query is empty"),
        Case(query: "title", code: .unexpectedEnd, column: 6, reason: "expected a comparison operator after 'title'"),
        Case(
            query: #"title "Paris""#, code: .expectedOperator, column: 7,
            reason: "expected a comparison operator after 'title'"),
        Case(
            query: "title ==", code: .unexpectedEnd, column: 9,
            reason: "expected a value after '==' but the query ended"),
        Case(
            query: #"title == "Paris"#, code: .unterminatedString, column: 10,
            reason: "unterminated string starting at column 10"),
        Case(
            query: #"a == 'x"#, code: .unterminatedString, column: 6, reason: "unterminated string starting at column 6"
        ),
        Case(
            query: #"a == "x\"#, code: .unterminatedString, column: 6,
            reason: "unterminated string starting at column 6"),
        Case(
            query: #"title == "a" &&"#, code: .unexpectedEnd, column: 16,
            reason: "expected a comparison after '&&' but the query ended"),
        Case(
            query: #"|| title == "a""#, code: .unexpectedToken, column: 1, reason: "expected a comparison, found '||'"),
        Case(
            query: #"(title == "a""#, code: .unbalancedParenthesis, column: 14,
            reason: "expected ')' to close '(' at column 1, found the end of the query"),
        Case(
            query: #"title == "a")"#, code: .unbalancedParenthesis, column: 13,
            reason: "unbalanced ')': there is no '(' to close"),
        Case(
            query: "()", code: .unexpectedToken, column: 2,
            reason: "empty parentheses: expected a comparison inside '()'"),
        Case(
            query: "date > $time.tomorow", code: .invalidTimeFunction, column: 8,
            reason: "unknown $time function 'tomorow'"),
        Case(query: "date > $now", code: .invalidTimeFunction, column: 8, reason: "unknown variable '$now'"),
        Case(
            query: "date > $time.today(1.5)", code: .invalidTimeFunction, column: 20,
            reason: "the offset of $time.today must be a whole number"),
        Case(
            query: "date > $time.today(-1", code: .unexpectedEnd, column: 22,
            reason: "expected ')' after the offset of $time.today"),
        Case(
            query: "date > $time.iso", code: .invalidTimeFunction, column: 8,
            reason: "$time.iso needs a date in parentheses"),
        Case(
            query: "date > $time.iso(2026-13-01)", code: .invalidDate, column: 18,
            reason: "invalid ISO 8601 date '2026-13-01'"),
        Case(
            query: "date > $time.iso(2026-01-01", code: .unexpectedEnd, column: 28,
            reason: "expected ')' to close '$time.iso(' at column 8"),
        Case(query: #"title == "a"x"#, code: .unknownModifier, column: 13, reason: "unknown modifier 'x' after string"),
        Case(query: #"title ==[cz] "a""#, code: .unknownModifier, column: 11, reason: "unknown modifier 'z' in '[…]'"),
        Case(
            query: #"title ==[c "a""#, code: .unexpectedCharacter, column: 9,
            reason: "expected ']' to close the modifier list"),
        Case(
            query: "size ==[c] 5", code: .misplacedModifier, column: 8,
            reason: "modifiers such as '[c]' apply only to string values"),
        Case(query: "size > 12abc", code: .invalidNumber, column: 8, reason: "invalid number '12abc'"),
        Case(query: "size > 1e999", code: .invalidNumber, column: 8, reason: "number '1e999' is out of range"),
        Case(
            query: "title == paris", code: .expectedValue, column: 10,
            reason: #"found 'paris' (quote text values: "paris")"#),
        Case(query: "title == *", code: .expectedValue, column: 10, reason: "write a wildcard inside quotes"),
        Case(query: "title == )", code: .expectedValue, column: 10, reason: "expected a value after '==', found ')'"),
        Case(query: #"title # "a""#, code: .unexpectedCharacter, column: 7, reason: "unexpected character '#'"),
        Case(
            query: #"a == "x" & b == "y""#, code: .unexpectedCharacter, column: 10,
            reason: "unexpected '&' (did you mean '&&'?)"),
        Case(
            query: #"a == "x" | b == "y""#, code: .unexpectedCharacter, column: 10,
            reason: "unexpected '|' (did you mean '||'?)"),
        Case(
            query: #"a == "x" b == "y""#, code: .unexpectedToken, column: 10,
            reason: "expected '&&', '||' or the end of the query, found 'b'"),
        Case(
            query: #"a == "x" t == "y""#, code: .unexpectedToken, column: 10,
            reason: "expected '&&', '||' or the end of the query, found 't'"),
        Case(query: #"== "a""#, code: .expectedAttribute, column: 1, reason: "expected an attribute name before '=='"),
        Case(query: "InRange(size, 1)", code: .invalidRange, column: 16, reason: "InRange takes three arguments"),
        Case(
            query: "InRange(size, 1, 2, 3)", code: .invalidRange, column: 19,
            reason: "expected ')' after the high bound of InRange"),
        Case(
            query: "InRange(5, 1, 2)", code: .invalidRange, column: 9,
            reason: "expected an attribute name as the first argument of InRange"),
        Case(query: #"a == "\u12""#, code: .invalidEscape, column: 7, reason: #"invalid escape '\u12'"#),
        Case(query: #"a == "\u{110000}""#, code: .invalidEscape, column: 7, reason: "invalid escape"),
        Case(query: "a == 1 $", code: .invalidTimeFunction, column: 8, reason: "expected a variable name"),
        Case(query: "東京 == 1 &&& b == 2", code: .unexpectedCharacter, column: 11, reason: "unexpected '&'"),
        Case(query: "a == \"🇫🇷\" @", code: .unexpectedCharacter, column: 10, reason: "unexpected character '@'"),
        Case(query: "é == \"x\" @", code: .unexpectedCharacter, column: 10, reason: "unexpected character '@'"),
    ]

    @Test("malformed queries", arguments: cases)
    func malformed(example: Case) throws {
        let error = try #require(syntaxError(example.query), "\(example.query) should not parse")
        #expect(error.code == example.code, "\(error)")
        #expect(error.column == example.column, "\(error)")
        #expect(error.reason.contains(example.reason), "\(error)")
    }

    @Test("description and offsets")
    func descriptionAndOffsets() throws {
        let error = try #require(syntaxError(#"title == "Paris"#))
        #expect(error.description == "column 10: unterminated string starting at column 10")
        #expect(error.offset == 9)
        let wide = try #require(syntaxError(#"é == "x" @"#))
        #expect(wide.column == 10)
        #expect(wide.offset == 10)
        #expect(QuerySyntaxError.Code.invalidDate.description == "invalidDate")
    }

    @Test("QueryExpression(parsing:) throws the same error")
    func initializer() {
        #expect(throws: QuerySyntaxError.self) { try QueryExpression(parsing: "title ==") }
        #expect(throws: Never.self) { try QueryExpression(parsing: "title == 1") }
    }
}
