/// Turns `$time` expressions into absolute instants for a given current time and time zone.
///
/// Day, week, month and year boundaries are computed in local time, that is UTC shifted by a
/// fixed offset (no daylight-saving rules: pass the offset in force at `now`). Weeks start on
/// Monday, as in ISO 8601. Month and year offsets move by calendar months and years from the
/// first day of the month or year, so they never land on a day that does not exist.
///
/// All arithmetic is plain integer and floating-point math; Foundation is not used.
public struct TimeEvaluator: Sendable, Hashable {
    /// The current instant, in seconds since 1970-01-01T00:00:00Z.
    public var now: Double
    /// The local time zone's offset from UTC in seconds (for example 3600 for UTC+1).
    /// Clamped to ±18 hours when used.
    public var timeZoneOffset: Int

    /// Creates an evaluator.
    ///
    /// - Parameters:
    ///   - now: The current instant, in seconds since 1970 UTC.
    ///   - timeZoneOffset: The local offset from UTC in seconds; UTC by default.
    public init(now: Double, timeZoneOffset: Int = 0) {
        self.now = now
        self.timeZoneOffset = timeZoneOffset
    }

    /// The instant a time expression denotes, in seconds since 1970 UTC.
    ///
    /// Offsets larger than ``RelativeTime/Anchor/maximumOffset`` are clamped to it. A non-finite
    /// `now` is returned unchanged for every relative expression.
    ///
    /// - Parameter time: The expression to evaluate.
    public func instant(for time: TimeExpression) -> Double {
        switch time {
        case .instant(let seconds): return seconds
        case .relative(let relative): return instant(for: relative)
        }
    }

    /// The instant a relative time denotes, in seconds since 1970 UTC.
    ///
    /// - Parameter relative: The anchor and offset to evaluate.
    public func instant(for relative: RelativeTime) -> Double {
        let limit = relative.anchor.maximumOffset
        let offset = min(max(relative.offset, -limit), limit)
        if relative.anchor == .now {
            return now + Double(offset)
        }
        guard now.isFinite, abs(now) < 1e15 else { return now }
        let zoneOffset = min(max(timeZoneOffset, -64_800), 64_800)
        let localSeconds = now + Double(zoneOffset)
        let today = Int((localSeconds / Double(CivilCalendar.secondsPerDay)).rounded(.down))
        let startDay: Int
        switch relative.anchor {
        case .now:
            return now + Double(offset)
        case .today:
            startDay = today + offset
        case .yesterday:
            startDay = today - 1 + offset
        case .thisWeek, .lastWeek:
            let monday = today - CivilCalendar.isoWeekdayIndex(ofDays: today)
            let weeks = relative.anchor == .lastWeek ? offset - 1 : offset
            startDay = monday + weeks * 7
        case .thisMonth:
            let date = CivilCalendar.date(fromDays: today)
            let monthIndex = date.year * 12 + (date.month - 1) + offset
            let year = CivilCalendar.floorDivide(monthIndex, 12)
            let month = CivilCalendar.floorModulo(monthIndex, 12) + 1
            startDay = CivilCalendar.days(year: year, month: month, day: 1)
        case .thisYear:
            let date = CivilCalendar.date(fromDays: today)
            startDay = CivilCalendar.days(year: date.year + offset, month: 1, day: 1)
        }
        return Double(startDay) * Double(CivilCalendar.secondsPerDay) - Double(zoneOffset)
    }
}
