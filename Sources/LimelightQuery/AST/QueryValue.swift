/// The value side of a comparison.
public enum QueryValue: Sendable, Hashable {
    /// A quoted string, possibly with `*`/`?` wildcards, and its matching modifiers.
    ///
    /// An ISO 8601 date written as a plain string (`"2026-01-10"`) stays a string here; the planner
    /// may read it as a date with ``ISO8601Date/parse(_:)`` when the attribute holds dates.
    case string(StringPattern, ComparisonModifiers)
    /// A number: integers, decimals, negative numbers and exponents all become a `Double`.
    case number(Double)
    /// `true` or `false` (also `YES`/`NO`, any letter case).
    case bool(Bool)
    /// A date given by a `$time` function: relative to the current time, or an absolute instant.
    case date(TimeExpression)

    /// The string pattern, when the value is a string.
    public var stringPattern: StringPattern? {
        if case .string(let pattern, _) = self { return pattern }
        return nil
    }

    /// The string modifiers, or an empty set when the value is not a string.
    public var modifiers: ComparisonModifiers {
        if case .string(_, let modifiers) = self { return modifiers }
        return []
    }
}

/// How a string comparison is made: the letters written after a string value (`"Paris"cd`)
/// or in brackets after the operator (`==[cd]`).
public struct ComparisonModifiers: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    ///
    /// - Parameter rawValue: The bits of the set.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `c`: the comparison ignores letter case.
    public static let caseInsensitive = ComparisonModifiers(rawValue: 1 << 0)
    /// `d`: the comparison ignores diacritical marks (`é` matches `e`).
    public static let diacriticInsensitive = ComparisonModifiers(rawValue: 1 << 1)
    /// `w`: word-based matching; the value may match any word inside the field, not only its
    /// start (word boundaries include lower-to-upper case transitions). Implied for text content.
    public static let wordBased = ComparisonModifiers(rawValue: 1 << 2)
    /// `t`: tokenized; each word of the value is matched on its own.
    public static let tokenized = ComparisonModifiers(rawValue: 1 << 3)

    /// Every modifier with its letter, in canonical order (`c`, `d`, `w`, `t`).
    public static let lettered: [(letter: Character, modifier: ComparisonModifiers)] = [
        ("c", .caseInsensitive), ("d", .diacriticInsensitive), ("w", .wordBased), ("t", .tokenized),
    ]

    /// The modifier written with `letter`, or `nil` when the letter is not a modifier.
    ///
    /// Letters are lower case, as in Apple's documentation.
    ///
    /// - Parameter letter: A single modifier letter such as `c`.
    public init?(letter: Character) {
        guard let entry = Self.lettered.first(where: { $0.letter == letter }) else { return nil }
        self = entry.modifier
    }

    /// The letters of the set in canonical order, for example `cdw`.
    public var letters: String {
        String(Self.lettered.filter { contains($0.modifier) }.map(\.letter))
    }
}
