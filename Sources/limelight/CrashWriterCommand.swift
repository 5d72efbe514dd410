import ArgumentParser
import Foundation
import Limelight
import LimelightCore

/// `limelight crash-writer`: commits numbered batches with client states, printing `ack N` after
/// each commit returns. Crash-safety tests kill it at random moments and check the store.
struct CrashWriterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crash-writer", abstract: "Commit numbered batches forever (for crash-safety tests).",
        shouldDisplay: false)

    @OptionGroup var options: AppOptions
    @Option(help: "Number of batches to commit.") var batches = 1000
    @Option(help: "Items per batch.") var batchSize = 20
    @Option(help: "Flush in-memory segments past this many bytes (small: flushes and merges all the time).")
    var flushThreshold: Int?

    func run() throws {
        var engineOptions = SearchEngine.Options()
        if let flushThreshold {
            engineOptions.flushThresholdBytes = flushThreshold
            engineOptions.mergeFactor = 2
        }
        let app = try LimelightStore(path: options.store, engineOptions: engineOptions).app(options.app)
        let start = Int(app.clientState(indexName: options.index).flatMap { String(data: $0, encoding: .utf8) }?.split(separator: "-").last ?? "0") ?? 0
        for batch in (start + 1)...(start + batches) {
            let items = try (0..<batchSize).map { n in
                try StoredItem(
                    uniqueIdentifier: "b\(batch)-\(n)", domainIdentifier: "batch\(batch)",
                    attributes: ["title": .string("batch \(batch) item \(n) lorem ipsum dolor"), "pageCount": .number(Double(n))])
            }
            try app.apply([.index(items)], indexName: options.index, clientState: AppIndex.ClientStateChange(new: Data("batch-\(batch)".utf8)))
            FileHandle.standardOutput.write(Data("ack \(batch)\n".utf8))
        }
    }
}
