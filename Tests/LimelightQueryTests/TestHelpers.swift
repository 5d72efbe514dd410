import LimelightQuery

/// Shorthands for building expected ASTs in tests.
enum Q {
    static func string(_ text: String, _ modifiers: ComparisonModifiers = []) -> QueryValue {
        .string(StringPattern(literal: text), modifiers)
    }

    static func pattern(_ segments: [StringPattern.Segment], _ modifiers: ComparisonModifiers = []) -> QueryValue {
        .string(StringPattern(segments: segments), modifiers)
    }

    static func compare(_ attribute: String, _ op: ComparisonOperator, _ value: QueryValue) -> QueryExpression {
        .comparison(Comparison(.named(attribute), op, value))
    }

    static func equal(_ attribute: String, _ text: String, _ modifiers: ComparisonModifiers = []) -> QueryExpression {
        compare(attribute, .equal, string(text, modifiers))
    }

    static let cdwt: ComparisonModifiers = [.caseInsensitive, .diacriticInsensitive, .wordBased, .tokenized]
    static let c: ComparisonModifiers = .caseInsensitive
    static let d: ComparisonModifiers = .diacriticInsensitive
    static let w: ComparisonModifiers = .wordBased
    static let t: ComparisonModifiers = .tokenized
}

/// The syntax error a strict parse of `query` gives, or `nil` when it parses.
func syntaxError(_ query: String) -> QuerySyntaxError? {
    do {
        _ = try QueryParser.parse(query)
        return nil
    } catch {
        return error
    }
}

/// The value of the single comparison in `query`, or `nil`.
func parsedValue(_ query: String) throws -> QueryValue? {
    if case .comparison(let comparison) = try QueryParser.parse(query) { return comparison.value }
    return nil
}

/// A small deterministic random number generator (SplitMix64) so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
