import Foundation
import Testing

@testable import Limelight

@Suite("ISO 8601 dates in item files")
struct ItemJSONDateTests {
    @Test(arguments: [
        ("2026-01-10T00:00:00Z", 1_768_003_200.0), ("2026-01-10", 1_768_003_200.0),
        ("2026-01-10T00:00:00.5Z", 1_768_003_200.5), ("2026-01-10T02:00:00+02:00", 1_768_003_200.0),
        ("2026-01-09T19:00:00-0500", 1_768_003_200.0), ("2026-01-10T00:00", 1_768_003_200.0),
        ("1970-01-01T00:00:00Z", 0.0), ("2024-02-29T12:00:00Z", 1_709_208_000.0),
        ("1969-12-31T23:59:59Z", -1.0), ("2026-01-10t00:00:00z", 1_768_003_200.0),
    ])
    func parses(text: String, seconds: Double) throws {
        let date = try #require(ISO8601Date.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "", "2026", "2026-13-01", "2026-02-30", "2025-02-29", "2026-01-10T24:00:00Z", "2026-01-10T10:60Z",
        "2026-01-10T10:00:00.Z", "2026-01-10 10:00:00Z", "yesterday", "2026-01-10T10:00:00Zjunk", "26-01-10",
        "2026-01-10T10:00:00+2", "2026-01-10T10:00:61Z",
    ])
    func rejects(text: String) {
        #expect(ISO8601Date.parse(text) == nil)
    }

    @Test func formatsAndRoundTrips() throws {
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: 1_768_003_200)) == "2026-01-10T00:00:00Z")
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: 1_768_003_200.25)) == "2026-01-10T00:00:00.25Z")
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let seconds = Double(Int64.random(in: -60_000_000_000...200_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            let parsed = try #require(ISO8601Date.parse(ISO8601Date.format(date)), "\(ISO8601Date.format(date))")
            #expect(parsed == date)
        }
    }

    @Test func formatsAsFoundationDoes() {
        let foundation = ISO8601DateFormatter()
        foundation.timeZone = TimeZone(identifier: "UTC")
        var generator = SystemRandomNumberGenerator()
        // Years 1600...9999 (Gregorian in both), whole seconds, then with microseconds.
        for _ in 0..<2000 {
            let seconds = Int64.random(in: -11_676_096_000...253_402_300_799, using: &generator)
            let whole = ISO8601Date.format(Date(timeIntervalSince1970: Double(seconds)))
            #expect(whole == foundation.string(from: Date(timeIntervalSince1970: Double(seconds))))
            let micros = Int.random(in: 1..<1_000_000, using: &generator)
            var digits = String(micros)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            let fractional = Date(timeIntervalSince1970: Double(seconds) + Double(micros) / 1_000_000)
            if seconds > 0 && seconds < 4_000_000_000 {  // where a double holds microseconds exactly enough
                #expect(ISO8601Date.format(fractional) == whole.dropLast() + "." + digits + "Z", "\(seconds) + \(micros) µs")
            }
        }
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: -.infinity)) == "0000-01-01T00:00:00Z")
        #expect(ISO8601Date.format(Date(timeIntervalSince1970: -62_167_219_199)) == "0000-01-01T00:00:01Z")
    }
}
