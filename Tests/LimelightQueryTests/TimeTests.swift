import LimelightQuery
import Testing

@Suite("$time functions, ISO 8601 dates and the time evaluator")
struct TimeTests {
    /// Seconds since 1970 of a UTC date-time, via the ISO reader (itself pinned by `knownInstants`).
    private func at(_ iso: String) throws -> Double {
        try #require(ISO8601Date.parse(iso))
    }

    private func relative(_ query: String) throws -> TimeExpression? {
        guard case .date(let time)? = try parsedValue("date > \(query)") else { return nil }
        return time
    }

    @Test("ISO 8601 instants against known Unix times")
    func knownInstants() {
        #expect(ISO8601Date.parse("1970-01-01T00:00:00Z") == 0)
        #expect(ISO8601Date.parse("2026-01-01T00:00:00Z") == 1_767_225_600)
        #expect(ISO8601Date.parse("2026-01-10T00:00:00Z") == 1_768_003_200)
        #expect(ISO8601Date.parse("2026-01-10") == 1_768_003_200)
        #expect(ISO8601Date.parse("20260110T000000Z") == 1_768_003_200)
        #expect(ISO8601Date.parse("2026-01-10T01:00:00+01:00") == 1_768_003_200)
        #expect(ISO8601Date.parse("2026-01-09T19:00-05") == 1_768_003_200)
        #expect(ISO8601Date.parse("2026-01-10T05:30:00+0530") == 1_768_003_200)
        #expect(ISO8601Date.parse("2026-01-10 00:00:00") == 1_768_003_200)
        #expect(ISO8601Date.parse("2026-01-10T00:00:00.25Z") == 1_768_003_200.25)
        #expect(ISO8601Date.parse("2000-02-29T12:00:00Z") == 951_825_600)
        #expect(ISO8601Date.parse("1969-12-31T23:59:59Z") == -1)
        #expect(ISO8601Date.parse("0001-01-01T00:00:00Z") == -62_135_596_800)
        #expect(ISO8601Date.parse("2026-01-10T24:00:00Z") == 1_768_089_600)
    }

    @Test(
        "invalid ISO 8601 dates are rejected",
        arguments: [
            "", "2026", "2026-1-10", "2026-13-01", "2026-00-10", "2026-02-29", "2100-02-29", "2026-04-31",
            "2026-01-10T25:00", "2026-01-10T10:60", "2026-01-10T10:00:60", "2026-01-10T", "2026-01-10Tx",
            "2026-01-10T10:00+25:00", "2026-01-10T10:00Q", "2026-01-10T10:00:00.Z", "2026-01-10 junk",
            "2026-01-10T24:00:01",
        ]
    )
    func invalidDates(text: String) {
        #expect(ISO8601Date.parse(text) == nil)
    }

    @Test("formatting reads back exactly")
    func formatRoundTrip() throws {
        #expect(ISO8601Date.format(0) == "1970-01-01T00:00:00Z")
        #expect(ISO8601Date.format(1_768_003_200) == "2026-01-10T00:00:00Z")
        #expect(ISO8601Date.format(1_768_003_200.25) == "2026-01-10T00:00:00.25Z")
        #expect(ISO8601Date.format(-1) == "1969-12-31T23:59:59Z")
        #expect(ISO8601Date.format(.infinity) == nil)
        #expect(ISO8601Date.format(1e15) == nil)
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let instant = Double.random(in: -62_000_000_000...253_000_000_000, using: &generator)
            let text = try #require(ISO8601Date.format(instant))
            #expect(ISO8601Date.parse(text) == instant, "\(instant) → \(text)")
        }
    }

    @Test("parsing every $time function, with and without offsets")
    func parsing() throws {
        #expect(try relative("$time.now") == .relative(RelativeTime(.now)))
        #expect(try relative("$time.now(-3600)") == .relative(RelativeTime(.now, offset: -3600)))
        #expect(try relative("$time.today") == .relative(RelativeTime(.today)))
        #expect(try relative("$time.today()") == .relative(RelativeTime(.today)))
        #expect(try relative("$time.today(-1)") == .relative(RelativeTime(.today, offset: -1)))
        #expect(try relative("$time.today( +2 )") == .relative(RelativeTime(.today, offset: 2)))
        #expect(try relative("$time.yesterday") == .relative(RelativeTime(.yesterday)))
        #expect(try relative("$time.this_week(-2)") == .relative(RelativeTime(.thisWeek, offset: -2)))
        #expect(try relative("$time.last_week") == .relative(RelativeTime(.lastWeek)))
        #expect(try relative("$time.this_month(1)") == .relative(RelativeTime(.thisMonth, offset: 1)))
        #expect(try relative("$time.this_year(-10)") == .relative(RelativeTime(.thisYear, offset: -10)))
        #expect(try relative("$TIME.Today(-1)") == .relative(RelativeTime(.today, offset: -1)))
        #expect(try relative("$time.iso(2026-01-10T00:00:00Z)") == .instant(1_768_003_200))
        #expect(try relative("$time.iso( 2026-01-10 )") == .instant(1_768_003_200))
        #expect(try relative(#"$time.iso("2026-01-10T00:00:00Z")"#) == .instant(1_768_003_200))
        #expect(try relative("$time.iso('2026-01-10T01:00:00+01:00')") == .instant(1_768_003_200))
        #expect(try relative("$time.iso(2026-01-10T00:00:00.5Z)") == .instant(1_768_003_200.5))
        #expect(
            try QueryParser.parse("date > $time.iso(2026-01-10) && b == 1")
                == .and([
                    Q.compare("date", .greater, .date(.instant(1_768_003_200))), Q.compare("b", .equal, .number(1)),
                ]))
    }

    /// Wednesday 2026-01-14 15:30:00 UTC.
    private var wednesday: TimeEvaluator {
        get throws { TimeEvaluator(now: try at("2026-01-14T15:30:00Z")) }
    }

    @Test("now, today and yesterday with offsets")
    func days() throws {
        let evaluator = try wednesday
        #expect(evaluator.instant(for: RelativeTime(.now)) == evaluator.now)
        #expect(evaluator.instant(for: RelativeTime(.now, offset: -3600)) == evaluator.now - 3600)
        #expect(evaluator.instant(for: RelativeTime(.today)) == (try at("2026-01-14")))
        #expect(evaluator.instant(for: RelativeTime(.today, offset: -1)) == (try at("2026-01-13")))
        #expect(evaluator.instant(for: RelativeTime(.today, offset: 20)) == (try at("2026-02-03")))
        #expect(evaluator.instant(for: RelativeTime(.yesterday)) == (try at("2026-01-13")))
        #expect(evaluator.instant(for: RelativeTime(.yesterday, offset: -1)) == (try at("2026-01-12")))
        #expect(evaluator.instant(for: RelativeTime(.today, offset: -14)) == (try at("2025-12-31")))
    }

    @Test("weeks start on Monday (ISO 8601)")
    func weeks() throws {
        let evaluator = try wednesday
        #expect(evaluator.instant(for: RelativeTime(.thisWeek)) == (try at("2026-01-12")))
        #expect(evaluator.instant(for: RelativeTime(.thisWeek, offset: -2)) == (try at("2025-12-29")))
        #expect(evaluator.instant(for: RelativeTime(.thisWeek, offset: 1)) == (try at("2026-01-19")))
        #expect(evaluator.instant(for: RelativeTime(.lastWeek)) == (try at("2026-01-05")))
        #expect(evaluator.instant(for: RelativeTime(.lastWeek, offset: -1)) == (try at("2025-12-29")))
        // Boundaries: Monday 00:00 starts its own week; Sunday 23:59:59 belongs to the week before.
        let monday = TimeEvaluator(now: try at("2026-01-12T00:00:00Z"))
        #expect(monday.instant(for: RelativeTime(.thisWeek)) == (try at("2026-01-12")))
        let sunday = TimeEvaluator(now: try at("2026-01-18T23:59:59Z"))
        #expect(sunday.instant(for: RelativeTime(.thisWeek)) == (try at("2026-01-12")))
        // New Year's Day 2026 is a Thursday: its week began in 2025.
        let newYear = TimeEvaluator(now: try at("2026-01-01T08:00:00Z"))
        #expect(newYear.instant(for: RelativeTime(.thisWeek)) == (try at("2025-12-29")))
        // Before 1970 too (1969-12-31 was a Wednesday).
        let before = TimeEvaluator(now: try at("1969-12-31T12:00:00Z"))
        #expect(before.instant(for: RelativeTime(.thisWeek)) == (try at("1969-12-29")))
    }

    @Test("months and years move by calendar units")
    func monthsAndYears() throws {
        let evaluator = try wednesday
        #expect(evaluator.instant(for: RelativeTime(.thisMonth)) == (try at("2026-01-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisMonth, offset: -1)) == (try at("2025-12-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisMonth, offset: -13)) == (try at("2024-12-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisMonth, offset: 11)) == (try at("2026-12-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisMonth, offset: 12)) == (try at("2027-01-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisYear)) == (try at("2026-01-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisYear, offset: -1)) == (try at("2025-01-01")))
        #expect(evaluator.instant(for: RelativeTime(.thisYear, offset: 4)) == (try at("2030-01-01")))
        let leapDay = TimeEvaluator(now: try at("2024-02-29T23:00:00Z"))
        #expect(leapDay.instant(for: RelativeTime(.thisMonth)) == (try at("2024-02-01")))
        #expect(leapDay.instant(for: RelativeTime(.thisMonth, offset: 1)) == (try at("2024-03-01")))
        #expect(leapDay.instant(for: RelativeTime(.thisYear, offset: 1)) == (try at("2025-01-01")))
        let lastSecond = TimeEvaluator(now: try at("2025-12-31T23:59:59Z"))
        #expect(lastSecond.instant(for: RelativeTime(.thisYear)) == (try at("2025-01-01")))
        #expect(lastSecond.instant(for: RelativeTime(.thisMonth)) == (try at("2025-12-01")))
        #expect(lastSecond.instant(for: RelativeTime(.today, offset: 1)) == (try at("2026-01-01")))
    }

    @Test("local boundaries follow the time zone offset")
    func timeZones() throws {
        // 23:30 UTC on Sunday 2026-01-18 is already Monday 00:30 in UTC+1.
        let paris = TimeEvaluator(now: try at("2026-01-18T23:30:00Z"), timeZoneOffset: 3600)
        #expect(paris.instant(for: RelativeTime(.today)) == (try at("2026-01-19T00:00:00+01:00")))
        #expect(paris.instant(for: RelativeTime(.thisWeek)) == (try at("2026-01-19T00:00:00+01:00")))
        // 02:00 UTC on 2026-01-01 is still 2025-12-31 in UTC-5.
        let newYork = TimeEvaluator(now: try at("2026-01-01T02:00:00Z"), timeZoneOffset: -18_000)
        #expect(newYork.instant(for: RelativeTime(.today)) == (try at("2025-12-31T00:00:00-05:00")))
        #expect(newYork.instant(for: RelativeTime(.thisYear)) == (try at("2025-01-01T00:00:00-05:00")))
        #expect(newYork.instant(for: RelativeTime(.thisMonth)) == (try at("2025-12-01T00:00:00-05:00")))
        #expect(newYork.instant(for: .instant(5)) == 5)
    }

    @Test("extreme offsets and clocks never trap")
    func extremes() {
        let evaluator = TimeEvaluator(now: 1_768_003_200, timeZoneOffset: Int.max)
        for anchor in RelativeTime.Anchor.allCases {
            for offset in [Int.min, -1, 0, 1, Int.max] {
                #expect(evaluator.instant(for: RelativeTime(anchor, offset: offset)).isFinite)
            }
        }
        let broken = TimeEvaluator(now: .infinity)
        #expect(broken.instant(for: RelativeTime(.today)) == .infinity)
    }

    @Test("resolving every date of an expression")
    func resolving() throws {
        let expression = try QueryParser.parse(
            "date >= $time.today(-1) && InRange(date, $time.this_week, $time.now(60)) && a == 1")
        let resolved = expression.resolvingDates(using: try wednesday)
        let today = try at("2026-01-14")
        #expect(
            resolved
                == .and([
                    Q.compare("date", .greaterOrEqual, .date(.instant(today - 86_400))),
                    .inRange(
                        RangeTest(
                            .named("date"), from: .date(.instant(try at("2026-01-12"))),
                            through: .date(.instant(try at("2026-01-14T15:31:00Z"))))),
                    Q.compare("a", .equal, .number(1)),
                ]))
    }
}
