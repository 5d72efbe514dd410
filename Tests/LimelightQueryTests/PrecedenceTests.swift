import LimelightQuery
import Testing

@Suite("Boolean operators: precedence, grouping and flattening")
struct PrecedenceTests {
    let a = Q.compare("a", .equal, .number(1))
    let b = Q.compare("b", .equal, .number(2))
    let c = Q.compare("c", .equal, .number(3))
    let d = Q.compare("d", .equal, .number(4))

    @Test("&& binds tighter than ||")
    func andBindsTighter() throws {
        #expect(try QueryParser.parse("a == 1 || b == 2 && c == 3") == .or([a, .and([b, c])]))
        #expect(try QueryParser.parse("a == 1 && b == 2 || c == 3") == .or([.and([a, b]), c]))
        #expect(try QueryParser.parse("a == 1 && b == 2 || c == 3 && d == 4") == .or([.and([a, b]), .and([c, d])]))
    }

    @Test("parentheses override precedence")
    func parentheses() throws {
        #expect(try QueryParser.parse("(a == 1 || b == 2) && c == 3") == .and([.or([a, b]), c]))
        #expect(try QueryParser.parse("a == 1 && (b == 2 || c == 3)") == .and([a, .or([b, c])]))
        #expect(try QueryParser.parse("((a == 1))") == a)
        #expect(try QueryParser.parse("(((a == 1)) && ((b == 2)))") == .and([a, b]))
    }

    @Test("nested and/or of the same kind are flattened")
    func flattening() throws {
        #expect(try QueryParser.parse("a == 1 && b == 2 && c == 3") == .and([a, b, c]))
        #expect(try QueryParser.parse("a == 1 && (b == 2 && c == 3)") == .and([a, b, c]))
        #expect(try QueryParser.parse("(a == 1 && b == 2) && (c == 3 && d == 4)") == .and([a, b, c, d]))
        #expect(try QueryParser.parse("a == 1 || (b == 2 || (c == 3 || d == 4))") == .or([a, b, c, d]))
        #expect(try QueryParser.parse("(a == 1 || b == 2) || c == 3") == .or([a, b, c]))
        // Different kinds are not merged.
        #expect(try QueryParser.parse("a == 1 && (b == 2 || c == 3) && d == 4") == .and([a, .or([b, c]), d]))
    }

    @Test("! before a comparison, a group, another !, and an InRange")
    func negation() throws {
        #expect(try QueryParser.parse("!a == 1") == .not(a))
        #expect(try QueryParser.parse("!(a == 1)") == .not(a))
        #expect(try QueryParser.parse("!(a == 1 || b == 2)") == .not(.or([a, b])))
        #expect(try QueryParser.parse("!!a == 1") == .not(.not(a)))
        #expect(try QueryParser.parse("! a == 1 && b == 2") == .and([.not(a), b]))
        #expect(try QueryParser.parse("a == 1 && !(b == 2 && c == 3)") == .and([a, .not(.and([b, c]))]))
        #expect(
            try QueryParser.parse("!InRange(x, 1, 2)")
                == .not(.inRange(RangeTest(.named("x"), from: .number(1), through: .number(2)))))
        #expect(try QueryParser.parse("a != 1") == Q.compare("a", .notEqual, .number(1)))
    }

    @Test("conjunction and disjunction builders keep the normal form")
    func builders() {
        #expect(QueryExpression.conjunction([]) == nil)
        #expect(QueryExpression.conjunction([a]) == a)
        #expect(QueryExpression.conjunction([.and([a, b]), c]) == .and([a, b, c]))
        #expect(QueryExpression.disjunction([a, .or([b, c])]) == .or([a, b, c]))
        #expect(QueryExpression.disjunction([.and([a, b]), c]) == .or([.and([a, b]), c]))
    }

    @Test("nesting up to the limit parses; beyond it is a clear error")
    func nestingLimit() throws {
        let depth = QueryParser.defaultMaximumNestingDepth
        let deep = String(repeating: "(", count: depth) + "a == 1" + String(repeating: ")", count: depth)
        #expect(try QueryParser.parse(deep) == a)
        let tooDeep = "(" + deep + ")"
        let error = try #require(syntaxError(tooDeep))
        #expect(error.code == .nestingTooDeep)
        #expect(error.column == depth + 1)
        let negations = String(repeating: "!", count: depth) + "a == 1"
        #expect(throws: Never.self) { try QueryParser.parse(negations) }
        #expect(syntaxError("!" + negations)?.code == .nestingTooDeep)
        #expect(try QueryParser.parse("((a == 1))", maximumNestingDepth: 2) == a)
        #expect(syntaxError("(((a == 1)))")?.code == nil)
        #expect(throws: QuerySyntaxError.self) { try QueryParser.parse("(((a == 1)))", maximumNestingDepth: 2) }
    }

    @Test("long flat chains do not nest")
    func longChains() throws {
        let terms = (0..<5_000).map { "a == \($0)" }
        let expression = try QueryParser.parse(terms.joined(separator: " || "))
        guard case .or(let operands) = expression else {
            Issue.record("expected an or")
            return
        }
        #expect(operands.count == 5_000)
    }
}
