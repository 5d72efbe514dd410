import LimelightQuery
import Testing

@Suite("Robustness: random input, mutations, hostile nesting and speed")
struct FuzzTests {
    static let alphabet: [String] = [
        "(", ")", "(", ")", "&", "&&", "|", "||", "!", "=", "==", "!=", "<", ">", "<=", ">=", "[", "]", "[cd]",
        "\"", "\"", "'", "\\", "\\u", "\\u{", "*", "**", "?", ",", "$", "$time.", "$time.today(", "$time.iso(",
        " ", " ", " ", "\t", "\n", "a", "title", "InRange(", "c", "d", "w", "t", "x", "1", "2.5", "-", "+", "e", "9",
        ".", ":", "_", "é", "e\u{301}", "東", "😀", "🇫🇷", "\u{0}", "\u{FEFF}", "\u{2028}", "true", "NO", "2026-01-10",
    ]

    static let validQueries: [String] = [
        #"(kMDItemFSName == "*.jpg"c) && (kMDItemFSSize > 1000)"#,
        #"playCount > 1 && (composer == "beethoven"cwd || composer="mozart"cwd) && InRange(tempo, 40, 80)"#,
        #"* = "bob*"cwd && textContent="project updates"cwdt"#,
        #"title ==[cd] 'Fr\u00e9d\u00e9ric' || !(rating < 3.5e0)"#,
        "date >= $time.this_week(-1) && date < $time.iso(2026-01-10T00:00:00Z)",
        #"**="user \"input\""cwdt && flag == YES"#,
    ]

    /// Checks the parser's contract on one input: strict parsing either succeeds and round-trips or
    /// fails with an in-range position; lenient parsing always yields a valid query (or nothing).
    private func check(_ input: String) {
        let characterCount = input.count
        do {
            let expression = try QueryParser.parse(input)
            let printed = expression.description
            #expect(
                (try? QueryParser.parse(printed)) == expression,
                "round trip of \(input.debugDescription) via \(printed)")
        } catch {
            #expect((1...characterCount + 1).contains(error.column), "\(input.debugDescription): \(error)")
            #expect((0...input.utf8.count).contains(error.offset), "\(input.debugDescription): \(error)")
            #expect(!error.reason.isEmpty)
        }
        let lenient = QueryParser.parseLenient(input)
        if let expression = lenient.expression {
            let printed = expression.description
            #expect(
                (try? QueryParser.parse(printed)) == expression,
                "lenient result of \(input.debugDescription): \(printed)")
        }
        #expect(lenient.diagnostics.count <= 200)
    }

    @Test("20,000 random strings never crash and keep the contract")
    func randomStrings() {
        var generator = SeededGenerator(seed: 0x5EED)
        let clock = ContinuousClock()
        var slowest = Duration.zero
        for _ in 0..<20_000 {
            var input = ""
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    input.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...127, using: &generator)))
                } else {
                    input += Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)]
                }
            }
            let elapsed = clock.measure { check(input) }
            slowest = max(slowest, elapsed)
        }
        #expect(slowest < .seconds(1), "slowest input took \(slowest)")
    }

    @Test("mutations of valid queries never crash and keep the contract")
    func mutations() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<6_000 {
            var scalars = Array(
                Self.validQueries[Int.random(in: 0..<Self.validQueries.count, using: &generator)].unicodeScalars)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let index = Int.random(in: 0...scalars.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0 where index < scalars.count:
                    scalars.remove(at: index)
                case 1:
                    let piece = Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &generator)]
                    scalars.insert(contentsOf: piece.unicodeScalars, at: index)
                case 2 where index + 1 < scalars.count:
                    scalars.swapAt(index, index + 1)
                default:
                    scalars = Array(scalars[0..<index])
                }
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            check(String(view))
        }
    }

    @Test(
        "hostile repetition is bounded and linear",
        arguments: [
            "(", ")", "!", "\"", "'", "[", "&", "&&", "$", "$time.today(", "$time.iso(", "a == 1 && ", "((a == 1) || ",
            "\\", "*", "!(",
        ]
    )
    func hostileRepetition(unit: String) {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let input = String(repeating: unit, count: 10_000)
            if let error = syntaxError(input) {
                #expect(error.column >= 1)
            }
            let lenient = QueryParser.parseLenient(input)
            if let expression = lenient.expression {
                #expect((try? QueryParser.parse(expression.description)) == expression)
            }
        }
        #expect(elapsed < .seconds(10), "\(unit) × 10,000 took \(elapsed)")
    }

    @Test("10,000 nested groups give a nesting error, not a stack overflow")
    func deepNesting() throws {
        let opened = String(repeating: "(", count: 10_000) + "a == 1" + String(repeating: ")", count: 10_000)
        let error = try #require(syntaxError(opened))
        #expect(error.code == .nestingTooDeep)
        #expect(error.column == QueryParser.defaultMaximumNestingDepth + 1)
        #expect(syntaxError(String(repeating: "!", count: 10_000) + "a == 1")?.code == .nestingTooDeep)
        #expect(QueryParser.parseLenient(opened).expression == Q.compare("a", .equal, .number(1)))
    }

    @Test("a large flat query parses in linear time")
    func largeQuery() throws {
        let query = Array(repeating: #"title == "Paris*"cd"#, count: 20_000).joined(separator: " && ")
        let clock = ContinuousClock()
        var expression: QueryExpression?
        let elapsed = clock.measure { expression = try? QueryParser.parse(query) }
        #expect(expression?.nodeCount == 20_001)
        #expect(elapsed < .seconds(10), "\(query.utf8.count) bytes took \(elapsed)")
    }

    @Test("parsing a typical query takes microseconds")
    func performance() throws {
        let query =
            #"(kMDItemFSName == "*.jpg"c) && (kMDItemFSSize > 1000) && title ==[cd] "Paris*" && date >= $time.today(-7)"#
        _ = try QueryParser.parse(query)
        let iterations = 2_000
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for _ in 0..<iterations { _ = try QueryParser.parse(query) }
        }
        let perParse = elapsed / iterations
        print("typical query: \(perParse) per parse over \(iterations) parses")
        // Bounds leave room for a loaded machine; optimized builds typically take a few microseconds.
        #if DEBUG
            let bound = Duration.milliseconds(5)
        #else
            let bound = Duration.microseconds(200)
        #endif
        #expect(perParse < bound, "\(perParse) per parse")
    }
}
