import ArgumentParser
import Foundation
import Limelight

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
        for query in queries.isEmpty ? ["lettuce", "ban", "cupertino caf", "東京", "frederic"] : queries {
            let hits = try app.searchUserQuery(text: query, limit: 5)
            print("\n\u{1F50E} \(query)")
            if hits.isEmpty { print("   (no results)") }
            for hit in hits {
                let title = hit.item[attribute: "title"]?.stringValue ?? hit.item[attribute: "displayName"]?.stringValue ?? hit.uniqueIdentifier
                let description = hit.item[attribute: "contentDescription"]?.stringValue ?? ""
                print("   \(title)" + (description.isEmpty ? "" : " — \(Self.shortened(description, to: 60))"))
            }
        }
        try LimelightStore.shared(path: store).close()
    }
}

extension DemoCommand {
    /// `text` cut at a word boundary to at most `limit` characters, with an ellipsis when cut.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        let cut = head.lastIndex(of: " ").map { head[..<$0] } ?? head
        return cut.trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) + "…"
    }
}
