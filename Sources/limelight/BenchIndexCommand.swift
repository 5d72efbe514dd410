import ArgumentParser
import Foundation
import Limelight
import LimelightCore

/// `limelight bench-index`: indexing, commit, prefix-lookup, size and open-time figures for a corpus.
struct BenchIndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-index",
        abstract: "Benchmark the engine on a JSON-lines corpus (use a release build).",
        discussion: "Reports bulk indexing items/s, durable batch commits/s, prefix lookup latency, index bytes per item, peak RSS and open time.",
        shouldDisplay: false)

    @Option(help: "The corpus (JSON lines in the `limelight index` format).") var corpus: String
    @Option(help: "Work directory (default: a new temporary directory, removed afterwards). The stores it holds from an earlier run are removed first.") var workDirectory: String?
    @Option(help: "Items per bulk-indexing batch.") var bulkBatch = 10_000
    @Option(help: "Times to bulk-index the corpus into a new store (the median rate is reported).") var `repeat` = 5
    @Option(help: "Prefix lookups per prefix length.") var lookups = 2000
    @Flag(help: "Also print the index bytes per item of each field (dictionary, postings, positions).") var byField = false
    @Option(help: "Index the corpus as content of this protection class, encrypted at rest (default: unprotected).") var protection: ProtectionClass?

    /// How the store opens its app engines (the log replays its records through the deriver).
    private static let engineOptions: SearchEngine.Options = {
        var options = SearchEngine.Options()
        options.documentDeriver = LimelightStore.documentDeriver
        return options
    }()

    /// The passphrase of the benchmark's stores when --protection is given.
    private static let passphrase = "limelight benchmark"

    /// A store in `path`, unlocked when the benchmark measures protected content.
    private func openStore(_ path: String) throws -> LimelightStore {
        let store = try LimelightStore(path: path)
        if protection != nil { try store.unlockProtectedData(passphrase: Self.passphrase) }
        return store
    }

    func run() throws {
        let directory = workDirectory ?? NSTemporaryDirectory() + "limelight-bench-\(UUID().uuidString.prefix(8))"
        defer { if workDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }
        var clock = Date()
        let items = try loadCorpus()
        let inputBytes = (try? FileManager.default.attributesOfItem(atPath: corpus)[.size] as? Int) ?? 0
        print(String(format: "corpus            %@: %d items, %.1f MB, parsed in %.2f s", corpus, items.count, Double(inputBytes) / 1e6, Date().timeIntervalSince(clock)))

        // 1. Bulk indexing (durable: each batch is one synced log record) into a new store, `repeat`
        // times (the median is reported), then flush and merge the last one.
        var seconds: [Double] = []
        var bulk: (store: LimelightStore, app: AppIndex)?
        for round in 1...max(1, `repeat`) {
            if let bulk { try bulk.store.close() }
            // Always a new store: indexing into an earlier one would measure replacing its items.
            try? FileManager.default.removeItem(atPath: directory + "/bulk")
            let store = try openStore(directory + "/bulk")
            let app = try store.app("bench.bulk", protection: protection)
            seconds.append(try indexAll(items, into: app))
            bulk = (store, app)
            FileHandle.standardError.write(Data("… bulk indexing round \(round): \(Int(Double(items.count) / seconds.last!)) items/s\n".utf8))
        }
        let (store, app) = bulk!
        clock = Date()
        try app.engine.flush()
        try app.engine.mergeNow(force: true)
        let flushSeconds = Date().timeIntervalSince(clock)
        let rates = seconds.map { Double(items.count) / $0 }
        print(String(format: "bulk indexing     %.0f items/s (median of %d rounds: %@; %d items, batches of %d); flush+merge to one segment %.2f s",
                     percentile(rates, 0.5), rates.count, rates.map { String(format: "%.0f", $0) }.joined(separator: ", "),
                     items.count, bulkBatch, flushSeconds))
        let reindexSeconds = try reindex(items, into: directory + "/reindex")
        print(String(format: "re-indexing       %.0f items/s (%.2f s to replace every item of a flushed and merged index, batches of %d)",
                     Double(items.count) / reindexSeconds, reindexSeconds, bulkBatch))

        // 2. Sizes.
        let snapshot = app.snapshot()
        var sections: [String: Int] = [:]
        for segment in snapshot.segments { sections.merge(segment.reader.sectionBytes, uniquingKeysWith: +) }
        let postingsAndDictionary = (sections["terms"] ?? 0) + (sections["postings"] ?? 0) + (sections["positions"] ?? 0)
        let total = snapshot.segments.reduce(0) { $0 + $1.reader.byteCount }
        print(String(format: "index size        %.1f bytes/item postings+positions+dictionary (terms %.1f, postings %.1f, positions %.1f); %.1f bytes/item in all (stored %.1f, lengths %.1f, numbers %.1f)",
                     per(postingsAndDictionary, items.count), per(sections["terms"], items.count), per(sections["postings"], items.count),
                     per(sections["positions"], items.count), per(total, items.count), per(sections["stored"], items.count),
                     per(sections["lengths"], items.count), per(sections["numbers"], items.count)))

        if byField { printFieldSizes(snapshot, items: items.count) }

        // 3. Prefix lookups by prefix length, on the words users type (title and displayName).
        let words = sampleWords(items, count: lookups)
        for length in 1...6 {
            var timings: [Double] = []
            var matches = 0
            for word in words where word.count >= length {
                let prefix = String(word.prefix(length))
                let start = DispatchTime.now().uptimeNanoseconds
                let query = EngineQuery.or([.prefix(field: "title", prefix: prefix), .prefix(field: "displayName", prefix: prefix)])
                matches += try snapshot.matchingDocuments(query).reduce(0) { $0 + $1.count }
                timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
            }
            print(String(format: "prefix length %d   p50 %8.1f µs  p99 %8.1f µs  (%d lookups, %.0f matching items on average; all matches, no top-k)",
                         length, percentile(timings, 0.5), percentile(timings, 0.99), timings.count, Double(matches) / Double(max(1, timings.count))))
        }

        // 4. Open time of the store just built.
        try store.close()
        // A protected index is opened through its (unlocked) store; the unlocking is not counted.
        let reopenedStore = try protection.map { _ in try openStore(directory + "/bulk") }
        clock = Date()
        let reopened = try reopenedStore?.app("bench.bulk", protection: protection).engine
            ?? SearchEngine.open(directory: directory + "/bulk/apps/bench.bulk", options: Self.engineOptions)
        let checks = protection == nil ? "checksums verified" : "decrypted and authenticated; unlocking not counted"
        print(String(format: "open time         %.3f s for %d items (%d segment(s), %@)", Date().timeIntervalSince(clock), reopened.snapshot().documentCount, reopened.snapshot().segments.count, checks))
        if let reopenedStore { try reopenedStore.close() } else { try reopened.close() }

        // 5. Durable batch commits at batch sizes 1, 10 and 1000 (one fsync each).
        try? FileManager.default.removeItem(atPath: directory + "/commits")
        let commitStore = try openStore(directory + "/commits")
        for size in [1, 10, 1000] {
            let commitApp = try commitStore.app("bench.commit\(size)", protection: protection)
            let count = size == 1000 ? min(50, items.count / size) : (size == 10 ? 300 : 500)
            clock = Date()
            for i in 0..<count {
                let slice = (0..<size).map { items[(i * size + $0) % items.count] }
                try commitApp.apply([.index(slice)], indexName: "")
            }
            let seconds = Date().timeIntervalSince(clock)
            print(String(format: "commits, batch %4d  %7.0f commits/s  %8.0f items/s  (%d commits)", size, Double(count) / seconds, Double(count * size) / seconds, count))
        }
        try commitStore.close()
        print("peak RSS          \(peakResidentMegabytes()) MB")
    }

    /// Seconds to index `items` into `app`, in batches of `bulkBatch`.
    private func indexAll(_ items: [StoredItem], into app: AppIndex) throws -> Double {
        let clock = Date()
        for start in stride(from: 0, to: items.count, by: bulkBatch) {
            try app.apply([.index(Array(items[start..<min(items.count, start + bulkBatch)]))], indexName: "")
        }
        return Date().timeIntervalSince(clock)
    }

    /// Seconds to index `items` again into a store already holding them (flushed and merged to one
    /// segment): every item replaces its earlier version, and background merges rewrite what is left.
    private func reindex(_ items: [StoredItem], into path: String) throws -> Double {
        try? FileManager.default.removeItem(atPath: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try openStore(path)
        let app = try store.app("bench.reindex", protection: protection)
        _ = try indexAll(items, into: app)
        try app.engine.flush()
        try app.engine.mergeNow(force: true)
        let seconds = try indexAll(items, into: app)
        try store.close()
        return seconds
    }

    private func loadCorpus() throws -> [StoredItem] {
        guard let data = FileManager.default.contents(atPath: corpus) else { throw CommandFailure("cannot read \(corpus)") }
        var items: [StoredItem] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            do {
                items.append(try ItemJSONCodec.decodeItem(from: Data(line)))
            } catch {
                throw CommandFailure("\(corpus) line \(number + 1): \(error.message)")
            }
        }
        return items
    }

    private func sampleWords(_ items: [StoredItem], count: Int) -> [String] {
        var generator = SeededGenerator(seed: 42)
        var words: [String] = []
        while words.count < count && !items.isEmpty {
            let item = items[Int.random(in: 0..<items.count, using: &generator)]
            let text = item[attribute: "title"]?.stringValue ?? item[attribute: "displayName"]?.stringValue ?? ""
            let candidates = text.lowercased().split(whereSeparator: { !$0.isLetter }).filter { $0.count >= 3 }
            if let word = candidates.randomElement(using: &generator) { words.append(String(word)) }
        }
        return words
    }
}

/// Prints each field's dictionary, postings and positions bytes per item, largest first.
private func printFieldSizes(_ snapshot: Snapshot, items: Int) {
    var sizes: [String: (terms: Int, postings: Int, positions: Int)] = [:]
    for segment in snapshot.segments {
        for name in segment.reader.fieldNames {
            guard let bytes = segment.reader.field(name)?.indexBytes else { continue }
            let sum = sizes[name, default: (0, 0, 0)]
            sizes[name] = (sum.terms + bytes.terms, sum.postings + bytes.postings, sum.positions + bytes.positions)
        }
    }
    for (name, bytes) in sizes.sorted(by: { $0.value.terms + $0.value.postings + $0.value.positions > $1.value.terms + $1.value.postings + $1.value.positions }) {
        let label = name.count >= 22 ? name : name.padding(toLength: 22, withPad: " ", startingAt: 0)
        print(String(format: "  field %@ %6.1f bytes/item (terms %.1f, postings %.1f, positions %.1f)", label,
                     per(bytes.terms + bytes.postings + bytes.positions, items), per(bytes.terms, items), per(bytes.postings, items), per(bytes.positions, items)))
    }
}

private func per(_ bytes: Int?, _ items: Int) -> Double { Double(bytes ?? 0) / Double(max(1, items)) }

/// The value below which `fraction` of `values` fall.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
}

/// The process's peak resident set size in megabytes (from /proc/self/status), or 0.
func peakResidentMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
}

/// A small deterministic random number generator (SplitMix64) for reproducible samples.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
