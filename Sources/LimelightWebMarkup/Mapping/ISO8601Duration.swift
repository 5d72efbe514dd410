/// ISO 8601 durations as schema.org uses them (`PT1H30M`, `P1DT2H`, `PT45M`, `P2W`).
public enum ISO8601Duration {
    /// Seconds in a year and a month when a duration uses them (365 and 30 days).
    public static let secondsPerYear: Double = 365 * 86_400
    /// Seconds in a month (30 days).
    public static let secondsPerMonth: Double = 30 * 86_400

    /// The duration in seconds, or nil when the text is not a duration.
    ///
    /// Accepts the designators in either case, fractions with `.` or `,` on any component, and
    /// surrounding whitespace. Rejects an empty duration (`P`, `PT`), components out of order
    /// and unknown designators.
    /// - Complexity: O(n) in the length of the text.
    public static func seconds(_ text: String) -> Double? {
        let scalars = Array(HTMLWhitespace.trimmed(text).uppercased().unicodeScalars)
        guard scalars.first == "P", scalars.count > 1 else { return nil }
        var index = 1
        var inTime = false
        var total: Double = 0
        var componentCount = 0
        var lastRank = -1
        while index < scalars.count {
            if scalars[index] == "T" {
                guard !inTime else { return nil }
                inTime = true
                index += 1
                continue
            }
            var number = ""
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "."
                || scalars[index] == ","
            {
                number.unicodeScalars.append(scalars[index] == "," ? "." : scalars[index])
                index += 1
            }
            guard !number.isEmpty, index < scalars.count, let value = Double(number) else { return nil }
            let designator = scalars[index]
            index += 1
            let (rank, unit): (Int, Double)
            switch (designator, inTime) {
            case ("Y", false): (rank, unit) = (0, secondsPerYear)
            case ("M", false): (rank, unit) = (1, secondsPerMonth)
            case ("W", false): (rank, unit) = (2, 7 * 86_400)
            case ("D", false): (rank, unit) = (3, 86_400)
            case ("H", true): (rank, unit) = (4, 3_600)
            case ("M", true): (rank, unit) = (5, 60)
            case ("S", true): (rank, unit) = (6, 1)
            default: return nil
            }
            guard rank > lastRank else { return nil }
            lastRank = rank
            total += value * unit
            componentCount += 1
        }
        guard componentCount > 0, total.isFinite, !inTime || lastRank >= 4 else { return nil }
        return total
    }
}
