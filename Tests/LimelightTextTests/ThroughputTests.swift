import Testing

@testable import LimelightText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints analysis throughput. Timing is reported, never asserted: debug builds and a busy
/// machine are much slower than a release build. Both wall-clock time and the thread's CPU time
/// are reported, since tests run in parallel and the machine may be shared.
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

    /// The CPU time consumed by the calling thread, in seconds (0 where unavailable).
    static func threadCPUSeconds() -> Double {
        #if canImport(Glibc) || canImport(Darwin)
            var time = timespec()
            guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        #else
            return 0
        #endif
    }

    /// Throughput of one measurement: by wall-clock and by CPU time, and the token count.
    struct Throughput {
        var wallMegabytesPerSecond: Double
        var cpuMegabytesPerSecond: Double
        var tokens: Int

        var description: String {
            "\(Int(wallMegabytesPerSecond)) MB/s wall-clock, \(Int(cpuMegabytesPerSecond)) MB/s CPU time (\(tokens) tokens)"
        }
    }

    /// Runs `analyze` over `text` repeatedly and keeps the best round.
    static func measure(_ text: String, rounds: Int) -> Throughput {
        var tokens: [AnalyzedToken] = []
        tokens.reserveCapacity(text.utf8.count / 4)
        let clock = ContinuousClock()
        var bestWall = Double.infinity
        var bestCPU = Double.infinity
        for _ in 0..<rounds {
            tokens.removeAll(keepingCapacity: true)
            let cpuStart = threadCPUSeconds()
            let elapsed = clock.measure { TextAnalyzer.analyze(text, into: &tokens) }
            bestCPU = min(bestCPU, threadCPUSeconds() - cpuStart)
            bestWall = min(bestWall, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        let megabytes = Double(text.utf8.count) / 1e6
        return Throughput(
            wallMegabytesPerSecond: megabytes / max(bestWall, 1e-9),
            cpuMegabytesPerSecond: megabytes / max(bestCPU, 1e-9),
            tokens: tokens.count
        )
    }

    /// Sample size: large enough for a stable figure in release builds, small in debug builds
    /// (whose figure means little) to keep the suite fast.
    #if DEBUG
        static let sampleBytes = 200_000
    #else
        static let sampleBytes = 2_000_000
    #endif

    @Test func printsThroughput() {
        let english = Self.englishText(byteCount: Self.sampleBytes)
        let ascii = Self.measure(english, rounds: 5)
        print("LimelightText analyze, ASCII English: \(ascii.description)")
        let international = Self.internationalText(byteCount: Self.sampleBytes / 2)
        let mixed = Self.measure(international, rounds: 3)
        print("LimelightText analyze, mixed scripts: \(mixed.description)")
        #expect(ascii.tokens > 0 && mixed.tokens > 0)
    }
}
