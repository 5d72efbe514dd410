import Foundation

/// The peers' numbers from `peers.py --out`.
struct PeerResults {
    struct Engine {
        var name: String
        var classes: [String: (p50: Double, p99: Double)]
        var successAt1: Double?
        var exactSuccessAt1: Double?
        var mrrAt10: Double?
    }

    var engines: [Engine]

    static func load(_ path: String) throws -> PeerResults {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any], let engines = root["engines"] as? [String: Any] else {
            throw CommandFailure("\(path) is not a peers results file")
        }
        var result: [Engine] = []
        for name in engines.keys.sorted() {
            guard let engine = engines[name] as? [String: Any] else { continue }
            var classes: [String: (Double, Double)] = [:]
            for (className, value) in engine["classes"] as? [String: Any] ?? [:] {
                if let value = value as? [String: Any], let p50 = value["p50_us"] as? Double, let p99 = value["p99_us"] as? Double {
                    classes[className] = (p50, p99)
                }
            }
            let known = engine["known_item"] as? [String: Any]
            result.append(Engine(name: name, classes: classes, successAt1: known?["success_at_1"] as? Double,
                                 exactSuccessAt1: known?["exact_success_at_1"] as? Double, mrrAt10: known?["mrr_at_10"] as? Double))
        }
        return PeerResults(engines: result)
    }
}

/// Prints the benchmark table: Limelight per class, each peer, and peer ÷ Limelight ratios.
enum BenchReport {
    static func print(order: [String], results: [String: ClassResult], peers: PeerResults?) {
        let engines = peers?.engines ?? []
        var header = "class".padding(toLength: 14, withPad: " ", startingAt: 0) + "   limelight p50/p99 µs"
        for engine in engines { header += " | \(engine.name) p50/p99 (×p50, ×p99)" }
        Swift.print(header)
        for className in order {
            guard let result = results[className] else { continue }
            var line = className.padding(toLength: 14, withPad: " ", startingAt: 0) + String(format: "   %8.1f / %8.1f", result.p50, result.p99)
            for engine in engines {
                if let peer = engine.classes[className] {
                    line += String(format: " | %8.1f / %8.1f (%5.1f×, %5.1f×)", peer.p50, peer.p99, peer.p50 / max(result.p50, 0.001), peer.p99 / max(result.p99, 0.001))
                } else {
                    line += " | –"
                }
            }
            Swift.print(line)
        }
        for className in order {
            guard let result = results[className], result.knownItems > 0 else { continue }
            let count = Double(result.knownItems)
            var line = String(format: "known-item relevance: limelight success@1 %.3f (expected item itself %.3f), MRR@10 %.3f (%d queries)",
                              Double(result.successes) / count, Double(result.exactSuccesses) / count, result.reciprocalRanks / count, result.knownItems)
            for engine in engines {
                if let success = engine.successAt1, let mrr = engine.mrrAt10 {
                    let exact = engine.exactSuccessAt1.map { String(format: " (%.3f)", $0) } ?? ""
                    line += String(format: "; %@ %.3f%@ / %.3f", engine.name, success, exact, mrr)
                }
            }
            Swift.print(line)
        }
    }
}
