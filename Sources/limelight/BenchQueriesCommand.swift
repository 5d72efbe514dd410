import ArgumentParser
import Foundation
import Limelight
import LimelightCore

/// `limelight bench-queries`: indexes a corpus into a temporary store and measures the benchmark
/// query classes in process (top-20), beside the peer engines' numbers from `peers.py`.
struct BenchQueriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-queries",
        abstract: "Benchmark query latency per class and known-item relevance (use a release build).",
        discussion: "Reads the corpus and query files of Benchmarks/README.md; --peers adds the peers' numbers and ratios.",
        shouldDisplay: false)

    @Option(help: "The corpus (JSON lines in the `limelight index` format).") var corpus: String
    @Option(help: "The query file (`<corpus>.queries.jsonl`).") var queries: String
    @Option(help: "The peers' results JSON (`peers.py --out`).") var peers: String?
    @Option(help: "Hits per query.") var limit = 20
    @Option(help: "Most measured passes per class.") var `repeat` = 3
    @Option(help: "Unmeasured queries per class first.") var warmup = 50
    @Option(help: "Seconds per class after which no further pass starts.") var budget = 20.0
    @Option(help: "Work directory (default: a new temporary directory, removed afterwards). The benchmark store an earlier run left there is replaced.") var workDirectory: String?
    @Option(help: "Only these classes (comma-separated; default: all).") var classes: String?
    @Flag(help: "Print each known-item query whose expected item is not first, with the top hits.") var showMisses = false
    @Option(help: "Print the N queries of each class slowest at their median over the passes, with their fastest and slowest run.") var showSlowest = 0
    @Option(help: "Print the p50 of every N passes of each class, with the seconds elapsed: how the machine's speed moves during a run (0: off).") var showWindows = 0
    @Option(help: "Record engagement with this many items (spread over the corpus) before measuring, as a user who opened them would have: one in sixteen ten times, three in sixteen three times, the rest once; each is a durable commit.") var engaged = 0

    func run() throws {
        let directory = workDirectory ?? NSTemporaryDirectory() + "limelight-bench-queries-\(UUID().uuidString.prefix(8))"
        defer { if workDirectory == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let app = try buildIndex(directory)
        let groups = try loadQueries()
        var results: [String: ClassResult] = [:]
        var order: [String] = []
        let wanted = classes.map { Set($0.split(separator: ",").map(String.init)) }
        for (className, lines) in groups where wanted?.contains(className) ?? true {
            order.append(className)
            let runs = try lines.map { try BenchQuery($0, limit: limit) }
            results[className] = try measure(app, className, runs)
            if let result = results[className] {
                FileHandle.standardError.write(Data(String(format: "  %@: p50 %.1f µs, p99 %.1f µs (%d samples)\n", className, result.p50, result.p99, result.samples).utf8))
            }
        }
        let peerResults = try peers.map(PeerResults.load)
        BenchReport.print(order: order, results: results, peers: peerResults)
    }

    private func buildIndex(_ directory: String) throws -> AppIndex {
        let data = try Data(contentsOf: URL(fileURLWithPath: corpus))
        var items: [StoredItem] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.isEmpty {
            items.append(try ItemJSONCodec.decodeItem(fromLine: String(line)))
        }
        // Indexing into an earlier run's store would replace its items and leave its segments behind.
        try? FileManager.default.removeItem(atPath: directory + "/apps/bench.queries")
        let store = try LimelightStore(path: directory)
        let app = try store.app("bench.queries")
        let clock = Date()
        var done = 0
        while done < items.count {
            try app.apply([.index(Array(items[done..<min(items.count, done + 10_000)]))], indexName: "")
            done = min(items.count, done + 10_000)
        }
        try app.engine.flush()
        try app.engine.mergeNow(force: true)
        FileHandle.standardError.write(Data(String(format: "indexed %d items in %.1f s (%d segment(s))\n", items.count, Date().timeIntervalSince(clock), app.snapshot().segments.count).utf8))
        if engaged > 0 {
            let clock = Date()
            let step = max(1, items.count / engaged)
            var engagements = 0
            for (rank, index) in stride(from: 0, to: items.count, by: step).prefix(engaged).enumerated() {
                // A few items opened often, most once: one in sixteen ten times (the whole share of
                // popularity engagement gives), three in sixteen three times, the rest once.
                let count = rank % 16 == 0 ? 10 : rank % 4 == 0 ? 3 : 1
                for _ in 0..<count { try app.recordEngagement(identifier: items[index].uniqueIdentifier) }
                engagements += count
            }
            FileHandle.standardError.write(Data(String(
                format: "recorded %d engagements with %d items in %.1f s\n", engagements, min(engaged, items.count), Date().timeIntervalSince(clock)).utf8))
        }
        let warming = Date()
        let entries = try app.warmSearchCaches()
        FileHandle.standardError.write(Data(String(
            format: "warmed the short-prefix cache: %d prefixes and %d scored lists in %.2f s (%.1f MB of cached documents)\n", entries,
            AppIndex.searchCacheScoredListCount, Date().timeIntervalSince(warming), Double(AppIndex.searchCacheByteCount) / 1_048_576).utf8))
        let presence = app.snapshot().segments.compactMap { $0.reader.termPresence(ofTextFieldsAmong: AppIndex.userQueryRanking.fieldNames) }
        FileHandle.standardError.write(Data(String(
            format: "term locators: %d terms in %.1f MB; presence filters %.1f MB\n", presence.reduce(0) { $0 + ($1.locator?.termCount ?? 0) },
            Double(presence.reduce(0) { $0 + ($1.locator?.byteCount ?? 0) }) / 1_048_576,
            Double(presence.reduce(0) { $0 + $1.filter.byteCount }) / 1_048_576).utf8))
        return app
    }

    private func loadQueries() throws -> [(String, [[String: Any]])] {
        let data = try Data(contentsOf: URL(fileURLWithPath: queries))
        var groups: [(String, [[String: Any]])] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.isEmpty {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let className = object["class"] as? String
            else { throw CommandFailure("bad query line: \(line.prefix(80))") }
            if groups.last?.0 == className { groups[groups.count - 1].1.append(object) } else { groups.append((className, [object])) }
        }
        return groups
    }

    private func measure(_ app: AppIndex, _ className: String, _ runs: [BenchQuery]) throws -> ClassResult {
        var result = ClassResult()
        for run in runs.prefix(warmup) { _ = try run.execute(app) }
        let started = Date()
        var timings: [Double] = []
        // Each query's timings over the passes, by its place in the class.
        var timingsOfQuery = [[Double]](repeating: [], count: showSlowest > 0 ? runs.count : 0)
        var hits = 0
        for pass in 0..<max(1, self.repeat) {
            if pass > 0 && Date().timeIntervalSince(started) > budget { break }
            for (index, run) in runs.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                let identifiers = try run.execute(app)
                timings.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
                if showSlowest > 0 { timingsOfQuery[index].append(timings[timings.count - 1]) }
                if pass == 0 {
                    hits += identifiers.count
                    if let expected = run.expected {
                        result.knownItems += 1
                        let rank = identifiers.prefix(10).firstIndex { $0 == expected || run.equivalents.contains($0) }
                        if let rank {
                            result.reciprocalRanks += 1 / Double(rank + 1)
                            if rank == 0 { result.successes += 1 }
                        }
                        if identifiers.first == expected { result.exactSuccesses += 1 }
                        if showMisses && rank != 0 {
                            let place = rank.map { "rank \($0 + 1)" } ?? "not in top 10"
                            print("miss \(run.text.debugDescription) → \(expected) (\(place)); top: \(identifiers.prefix(3).joined(separator: ", "))")
                        }
                    }
                }
            }
            if showWindows > 0 && (pass + 1) % showWindows == 0 {
                let window = timings.suffix(runs.count * showWindows)
                print(String(format: "window %@ passes %d–%d at %.1f s: p50 %.1f µs", className, pass + 1 - showWindows, pass, Date().timeIntervalSince(started), percentile(Array(window), 0.5)))
            }
        }
        let slowest = timingsOfQuery.indices.map { (median: percentile(timingsOfQuery[$0], 0.5), index: $0) }.sorted { $0.median > $1.median }
        for (median, index) in slowest.prefix(showSlowest) {
            let own = timingsOfQuery[index]
            print(String(
                format: "slow %@ median %7.1f µs (%.1f–%.1f)  %@", className, median, own.min() ?? 0, own.max() ?? 0, runs[index].text.debugDescription))
        }
        result.p50 = percentile(timings, 0.5)
        result.p99 = percentile(timings, 0.99)
        result.samples = timings.count
        result.meanHits = Double(hits) / Double(max(1, runs.count))
        return result
    }
}

/// One benchmark query, compiled to a Limelight call.
struct BenchQuery {
    let run: (AppIndex) throws -> [String]
    let expected: String?
    /// Items the query's words cannot tell from `expected` (same count of every word in every field).
    let equivalents: Set<String>
    /// What the user typed.
    let text: String

    init(_ object: [String: Any], limit: Int) throws {
        let terms = object["terms"] as? [String] ?? []
        let prefix = object["prefix"] as? String
        expected = object["expected"] as? String
        equivalents = Set(object["equivalents"] as? [String] ?? [])
        text = object["text"] as? String ?? ""
        var filters: [String] = []
        if let attribute = object["attribute"] as? String, let low = object["lo"] as? Double, let high = object["hi"] as? Double {
            filters.append("InRange(\(attribute), \(low), \(high))")
        }
        if let domain = object["domain"] as? String {
            filters.append("domainIdentifier == \"\(domain.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"cd")
        }
        if let infix = object["infix"] as? String {
            let query = "** == \"*\(infix)*\"cdw"
            let options = SearchOptions(fetchAttributes: [], limit: limit)
            run = { app in try app.search(query: query, options: options).map(\.uniqueIdentifier) }
            return
        }
        let typed: String
        if object["phrase"] as? Bool == true {
            typed = "\"" + terms.joined(separator: " ") + "\" "
        } else {
            typed = (terms + [prefix].compactMap { $0 }).joined(separator: " ") + (prefix == nil ? " " : "")
        }
        var options = UserQueryOptions(filterQueries: filters, limit: limit)
        options.completeWordsMatchWhole = true
        options.identifiersOnly = true
        let fixed = options
        run = { app in try app.searchUserQuery(text: typed, options: fixed).map(\.uniqueIdentifier) }
    }

    func execute(_ app: AppIndex) throws -> [String] { try run(app) }
}

/// Latency and relevance of one query class.
struct ClassResult {
    var p50 = 0.0
    var p99 = 0.0
    var samples = 0
    var meanHits = 0.0
    var knownItems = 0
    /// Queries whose first hit is the expected item or one of its equivalents.
    var successes = 0
    /// Queries whose first hit is the expected item itself.
    var exactSuccesses = 0
    var reciprocalRanks = 0.0
}
