import ArgumentParser
import Foundation
import Limelight

/// `limelight find`: runs a Spotlight metadata query (or, with `--interpret`, typed text as a
/// ranked user query) on an app's items, like mdfind.
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Find an app's items with a Spotlight metadata query, like mdfind.",
        discussion: """
            QUERY uses the Spotlight query syntax, for example 'title == "Paris*"cd && rating > 3'. \
            Without --index every named index of the app is searched. With --interpret the text is \
            run as a typed user query: every word matches as a prefix, results are ranked.
            """)

    @OptionGroup var options: AppOptions
    @OptionGroup var remote: RemoteOptions
    @Argument(help: "The query (or, with --interpret, the text typed).") var query: String
    @Flag(name: .long, help: "Run the text as a ranked user query (every word a prefix).") var interpret = false
    @Option(name: .long, help: ArgumentHelp("Attributes to print, comma-separated (default: title).", valueName: "a,b"))
    var attributes: String?
    @Option(name: .long, help: "The most items printed.") var limit: Int?
    @Flag(name: .long, help: "Print one JSON object per line.") var json = false
    @Flag(name: .long, help: "Show how each ranked score was built (implies --interpret ranking).") var explain = false

    func run() throws {
        let requested = attributes.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } }
        let fetch = requested ?? (json ? nil : ["title", "displayName"])
        let indexName = options.index.isEmpty ? nil : options.index
        if let limit, limit < 0 { throw ValidationError("--limit must not be negative") }
        let hits: [SearchHit]
        do {
            if let client = try remote.client(options) {
                if explain { throw CommandFailure("--explain needs the store itself (not --server)") }
                // As with a local store: the content of the chosen class, unprotected without one.
                let classes = [options.protection]
                hits = interpret
                    ? try client.searchUserQuery(
                        text: query, fetchAttributes: fetch, indexName: indexName, limit: limit ?? 20, protectionClasses: classes
                    ).map(\.hit)
                    : try client.search(query: query, fetchAttributes: fetch, indexName: indexName, limit: limit, protectionClasses: classes)
            } else if interpret || explain {
                hits = try options.openApp().searchUserQuery(
                    text: query,
                    options: UserQueryOptions(fetchAttributes: fetch, indexName: indexName, limit: limit ?? 20, explain: explain))
            } else {
                hits = try options.openApp().search(query: query, options: SearchOptions(fetchAttributes: fetch, indexName: indexName, limit: limit))
            }
        } catch let error as CSSearchQueryError {
            throw CommandFailure(error.message)
        } catch let error as CSIndexError {
            throw CommandFailure(error.message)
        }
        for hit in hits {
            if json {
                print(SearchHitJSON.line(hit))
            } else {
                var columns = [hit.uniqueIdentifier]
                for name in requested ?? ["title"] {
                    let value = hit.item[attribute: name] ?? (requested == nil ? hit.item[attribute: "displayName"] : nil)
                    columns.append(value.map(SearchHitJSON.text) ?? "")
                }
                if let score = hit.score { columns.append(String(format: "%.4f", score)) }
                print(columns.joined(separator: "\t"))
            }
            if explain, let explanation = hit.explanation {
                print(explanation.description.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
        }
        if !json { printError("\(hits.count) item(s)") }
    }
}

/// JSON and text forms of search hits for the command line.
enum SearchHitJSON {
    /// One JSON object: identifier, index, score and the fetched attributes by name.
    static func line(_ hit: SearchHit) -> String {
        var object: [String: Any] = ["uniqueIdentifier": hit.uniqueIdentifier]
        if !hit.indexName.isEmpty { object["indexName"] = hit.indexName }
        if let domain = hit.item.domainIdentifier { object["domainIdentifier"] = domain }
        if let score = hit.score { object["score"] = score }
        if let explanation = hit.explanation { object["explanation"] = explanation.description }
        for (definition, value) in hit.item.definedAttributes { object[definition.name] = json(value) }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else {
            return "{\"uniqueIdentifier\":\"\(hit.uniqueIdentifier)\"}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func json(_ value: AttributeValue) -> Any {
        switch value {
        case .string(let string): return string
        case .strings(let strings): return strings
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? Int(number) as Any : number
        case .numbers(let numbers): return numbers.map { $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) as Any : $0 }
        case .bool(let flag): return flag
        case .data(let data): return data.base64EncodedString()
        default: return value.textualElements.count == 1 ? value.textualElements[0] : value.textualElements
        }
    }

    static func text(_ value: AttributeValue) -> String {
        value.textualElements.joined(separator: ", ")
    }
}
