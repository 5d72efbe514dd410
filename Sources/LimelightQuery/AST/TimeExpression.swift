/// A date in a query: either relative to the current time (the `$time` functions) or an
/// absolute instant.
///
/// Instants are seconds since 1970-01-01T00:00:00Z (UTC). Relative dates are turned into
/// instants by ``TimeEvaluator``, which knows the current time and the time zone.
public enum TimeExpression: Sendable, Hashable {
    /// `$time.<anchor>(<offset>)`, for example `$time.today(-1)`.
    case relative(RelativeTime)
    /// An absolute instant in seconds since 1970 UTC, written `$time.iso(2026-01-10T00:00:00Z)`.
    case instant(Double)
}

/// `$time.<anchor>(<offset>)`: an anchor moved by a whole number of the anchor's own units.
public struct RelativeTime: Sendable, Hashable {
    /// The point the offset counts from.
    public enum Anchor: String, Sendable, Hashable, CaseIterable {
        /// `$time.now`: the current instant; the offset counts seconds.
        case now
        /// `$time.today`: the start (00:00 local) of the current day; the offset counts days.
        case today
        /// `$time.yesterday`: the start of the previous day; the offset counts days.
        case yesterday
        /// `$time.this_week`: the start of the current ISO 8601 week (Monday 00:00 local);
        /// the offset counts weeks.
        case thisWeek = "this_week"
        /// `$time.last_week`: the start of the previous ISO 8601 week; the offset counts weeks.
        case lastWeek = "last_week"
        /// `$time.this_month`: 00:00 local on the first day of the current month; the offset
        /// counts calendar months.
        case thisMonth = "this_month"
        /// `$time.this_year`: 00:00 local on January 1 of the current year; the offset counts years.
        case thisYear = "this_year"

        /// The name written after `$time.`, for example `this_week`.
        public var functionName: String { rawValue }

        /// The largest offset magnitude accepted for this anchor (about ±30,000 years each).
        public var maximumOffset: Int {
            switch self {
            case .now: return 1_000_000_000_000
            case .today, .yesterday: return 10_000_000
            case .thisWeek, .lastWeek: return 1_500_000
            case .thisMonth: return 360_000
            case .thisYear: return 30_000
            }
        }
    }

    /// The point the offset counts from.
    public var anchor: Anchor
    /// How many of the anchor's units to move: seconds for `now`, days for `today` and
    /// `yesterday`, weeks for the week anchors, months and years for the others. Negative
    /// values move into the past.
    public var offset: Int

    /// Creates a relative time.
    ///
    /// - Parameters:
    ///   - anchor: The point the offset counts from.
    ///   - offset: Units of the anchor to move; 0 means the anchor itself.
    public init(_ anchor: Anchor, offset: Int = 0) {
        self.anchor = anchor
        self.offset = offset
    }
}
