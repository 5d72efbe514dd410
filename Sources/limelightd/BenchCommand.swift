import ArgumentParser
import Dispatch
import Foundation
import Limelight
import LimelightServer
import Logging
import ServiceLifecycle
import Synchronization

/// `limelightd bench`: indexing throughput and query latency over loopback HTTP.
///
/// Starts a daemon on a temporary store and a free loopback port, registers an app, then measures
/// (1) indexing alone: one client posting batches; (2) mixed: `--query-clients` clients querying in
/// a loop while one client keeps indexing. Clients use one connection per request.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench", abstract: "Measure indexing throughput and query latency over loopback.", shouldDisplay: false)

    @Option(help: "Items indexed in the indexing-only phase.")
    var items: Int = 20_000

    @Option(help: "Items per indexing request.")
    var batchSize: Int = 100

    @Option(help: "Concurrent querying clients in the mixed phase.")
    var queryClients: Int = 8

    @Option(help: "Seconds the mixed phase lasts.")
    var seconds: Double = 10

    @Option(help: "The query route: 'query' (Spotlight query language) or 'user' (as-you-type user query).")
    var route: String = "query"

    func run() async throws {
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("limelightd-bench-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        let daemon = try LimelightDaemon(configuration: .init(storePath: store, port: 0))
        let logger = {
            var logger = Logger(label: "limelightd-bench")
            logger.logLevel = .error
            return logger
        }()
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = daemon.application(logger: logger) { port in portContinuation.yield(port) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: logger).run()
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next(), let server = HTTPEndpoint("http://127.0.0.1:\(port)") else { return }
            let report = try await Task.detached { try measure(server: server, systemToken: daemon.service.credentials.systemToken) }.value
            print(report)
            group.cancelAll()
        }
    }

    private func measure(server: HTTPEndpoint, systemToken: String) throws -> String {
        let registered = try BlockingHTTPClient.send(
            method: "POST", endpoint: server.appending("/v1/apps"), headers: [("Authorization", "Bearer " + systemToken)],
            body: Array(#"{"bundleIdentifier": "com.example.bench"}"#.utf8))
        guard let object = try JSONSerialization.jsonObject(with: Data(registered.body)) as? [String: Any],
            let token = object["token"] as? String
        else { throw ValidationError("registration failed: HTTP \(registered.status)") }
        let corpus = BenchCorpus()
        let indexer = BenchIndexer(server: server, token: token, batchSize: batchSize, corpus: corpus)

        let start = DispatchTime.now()
        var next = 0
        while next < items { next = try indexer.postBatch(startingAt: next) }
        let indexSeconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9

        let stop = Atomic<Bool>(false)
        let latencies = Mutex<[Double]>([])
        let failures = Atomic<Int>(0)
        let mixedIndexed = Atomic<Int>(0)
        let group = DispatchGroup()
        let mixedStart = next
        DispatchQueue.global().async(group: group) {
            var position = mixedStart
            while !stop.load(ordering: .relaxed) {
                guard let after = try? indexer.postBatch(startingAt: position) else {
                    failures.add(1, ordering: .relaxed)
                    continue
                }
                mixedIndexed.add(after - position, ordering: .relaxed)
                position = after
            }
        }
        for client in 0..<queryClients {
            DispatchQueue.global().async(group: group) {
                var local: [Double] = []
                var counter = client
                while !stop.load(ordering: .relaxed) {
                    let path = corpus.queryPath(route: route, number: counter)
                    counter += queryClients
                    let begin = DispatchTime.now().uptimeNanoseconds
                    let response = try? BlockingHTTPClient.send(
                        method: "GET", endpoint: server.appending(path), headers: [("Authorization", "Bearer " + token)])
                    if response?.status != 200 { failures.add(1, ordering: .relaxed) }
                    local.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e6)
                }
                latencies.withLock { $0.append(contentsOf: local) }
            }
        }
        Thread.sleep(forTimeInterval: seconds)
        stop.store(true, ordering: .relaxed)
        group.wait()
        let sorted = latencies.withLock { $0 }.sorted()
        func percentile(_ fraction: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
        return """
            indexing alone: \(items) items in batches of \(batchSize): \(String(format: "%.2f", indexSeconds)) s, \
            \(Int(Double(items) / indexSeconds)) items/s
            mixed (\(String(format: "%.0f", seconds)) s, \(queryClients) query clients on /v1/\(route == "user" ? "user-query" : "query"), 1 indexing client):
              queries: \(sorted.count) (\(Int(Double(sorted.count) / seconds))/s), p50 \(String(format: "%.2f", percentile(0.5))) ms, \
            p99 \(String(format: "%.2f", percentile(0.99))) ms, max \(String(format: "%.2f", sorted.last ?? 0)) ms
              indexing meanwhile: \(mixedIndexed.load(ordering: .relaxed)) items (\(Int(Double(mixedIndexed.load(ordering: .relaxed)) / seconds)) items/s)
              failed requests: \(failures.load(ordering: .relaxed))
            """
    }
}

/// Synthetic notes: titles and texts from a small vocabulary, so that queries find something.
struct BenchCorpus: Sendable {
    let words = [
        "banjo", "tuner", "chords", "fiddle", "guitar", "lesson", "recipe", "pasta", "garden", "travel", "berlin", "paris",
        "invoice", "meeting", "project", "summer", "winter", "photo", "beach", "mountain", "concert", "ticket", "report", "draft",
    ]

    func word(_ number: Int) -> String { words[abs(number) % words.count] }

    func itemJSON(_ number: Int) -> String {
        let title = "\(word(number)) \(word(number / 7)) \(number)"
        let text = (0..<12).map { word(number &* 31 &+ $0 &* 17) }.joined(separator: " ")
        return #"{"uniqueIdentifier": "n\#(number)", "contentType": "public.text", "attributes": {"title": "\#(title)", "textContent": "\#(text)", "rankingHint": \#(number % 100 + 1)}}"#
    }

    func queryPath(route: String, number: Int) -> String {
        let prefix = String(word(number * 5).prefix(2 + number % 4))
        if route == "user" { return "/v1/user-query?q=\(prefix)&limit=20" }
        let query = "title == \"\(prefix)*\"cd"
        return "/v1/query?q=" + RemoteSearchableIndexClient.percentEncode(query) + "&attributes=title&limit=20"
    }
}

/// Posts batches of corpus items.
struct BenchIndexer: Sendable {
    let server: HTTPEndpoint
    let token: String
    let batchSize: Int
    let corpus: BenchCorpus

    /// Posts one batch starting at item `start`; returns the next start.
    func postBatch(startingAt start: Int) throws -> Int {
        let body = #"{"items": ["# + (start..<(start + batchSize)).map { corpus.itemJSON($0) }.joined(separator: ",") + "]}"
        let response = try BlockingHTTPClient.send(
            method: "POST", endpoint: server.appending("/v1/items"), headers: [("Authorization", "Bearer " + token)],
            body: Array(body.utf8))
        guard response.status == 200 else { throw ValidationError("indexing failed: HTTP \(response.status)") }
        return start + batchSize
    }
}
