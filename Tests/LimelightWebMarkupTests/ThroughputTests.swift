import Testing

@testable import LimelightWebMarkup

/// Prints (does not assert) parse + extract + map throughput over the fixture pages.
/// Debug builds are far slower than release; the target is at least 50 MB/s in release.
@Suite("Throughput")
struct ThroughputTests {
    @Test("parse + extract + map throughput on fixtures")
    func throughput() throws {
        var pages: [[UInt8]] = []
        for name in ["restaurant-jsonld.html", "recipe-microdata.html", "podcast-rdfa.html", "store-graph.html"] {
            pages.append(Array(try Fixtures.text(name).utf8))
        }
        // A larger page: the fixtures with a long body of ordinary markup.
        let filler = String(repeating: "<p class=\"c\">Lorem <a href=\"/x\">ipsum</a> dolor <b>sit</b> amet.</p>\n", count: 2_000)
        let big = try Fixtures.text("restaurant-jsonld.html").replacingFirst("<main>", with: "<main>" + filler)
        pages.append(Array(big.utf8))

        let clock = ContinuousClock()
        var totalBytes = 0
        var checksum = 0
        let elapsed = clock.measure {
            for _ in 0..<1 {
                for page in pages {
                    let (markup, result) = WebMarkup.analyze(bytes: page, pageURL: "https://example.com/p")
                    checksum &+= markup.metaTags.count &+ (result.displayName?.utf8.count ?? 0)
                    totalBytes += page.count
                }
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let megabytesPerSecond = Double(totalBytes) / 1_048_576 / max(seconds, 1e-9)
        print("LimelightWebMarkup throughput: \(totalBytes) bytes in \(seconds) s = \(megabytesPerSecond) MB/s (checksum \(checksum))")
        #expect(checksum > 0)
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
