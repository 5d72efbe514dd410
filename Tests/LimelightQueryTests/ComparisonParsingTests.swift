import LimelightQuery
import Testing

@Suite("Comparisons: operators, attributes and values")
struct ComparisonParsingTests {
    @Test(
        "every comparison operator",
        arguments: [
            ("size == 5", ComparisonOperator.equal), ("size = 5", .equal), ("size != 5", .notEqual),
            ("size < 5", .less), ("size > 5", .greater), ("size <= 5", .lessOrEqual), ("size >= 5", .greaterOrEqual),
            ("size==5", .equal), ("size!=5", .notEqual), ("size<=5", .lessOrEqual), ("size>=5", .greaterOrEqual),
        ]
    )
    func operators(query: String, expected: ComparisonOperator) throws {
        #expect(try QueryParser.parse(query) == Q.compare("size", expected, .number(5)))
    }

    @Test("attribute names: identifiers with digits, underscore, dot and colon; * and **")
    func attributeNames() throws {
        #expect(try QueryParser.parse("kMDItemFSName == \"a\"") == Q.equal("kMDItemFSName", "a"))
        #expect(
            try QueryParser.parse("com.example:rating_2 == 1") == Q.compare("com.example:rating_2", .equal, .number(1)))
        #expect(try QueryParser.parse("_private == 1") == Q.compare("_private", .equal, .number(1)))
        #expect(try QueryParser.parse("* == \"bob\"") == .comparison(Comparison(.anyDefault, .equal, Q.string("bob"))))
        #expect(
            try QueryParser.parse("** == \"bob\"")
                == .comparison(Comparison(.anyIncludingContent, .equal, Q.string("bob")))
        )
        #expect(
            try QueryParser.parse("**=\"bob\"cwdt")
                == .comparison(Comparison(.anyIncludingContent, .equal, Q.string("bob", Q.cdwt))))
        #expect(try QueryParser.parse("städte == 1") == Q.compare("städte", .equal, .number(1)))
    }

    @Test(
        "numbers: integers, decimals, negatives, exponents",
        arguments: [
            ("42", 42.0), ("-42", -42), ("+7", 7), ("3.25", 3.25), ("-0.5", -0.5), (".5", 0.5), ("-.5", -0.5),
            ("1e3", 1000), ("1E3", 1000), ("2.5e-2", 0.025), ("-1.5E+2", -150), ("0", 0), ("007", 7),
            ("9007199254740993", 9_007_199_254_740_992),
        ]
    )
    func numbers(literal: String, expected: Double) throws {
        #expect(try parsedValue("x == \(literal)") == .number(expected))
    }

    @Test("booleans: true/false and YES/NO in any case")
    func booleans() throws {
        #expect(try parsedValue("flag == true") == .bool(true))
        #expect(try parsedValue("flag == FALSE") == .bool(false))
        #expect(try parsedValue("flag == YES") == .bool(true))
        #expect(try parsedValue("flag != no") == .bool(false))
    }

    @Test("strings in single and double quotes")
    func quotes() throws {
        #expect(try parsedValue(#"title == "Paris""#) == Q.string("Paris"))
        #expect(try parsedValue("title == 'Paris'") == Q.string("Paris"))
        #expect(try parsedValue(#"title == 'say "hi"'"#) == Q.string(#"say "hi""#))
        #expect(try parsedValue(#"title == "it's""#) == Q.string("it's"))
        #expect(try parsedValue(#"title == """#) == Q.string(""))
        #expect(try parsedValue(#"title == "Frédéric""#) == Q.string("Frédéric"))
        #expect(try parsedValue(#"title == "東京 🇯🇵""#) == Q.string("東京 🇯🇵"))
    }

    @Test("modifiers after the closing quote, in any order")
    func suffixModifiers() throws {
        #expect(try parsedValue(#"title == "Paris"c"#) == Q.string("Paris", Q.c))
        #expect(
            try parsedValue(#"title == "Paris"cd"#) == Q.string("Paris", [.caseInsensitive, .diacriticInsensitive]))
        #expect(
            try parsedValue(#"title == "Paris"dc"#) == Q.string("Paris", [.caseInsensitive, .diacriticInsensitive]))
        #expect(try parsedValue(#"title == "Paris"tdwc"#) == Q.string("Paris", Q.cdwt))
        #expect(try parsedValue(#"title == "Paris"w"#) == Q.string("Paris", Q.w))
        #expect(try parsedValue(#"title == "Paris"t"#) == Q.string("Paris", Q.t))
        #expect(try parsedValue(#"title == "Paris"cc"#) == Q.string("Paris", Q.c))
        #expect(
            try parsedValue(#"title == 'Paris'cd"#) == Q.string("Paris", [.caseInsensitive, .diacriticInsensitive]))
    }

    @Test("modifiers in brackets after the operator, and both placements together")
    func bracketModifiers() throws {
        #expect(try parsedValue(#"title ==[c] "Paris""#) == Q.string("Paris", Q.c))
        #expect(
            try parsedValue(#"title ==[cd] "Paris""#) == Q.string("Paris", [.caseInsensitive, .diacriticInsensitive]))
        #expect(try parsedValue(#"title !=[c] "Paris""#) == Q.string("Paris", Q.c))
        #expect(
            try parsedValue(#"title ==[c]"Paris"d"#) == Q.string("Paris", [.caseInsensitive, .diacriticInsensitive]))
        #expect(try parsedValue(#"title == [ w t ] "Paris""#) == Q.string("Paris", [.wordBased, .tokenized]))
        #expect(try parsedValue(#"title ==[] "Paris""#) == Q.string("Paris"))
        #expect(try QueryParser.parse(#"title !=[c] "Paris""#) == Q.compare("title", .notEqual, Q.string("Paris", Q.c)))
    }

    @Test("modifier letters separated by spaces, as on Apple's slides")
    func spacedModifiers() throws {
        #expect(
            try QueryParser.parse(#"* == "johnny appleseed" c w d t"#)
                == .comparison(Comparison(.anyDefault, .equal, Q.string("johnny appleseed", Q.cdwt))))
        #expect(try parsedValue(#"title == "x" cd"#) == Q.string("x", [.caseInsensitive, .diacriticInsensitive]))
    }

    @Test("InRange with numbers, dates and a case-insensitive name")
    func inRange() throws {
        #expect(
            try QueryParser.parse("InRange(tempo, 40, 80)")
                == .inRange(RangeTest(.named("tempo"), from: .number(40), through: .number(80))))
        #expect(
            try QueryParser.parse("inrange( tempo ,-1.5,2e2 )")
                == .inRange(RangeTest(.named("tempo"), from: .number(-1.5), through: .number(200))))
        #expect(
            try QueryParser.parse("INRANGE(*, 1, 2)")
                == .inRange(RangeTest(.anyDefault, from: .number(1), through: .number(2))))
        let dates = try QueryParser.parse("InRange(contentCreationDate, $time.today(-7), $time.now)")
        #expect(
            dates
                == .inRange(
                    RangeTest(
                        .named("contentCreationDate"),
                        from: .date(.relative(RelativeTime(.today, offset: -7))),
                        through: .date(.relative(RelativeTime(.now)))
                    )))
        let strings = try QueryParser.parse(#"InRange(name, "a", "m")"#)
        #expect(strings == .inRange(RangeTest(.named("name"), from: Q.string("a"), through: Q.string("m"))))
        // An attribute that merely is called InRange.
        #expect(try QueryParser.parse("InRange == 3") == Q.compare("InRange", .equal, .number(3)))
    }

    @Test("relational operators accept strings (ISO dates compared as text) and dates")
    func relationalOperands() throws {
        #expect(
            try QueryParser.parse(#"contentCreationDate > "2026-01-01""#)
                == Q.compare("contentCreationDate", .greater, Q.string("2026-01-01")))
        #expect(
            try QueryParser.parse("contentCreationDate >= $time.this_week(-1)")
                == Q.compare(
                    "contentCreationDate", .greaterOrEqual, .date(.relative(RelativeTime(.thisWeek, offset: -1)))))
    }

    @Test("whitespace of every kind is ignored between tokens")
    func whitespace() throws {
        #expect(try QueryParser.parse("\n\ttitle\u{00A0}==\r\n\"a\"  ") == Q.equal("title", "a"))
    }

    @Test("value accessors and attribute names of an expression")
    func accessors() throws {
        let expression = try QueryParser.parse(
            #"title == "a"c && (size > 1 || title != "b") && InRange(rating, 1, 5) && * == "x""#)
        #expect(expression.attributeNames == ["title", "size", "rating"])
        #expect(expression.nodeCount == 7)
        #expect(QueryValue.number(1).modifiers.isEmpty)
        #expect(Q.string("a", Q.c).modifiers == Q.c)
        #expect(Q.string("a").stringPattern == StringPattern(literal: "a"))
        #expect(ComparisonModifiers(letter: "x") == nil)
        #expect(Q.cdwt.letters == "cdwt")
    }
}
