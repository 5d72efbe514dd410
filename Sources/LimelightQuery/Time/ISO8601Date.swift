/// Reads and writes ISO 8601 dates and times as seconds since 1970-01-01T00:00:00Z.
///
/// Accepted forms (extended or basic, `T`, `t` or a space between date and time):
/// `2026-01-10`, `20260110`, `2026-01-10T08:30`, `2026-01-10T08:30:15`,
/// `2026-01-10T08:30:15.250`, `20260110T083015Z`, each optionally followed by a zone designator
/// `Z`, `+01`, `+01:00` or `+0100`. Without a designator the time is read as UTC. Years run from
/// 0000 to 9999; fractions of a second keep at most nine digits (later digits are ignored).
public enum ISO8601Date {
    /// Parses an ISO 8601 date or date-time.
    ///
    /// - Parameter text: The text to read; surrounding whitespace is ignored.
    /// - Returns: Seconds since 1970 UTC, or `nil` when the text is not a valid date.
    public static func parse(_ text: String) -> Double? {
        var reader = DigitReader(Array(text.utf8))
        reader.skipSpaces()
        guard let year = reader.digits(4) else { return nil }
        let extended = reader.take(UInt8(ascii: "-"))
        guard let month = reader.digits(2) else { return nil }
        if extended, !reader.take(UInt8(ascii: "-")) { return nil }
        guard let day = reader.digits(2) else { return nil }
        guard (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }

        var secondsOfDay = 0
        var fraction = 0.0
        var zoneOffset = 0
        if reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: "t")) || reader.takeTimeSpace() {
            guard let hour = reader.digits(2) else { return nil }
            var minute = 0
            var second = 0
            let colon = reader.take(UInt8(ascii: ":"))
            if let minutes = reader.digits(2) {
                minute = minutes
                if (colon && reader.take(UInt8(ascii: ":"))) || (!colon && reader.peekIsDigit) {
                    guard let seconds = reader.digits(2) else { return nil }
                    second = seconds
                    if reader.take(UInt8(ascii: ".")) || reader.take(UInt8(ascii: ",")) {
                        guard let value = reader.fraction() else { return nil }
                        fraction = value
                    }
                }
            } else if colon {
                return nil
            }
            let isEndOfDay = hour == 24 && minute == 0 && second == 0 && fraction == 0
            guard hour < 24 || isEndOfDay, minute < 60, second < 60 else { return nil }
            secondsOfDay = hour * 3600 + minute * 60 + second
            guard let zone = reader.zoneOffset() else { return nil }
            zoneOffset = zone
        }
        reader.skipSpaces()
        guard reader.isAtEnd else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let whole = days * CivilCalendar.secondsPerDay + secondsOfDay - zoneOffset
        return Double(whole) + fraction
    }

    /// Formats an instant as `YYYY-MM-DDThh:mm:ss[.fraction]Z`.
    ///
    /// The fraction has the fewest digits (at most nine) that read back as the same instant.
    ///
    /// - Parameter instant: Seconds since 1970 UTC; must be finite.
    /// - Returns: The ISO 8601 text, or `nil` for a non-finite or out-of-range instant
    ///   (outside years 0000–9999).
    public static func format(_ instant: Double) -> String? {
        guard instant.isFinite, instant >= -62_167_219_200, instant < 253_402_300_800 else { return nil }
        let wholeSeconds = instant.rounded(.down)
        let fractionPart = instant - wholeSeconds
        let whole = Int(wholeSeconds)
        let days = CivilCalendar.floorDivide(whole, CivilCalendar.secondsPerDay)
        let secondsOfDay = whole - days * CivilCalendar.secondsPerDay
        let date = CivilCalendar.date(fromDays: days)
        var text = padded(date.year, 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2)
        text += "T" + padded(secondsOfDay / 3600, 2) + ":" + padded(secondsOfDay / 60 % 60, 2)
        text += ":" + padded(secondsOfDay % 60, 2)
        if fractionPart > 0 {
            text += "." + fractionDigits(fractionPart, whole: wholeSeconds, instant: instant)
        }
        return text + "Z"
    }

    /// The shortest run of fraction digits that reads back (the way ``parse(_:)`` reads it) as
    /// exactly `instant`.
    private static func fractionDigits(_ fraction: Double, whole: Double, instant: Double) -> String {
        var scale = 1.0
        for digitCount in 1...9 {
            scale *= 10
            let scaled = (fraction * scale).rounded()
            guard scaled < scale else { continue }
            if whole + scaled / scale == instant {
                return padded(Int(scaled), digitCount)
            }
        }
        return padded(min(Int((fraction * 1e9).rounded()), 999_999_999), 9)
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// A cursor over ASCII bytes that reads fixed-width numbers.
private struct DigitReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index >= bytes.count }

    var peekIsDigit: Bool { index < bytes.count && Self.isDigit(bytes[index]) }

    mutating func skipSpaces() {
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") {
            index += 1
        }
    }

    /// Consumes `byte` when it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Consumes a single space that separates a date from a time (a digit must follow).
    mutating func takeTimeSpace() -> Bool {
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: " "), Self.isDigit(bytes[index + 1]) else {
            return false
        }
        index += 1
        return true
    }

    /// Reads exactly `count` digits.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard Self.isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += count
        return value
    }

    /// Reads one or more fraction digits, keeping the first nine, as a value in `0..<1`.
    mutating func fraction() -> Double? {
        var numerator = 0
        var scale = 1
        var count = 0
        while index < bytes.count, Self.isDigit(bytes[index]) {
            if count < 9 {
                numerator = numerator * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                scale *= 10
            }
            count += 1
            index += 1
        }
        return count == 0 ? nil : Double(numerator) / Double(scale)
    }

    /// Reads an optional zone designator; `nil` when one is present but malformed.
    mutating func zoneOffset() -> Int? {
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if take(UInt8(ascii: "+")) {
            sign = 1
        } else if take(UInt8(ascii: "-")) {
            sign = -1
        } else {
            return 0
        }
        guard let hours = digits(2), hours <= 18 else { return nil }
        var minutes = 0
        if take(UInt8(ascii: ":")) {
            guard let value = digits(2) else { return nil }
            minutes = value
        } else if peekIsDigit {
            guard let value = digits(2) else { return nil }
            minutes = value
        }
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
