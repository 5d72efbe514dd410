import Foundation

/// Parsing and formatting of ISO 8601 timestamps, independent of locale and calendar settings.
///
/// Accepted forms (the letter `T` may also be lower case, `Z` may be `z`):
/// - `2026-01-10` (midnight UTC),
/// - `2026-01-10T08:30`, `2026-01-10T08:30:15`, `2026-01-10T08:30:15.25` (fractional seconds of any
///   length), each optionally followed by a zone: `Z`, `+02:00`, `-0530` or `+02`.
///
/// A date-time without a zone is read as UTC. Formatting always writes UTC with a `Z`.
public enum ISO8601Date {
    /// Parses an ISO 8601 date or date-time.
    ///
    /// - Parameter text: The timestamp.
    /// - Returns: The point in time, or `nil` when `text` is not a valid ISO 8601 timestamp (bad
    ///   syntax, a month 13, February 30th, an hour 24, …).
    public static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip(UInt8(ascii: "-")),
            let month = scanner.number(digits: 2), scanner.skip(UInt8(ascii: "-")),
            let day = scanner.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if scanner.isAtEnd { return Date(timeIntervalSince1970: seconds) }
        guard scanner.skip(UInt8(ascii: "T")) || scanner.skip(UInt8(ascii: "t")),
            let hour = scanner.number(digits: 2), hour < 24, scanner.skip(UInt8(ascii: ":")),
            let minute = scanner.number(digits: 2), minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if scanner.skip(UInt8(ascii: ":")) {
            guard let second = scanner.number(digits: 2), second < 60 else { return nil }
            seconds += Double(second)
            if scanner.skip(UInt8(ascii: ".")) || scanner.skip(UInt8(ascii: ",")) {
                guard let fraction = scanner.fraction() else { return nil }
                seconds += fraction
            }
        }
        if scanner.isAtEnd { return Date(timeIntervalSince1970: seconds) }
        if scanner.skip(UInt8(ascii: "Z")) || scanner.skip(UInt8(ascii: "z")) {
            return scanner.isAtEnd ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if scanner.skip(UInt8(ascii: "+")) {
            sign = 1
        } else if scanner.skip(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = scanner.number(digits: 2), offsetHours <= 23 else { return nil }
        var offsetMinutes = 0
        if !scanner.isAtEnd {
            _ = scanner.skip(UInt8(ascii: ":"))
            guard let minutes = scanner.number(digits: 2), minutes < 60 else { return nil }
            offsetMinutes = minutes
        }
        guard scanner.isAtEnd else { return nil }
        return Date(timeIntervalSince1970: seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60))
    }

    /// Formats a point in time as an ISO 8601 UTC date-time, such as `2026-01-10T08:30:15Z`.
    ///
    /// Fractional seconds are written only when present, with up to six digits and no trailing zeros
    /// (`2026-01-10T08:30:15.25Z`), so whole-second dates round-trip exactly through ``parse(_:)``.
    ///
    /// - Parameter date: The point in time.
    public static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval > -62_167_219_200, interval < 253_402_300_800 else {
            return interval < 0 ? "0000-01-01T00:00:00Z" : "9999-12-31T23:59:59Z"
        }
        var wholeSeconds = Int64(interval.rounded(.down))
        var micros = Int64(((interval - Double(wholeSeconds)) * 1_000_000).rounded())
        if micros >= 1_000_000 {
            wholeSeconds += 1
            micros -= 1_000_000
        }
        let days = floorDivide(wholeSeconds, 86_400)
        let secondOfDay = Int(wholeSeconds - days * 86_400)
        let (year, month, day) = civilFromDays(days)
        // Written digit by digit: the year is 0...9999 within the range above.
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func put(_ value: Int, digits: Int) {
                var divisor = 1
                for _ in 1..<digits { divisor *= 10 }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                    divisor /= 10
                }
            }
            put(year, digits: 4)
            put(UInt8(ascii: "-"))
            put(month, digits: 2)
            put(UInt8(ascii: "-"))
            put(day, digits: 2)
            put(UInt8(ascii: "T"))
            put(secondOfDay / 3600, digits: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay / 60 % 60, digits: 2)
            put(UInt8(ascii: ":"))
            put(secondOfDay % 60, digits: 2)
            if micros > 0 {
                // Up to six digits, without trailing zeros.
                var fraction = Int(micros)
                var digits = 6
                while fraction % 10 == 0 {
                    fraction /= 10
                    digits -= 1
                }
                put(UInt8(ascii: "."))
                put(fraction, digits: digits)
            }
            put(UInt8(ascii: "Z"))
            return count
        }
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    private static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (era-based day count).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (inverse of `daysFromCivil`).
    private static func civilFromDays(_ dayCount: Int64) -> (Int, Int, Int) {
        let shifted = Int(dayCount) + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}

/// Reads fixed-width digit groups and separators from ASCII bytes.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }

    mutating func skip(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        guard bytes.count - position >= digits else { return nil }
        var value = 0
        for _ in 0..<digits {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            position += 1
        }
        return value
    }

    /// Reads one or more digits after a decimal separator as a fraction of one.
    mutating func fraction() -> Double? {
        var value = 0.0
        var scale = 0.1
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            value += Double(bytes[position] - UInt8(ascii: "0")) * scale
            scale /= 10
            position += 1
        }
        return position > start ? value : nil
    }
}
