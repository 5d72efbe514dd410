import ArgumentParser
import Foundation
import Limelight
import LimelightCore
import LimelightText

/// `limelight demo`: indexes sample content into an embedded store and searches it.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Index sample content into an embedded store and search it as you type.")

    @Option(name: .long, help: ArgumentHelp("The store directory.", valueName: "dir"))
    var store: String = LimelightStore.defaultPath

    @Argument(help: "Text to search for after indexing (default: a few sample queries).")
    var queries: [String] = []

    func run() async throws {
        let bundle = "com.example.demo"
        let index = CSSearchableIndex(name: "", storePath: store, bundleIdentifier: bundle)
        let items = DemoContent.items()
        try await index.indexSearchableItems(items)
        print("Indexed \(items.count) sample items for \(bundle) into \(store)")
        let app = try LimelightStore.shared(path: store).app(bundle)
        for query in queries.isEmpty ? ["lettuce", "ban", "cupertino caf", "東京"] : queries {
            let hits = try DemoSearch.search(app, query)
            print("\n\u{1F50E} \(query)")
            if hits.isEmpty { print("   (no results)") }
            for record in hits.prefix(5) {
                let title = record.item[attribute: "title"]?.stringValue ?? record.item[attribute: "displayName"]?.stringValue ?? record.item.uniqueIdentifier
                let description = record.item[attribute: "contentDescription"]?.stringValue ?? ""
                print("   \(title)" + (description.isEmpty ? "" : " — \(description.prefix(60))"))
            }
        }
    }
}

/// A small as-you-type search used by the demo: every typed word must be a prefix of a word in a
/// default-searchable attribute; items matching in their title come first.
enum DemoSearch {
    static func search(_ app: AppIndex, _ text: String) throws -> [StoredRecord] {
        let words = TextAnalyzer.analyze(text).map(\.term)
        guard !words.isEmpty else { return [] }
        let fields = AttributeCatalogue.defaultSearchableAttributes.map(\.name)
        let query = EngineQuery.and(words.map { word in .or(fields.map { .prefix(field: $0, prefix: word) }) } + [AppIndex.unexpired(at: Date())])
        let snapshot = app.snapshot()
        let top = try snapshot.topDocuments(query, limit: 10) { segment, document in
            let reader = snapshot.segments[segment].reader
            var score = 0.0
            for word in words {
                for (field, weight) in [("title", 3.0), ("displayName", 3.0), ("keywords", 2.0)] {
                    if let dictionary = reader.field(field)?.dictionary, let info = try dictionary.lookup(word) {
                        var postings = try reader.field(field)!.postings(for: info)
                        if try postings.advance(to: document), postings.document == document { score += weight }
                    }
                }
            }
            return score
        }
        return try top.map { hit in
            let stored = try snapshot.segments[hit.segment].reader.storedDocument(hit.document).stored
            return try StoredRecord.decode(stored)
        }
    }
}
