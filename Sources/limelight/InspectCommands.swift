import ArgumentParser
import Foundation
import Limelight

/// `limelight show`: one item's attributes, like mdls.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print one item's attributes.")

    @OptionGroup var options: AppOptions
    @OptionGroup var remote: RemoteOptions
    @Flag(name: .long, help: "Print the item as one JSON object.") var json = false
    @Argument(help: "The item's unique identifier.") var identifier: String

    func run() throws {
        let found: StoredItem?
        var expiration: Date?
        do {
            if let client = try remote.client(options) {
                found = try client.item(identifier: identifier, indexName: options.index)
            } else {
                let record = try options.openApp().record(identifier: identifier, indexName: options.index)
                found = record?.item
                expiration = record?.expirationDate
            }
        } catch let error as CSIndexError {
            throw CommandFailure(error.message)
        }
        guard let item = found else {
            throw CommandFailure("no item '\(identifier)' in \(options.app)\(options.index.isEmpty ? "" : "/" + options.index)")
        }
        if json {
            print(ItemJSONCodec.encode(item))
            return
        }
        print("uniqueIdentifier".padding(toLength: 28, withPad: " ", startingAt: 0) + "= \(quoted(item.uniqueIdentifier))")
        if let domain = item.domainIdentifier {
            print("domainIdentifier".padding(toLength: 28, withPad: " ", startingAt: 0) + "= \(quoted(domain))")
        }
        if let expiration = expiration ?? item.expirationDate {
            print("expirationDate".padding(toLength: 28, withPad: " ", startingAt: 0) + "= \(ISO8601Date.format(expiration))")
        }
        for (definition, value) in item.definedAttributes {
            print(definition.name.padding(toLength: 28, withPad: " ", startingAt: 0) + "= " + display(value))
        }
    }
}

/// `limelight dump`: every item of an app (Apple's index cannot enumerate; this one can).
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "dump", abstract: "List every item of an app (or one named index).")

    @OptionGroup var options: AppOptions
    @Flag(name: .long, help: "Print one JSON object per line (the format `limelight index` reads).") var json = false
    @Flag(name: .long, help: "List items of every named index, not only --index.") var allIndexes = false

    func run() throws {
        let records = try options.openApp().records(indexName: allIndexes ? nil : options.index, kind: .item)
        for record in records {
            if json {
                print(ItemJSONCodec.encode(record.item))
            } else {
                let title = record.item[attribute: "title"]?.stringValue ?? record.item[attribute: "displayName"]?.stringValue ?? ""
                print("\(record.item.uniqueIdentifier)\t\(title)")
            }
        }
        if !json { printError("\(records.count) item(s)") }
    }
}

/// `limelight delete`: removes items by identifier, by domain, or all of them.
struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete items by identifier, by domain (with subdomains), or all.")

    @OptionGroup var options: AppOptions
    @OptionGroup var remote: RemoteOptions
    @Option(name: .customLong("id"), help: "An item identifier (repeatable).") var identifiers: [String] = []
    @Option(name: .customLong("domain"), help: "A domain identifier; also deletes its subdomains (repeatable).") var domains: [String] = []
    @Flag(name: .long, help: "Delete every item of the index and reset its client state.") var all = false

    func validate() throws {
        let chosen = (identifiers.isEmpty ? 0 : 1) + (domains.isEmpty ? 0 : 1) + (all ? 1 : 0)
        guard chosen == 1 else { throw ValidationError("give exactly one of --id, --domain or --all") }
    }

    func run() throws {
        let operation: AppIndex.Operation = all ? .deleteAll : identifiers.isEmpty ? .deleteDomains(domains) : .deleteIdentifiers(identifiers)
        do {
            try remote.backend(options).commit([operation], indexName: options.index, clientState: nil)
        } catch let error as CSIndexError {
            throw CommandFailure(error.message)
        }
        printError("deleted")
    }
}

/// `limelight status`: items, client state, segments and bytes of an app's indexes, like mdutil -s.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "Show an app's indexes: items, client state, segments, bytes.")

    @OptionGroup var options: AppOptions
    @Flag(name: .long, help: "Print one JSON object.") var json = false

    func run() throws {
        let app = try options.openApp()
        let statistics = app.engine.statistics()
        var indexes: [[String: Any]] = []
        for name in try app.indexNames() {
            var entry: [String: Any] = ["name": name.isEmpty ? "default" : name, "itemCount": try app.itemCount(indexName: name)]
            if let state = app.clientState(indexName: name) {
                entry["clientState"] = String(data: state, encoding: .utf8) ?? state.base64EncodedString()
            } else {
                entry["clientState"] = NSNull()
            }
            indexes.append(entry)
        }
        if json {
            let object: [String: Any] = [
                "bundleIdentifier": app.bundleIdentifier, "store": options.store, "indexes": indexes,
                "protection": ProtectionClass.name(of: options.protection),
                "protectedClasses": try LimelightStore.shared(path: options.store).protectionClasses(of: app.bundleIdentifier).map(\.rawValue),
                "documents": statistics.documentCount, "segments": statistics.segmentCount,
                "segmentBytes": statistics.segmentBytes, "logBytes": statistics.logBytes,
            ]
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        print("app:       \(app.bundleIdentifier)")
        print("store:     \(options.store)")
        print("content:   \(options.protection.map { "protection class \($0.rawValue), encrypted at rest" } ?? "unprotected")")
        let protected = try LimelightStore.shared(path: options.store).protectionClasses(of: app.bundleIdentifier)
        if !protected.isEmpty && options.protection == nil {
            print("protected: \(protected.map(\.rawValue).joined(separator: ", ")) (see them with --protection)")
        }
        print("records:   \(statistics.documentCount) in \(statistics.segmentCount) segment(s), \(statistics.segmentBytes) segment bytes, \(statistics.logBytes) log bytes")
        for entry in indexes {
            let state = entry["clientState"] as? String
            print("index \(entry["name"]!): \(entry["itemCount"]!) item(s), client state \(state.map { "\"\($0)\"" } ?? "none")")
        }
    }
}

func quoted(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

func display(_ value: AttributeValue) -> String {
    switch value {
    case .string(let text): quoted(text)
    case .strings(let texts): "(" + texts.map(quoted).joined(separator: ", ") + ")"
    case .data(let data): "<\(data.count) bytes>"
    default:
        value.textualElements.count == 1 ? value.textualElements[0] : "(" + value.textualElements.joined(separator: ", ") + ")"
    }
}
