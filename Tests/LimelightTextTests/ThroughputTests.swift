import Testing

@testable import LimelightText

/// Prints analysis throughput. Timing is reported, never asserted: debug builds and a busy
/// machine are much slower than a release build.
@Suite struct ThroughputTests {
    /// English-like ASCII prose of about `byteCount` bytes.
    static func englishText(byteCount: Int) -> String {
        let sentence = """
            The quick brown fox jumps over the lazy dog, while NSWindowController's delegate \
            handles paris-france.jpg and 42 other files in /Users/bob/Documents (2024 edition). \
            Search results appear as you type, ranked by relevance and recency.
            """
        var text = ""
        text.reserveCapacity(byteCount + sentence.utf8.count)
        while text.utf8.count < byteCount { text += sentence + " " }
        return text
    }

    /// Mixed European and Japanese text of about `byteCount` bytes.
    static func internationalText(byteCount: Int) -> String {
        let sentence = "Frédéric a visité Zürich et Łódź. 東京都の天気は晴れです。Москва — столица России. "
        var text = ""
        while text.utf8.count < byteCount { text += sentence }
        return text
    }

    /// Runs `analyze` over `text` repeatedly and returns megabytes per second.
    static func measure(_ text: String, rounds: Int) -> (megabytesPerSecond: Double, tokens: Int) {
        var tokens: [AnalyzedToken] = []
        tokens.reserveCapacity(text.utf8.count / 4)
        let clock = ContinuousClock()
        var best = Duration.seconds(1_000)
        for _ in 0..<rounds {
            tokens.removeAll(keepingCapacity: true)
            let elapsed = clock.measure { TextAnalyzer.analyze(text, into: &tokens) }
            best = min(best, elapsed)
        }
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        return (Double(text.utf8.count) / 1e6 / max(seconds, 1e-9), tokens.count)
    }

    @Test func printsThroughput() {
        let english = Self.englishText(byteCount: 2_000_000)
        let ascii = Self.measure(english, rounds: 5)
        print("LimelightText analyze, ASCII English: \(Int(ascii.megabytesPerSecond)) MB/s (\(ascii.tokens) tokens)")
        let international = Self.internationalText(byteCount: 1_000_000)
        let mixed = Self.measure(international, rounds: 3)
        print("LimelightText analyze, mixed scripts: \(Int(mixed.megabytesPerSecond)) MB/s (\(mixed.tokens) tokens)")
        #expect(ascii.tokens > 0 && mixed.tokens > 0)
    }
}
