import LimelightQuery

/// Random ASTs in normal form, for round-trip tests.
struct RandomQueries {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &generator)]
    }

    private mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &generator) < percent
    }

    mutating func attribute() -> AttributeReference {
        if chance(10) { return .anyDefault }
        if chance(10) { return .anyIncludingContent }
        return .named(
            pick(["title", "kMDItemFSName", "com.example:rating_2", "städte", "_x", "true", "InRange", "a.b.c"]))
    }

    mutating func literalText() -> String {
        let pieces = [
            "paris", "Frédéric", " ", "*", "?", "\"", "'", "\\", "\n", "\t", "\u{7}", "東京", "😀", "e\u{301}", "&&", "(",
            ")", "$time",
        ]
        var text = ""
        for _ in 0..<Int.random(in: 1...4, using: &generator) { text += pick(pieces) }
        return text
    }

    mutating func modifiers() -> ComparisonModifiers {
        ComparisonModifiers(rawValue: UInt8.random(in: 0...15, using: &generator))
    }

    mutating func pattern() -> StringPattern {
        var segments: [StringPattern.Segment] = []
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: segments.append(.anyCharacters)
            case 1: segments.append(.anyCharacter)
            default: segments.append(.literal(literalText()))
            }
        }
        return StringPattern(segments: segments)
    }

    mutating func number() -> Double {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0: return Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 1: return Double.random(in: -1000...1000, using: &generator)
        case 2: return Double.random(in: 0...1, using: &generator) * 1e-9
        case 3: return Double.random(in: 1e15...1e300, using: &generator)
        default: return pick([0, 0.5, -0.25, 1e15, 123_456_789_012_345, Double.leastNonzeroMagnitude])
        }
    }

    mutating func time() -> TimeExpression {
        if chance(30) {
            return .instant(Double.random(in: -62_000_000_000...253_000_000_000, using: &generator))
        }
        let anchor = pick(RelativeTime.Anchor.allCases)
        let limit = anchor.maximumOffset
        let offset = chance(30) ? 0 : Int.random(in: -limit...limit, using: &generator)
        return .relative(RelativeTime(anchor, offset: offset))
    }

    mutating func value() -> QueryValue {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0, 1, 2: return .string(pattern(), modifiers())
        case 3: return .number(number())
        case 4: return .bool(chance(50))
        default: return .date(time())
        }
    }

    mutating func leaf() -> QueryExpression {
        if chance(15) {
            return .inRange(RangeTest(attribute(), from: value(), through: value()))
        }
        return .comparison(Comparison(attribute(), pick(ComparisonOperator.allCases), value()))
    }

    mutating func expression(depth: Int = 0) -> QueryExpression {
        if depth >= 4 || chance(35) { return leaf() }
        switch Int.random(in: 0..<3, using: &generator) {
        case 0:
            return .not(expression(depth: depth + 1))
        case 1:
            let operands = (0..<Int.random(in: 2...4, using: &generator)).map { _ in expression(depth: depth + 1) }
            return QueryExpression.conjunction(operands) ?? leaf()
        default:
            let operands = (0..<Int.random(in: 2...4, using: &generator)).map { _ in expression(depth: depth + 1) }
            return QueryExpression.disjunction(operands) ?? leaf()
        }
    }
}
