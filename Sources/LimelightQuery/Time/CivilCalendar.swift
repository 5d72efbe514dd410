/// Proleptic Gregorian calendar arithmetic on whole days since 1970-01-01, without Foundation.
///
/// Dates are (year, month 1–12, day 1–31); days count from the Unix epoch (day 0 is
/// 1970-01-01, a Thursday). The conversion works in 400-year eras, the Gregorian cycle of
/// 146,097 days, so it is exact for every year an `Int` can hold without overflow in practice.
enum CivilCalendar {
    /// Seconds in one day.
    static let secondsPerDay = 86_400

    /// Days in a 400-year Gregorian cycle.
    private static let daysPerEra = 146_097

    /// Days from 0000-03-01 to 1970-01-01.
    private static let epochShift = 719_468

    /// Whether `year` is a Gregorian leap year.
    static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in `month` (1–12) of `year`.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of the given date. The month may be 1–12 and the day 1–31; callers
    /// validate ranges.
    static func days(year: Int, month: Int, day: Int) -> Int {
        // Count years from March so that the leap day ends the year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * daysPerEra + dayOfEra - epochShift
    }

    /// The date of a day counted since 1970-01-01.
    static func date(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + epochShift
        let era = floorDivide(shifted, daysPerEra)
        let dayOfEra = shifted - era * daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The ISO 8601 weekday index of a day: 0 for Monday through 6 for Sunday.
    static func isoWeekdayIndex(ofDays days: Int) -> Int {
        // 1970-01-01 was a Thursday (index 3).
        floorModulo(days + 3, 7)
    }

    /// Integer division rounding toward negative infinity.
    static func floorDivide(_ dividend: Int, _ divisor: Int) -> Int {
        let quotient = dividend / divisor
        return (dividend % divisor != 0 && (dividend < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    /// The remainder matching ``floorDivide(_:_:)``: always in `0..<divisor` for a positive divisor.
    static func floorModulo(_ dividend: Int, _ divisor: Int) -> Int {
        dividend - floorDivide(dividend, divisor) * divisor
    }
}
