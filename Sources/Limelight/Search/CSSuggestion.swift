import Foundation

/// A suggested query completing what the user typed (Core Spotlight's `CSSuggestion`).
public final class CSSuggestion: Sendable, Hashable, CustomStringConvertible {
    /// What kind of suggestion it is.
    public enum Kind: Int, Sendable, Hashable {
        /// Not a suggestion.
        case none
        /// A query the user ran before.
        case custom
        /// A completion from the app's indexed content.
        case `default`
    }

    /// The suggested query text.
    public let suggestionText: String
    /// The kind of suggestion.
    public let suggestionKind: Kind
    /// The suggestion's rank (0 is the best).
    public let rank: Int
    let score: Double

    init(_ suggestion: QuerySuggestion, rank: Int) {
        suggestionText = suggestion.text
        suggestionKind = suggestion.source == .pastQuery ? .custom : .default
        score = suggestion.score
        self.rank = rank
    }

    /// The suggestion as attributed text (for display).
    public var localizedAttributedSuggestion: AttributedString { AttributedString(suggestionText) }

    /// Orders two suggestions: the better one first, then alphabetically.
    public func compare(_ other: CSSuggestion) -> ComparisonResult {
        if rank != other.rank { return rank < other.rank ? .orderedAscending : .orderedDescending }
        if suggestionText == other.suggestionText { return .orderedSame }
        return suggestionText < other.suggestionText ? .orderedAscending : .orderedDescending
    }

    /// Orders two suggestions by rank only.
    public func compareByRank(_ other: CSSuggestion) -> ComparisonResult {
        rank == other.rank ? .orderedSame : (rank < other.rank ? .orderedAscending : .orderedDescending)
    }

    /// The suggestion text.
    public var description: String { suggestionText }

    /// Equal when the text and kind are equal.
    public static func == (lhs: CSSuggestion, rhs: CSSuggestion) -> Bool {
        lhs.suggestionText == rhs.suggestionText && lhs.suggestionKind == rhs.suggestionKind
    }

    /// Hashes the text and kind.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(suggestionText)
        hasher.combine(suggestionKind)
    }
}
