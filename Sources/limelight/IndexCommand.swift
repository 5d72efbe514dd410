import ArgumentParser
import Foundation
import Limelight

/// `limelight index`: adds items from JSON lines, all in one atomic batch.
struct IndexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "index",
        abstract: "Index items from a JSON-lines file (one atomic batch).",
        discussion: """
            Each line is one item: {"uniqueIdentifier": "…", "domainIdentifier": "…", \
            "expirationDate": "ISO-8601", "contentType": "public.item", "attributes": {"title": "…", …}}. \
            Attributes are named as in Core Spotlight; dates are ISO 8601 strings. If any line is \
            invalid, its line number and the reason are printed and nothing is indexed.
            """)

    @OptionGroup var options: AppOptions

    @OptionGroup var remote: RemoteOptions

    @Option(name: .long, help: ArgumentHelp("Commit this client state with the batch (named indexes only).", valueName: "state"))
    var clientState: String?

    @Argument(help: ArgumentHelp("The JSON-lines file, or - for standard input.", valueName: "file.jsonl"))
    var file: String

    func run() throws {
        let text: String
        do {
            let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
            guard let decoded = String(data: data, encoding: .utf8) else { throw CommandFailure("\(file) is not UTF-8 text") }
            text = decoded
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure("cannot read \(file): \(error.localizedDescription)")
        }
        if clientState != nil && options.index.isEmpty {
            throw CommandFailure("--client-state needs a named index (--index NAME)")
        }
        let progress = ProgressReporter(label: "parsed", every: 50_000)
        var items: [StoredItem] = []
        var errors: [String] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            do {
                items.append(try ItemJSONCodec.decodeItem(fromLine: String(line)))
            } catch {
                errors.append("line \(lineNumber): \(error.message) (\(error.kind.rawValue)\(error.path.isEmpty ? "" : " at \(error.path)"))")
                if errors.count >= 20 { break }
            }
            progress.tick(lineNumber)
        }
        if !errors.isEmpty {
            for error in errors { printError("error: \(error)") }
            throw CommandFailure("nothing was indexed: \(errors.count)\(errors.count >= 20 ? "+" : "") invalid line(s) in \(file)")
        }
        let backend = try remote.backend(options)
        let started = Date()
        do {
            try backend.commit(
                [.index(items)], indexName: options.index,
                clientState: clientState.map { AppIndex.ClientStateChange(new: Data($0.utf8)) })
        } catch let error as CSIndexError {
            throw CommandFailure("nothing was indexed: \(error.message)")
        }
        progress.finish()
        let seconds = Date().timeIntervalSince(started)
        let target = backend is RemoteSearchableIndexClient ? "the daemon's index for this token" : options.app
        printError("indexed \(items.count) item(s) into \(target)\(options.index.isEmpty ? "" : "/" + options.index) in \(String(format: "%.2f", seconds)) s")
    }
}

/// Prints progress of long work to standard error.
final class ProgressReporter {
    private let label: String
    private let every: Int
    private var reported = false

    init(label: String, every: Int) {
        self.label = label
        self.every = every
    }

    func tick(_ count: Int) {
        if count % every == 0 {
            printError("… \(label) \(count)")
            reported = true
        }
    }

    func finish() {
        if reported { printError("… done") }
    }
}

extension CommandFailure: LocalizedError {
    var errorDescription: String? { description }
}
