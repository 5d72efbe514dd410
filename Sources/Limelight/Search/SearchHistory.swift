import Foundation
import LimelightCore
import LimelightQuery
import LimelightText
import Synchronization

/// The app's search history, kept durably in its engine's metadata: the queries users ran (for
/// suggestions) and how often each item was engaged with (a ranking feature).
struct SearchHistory: Sendable {
    /// One remembered query.
    struct PastQuery: Sendable, Hashable {
        var text: String
        var count: Double
        var lastUsed: Double
    }

    static let queriesKey = "search/userQueries"
    static let engagementKey = "search/engagement"
    /// Most queries remembered; the least used and oldest are forgotten first.
    static let maximumQueries = 512
    /// Most engaged items remembered.
    static let maximumEngagements = 4096
    /// Serialises read-modify-write updates of the history within the process.
    static let updateLock = Mutex(())

    static func pastQueries(_ metadata: [String: [UInt8]]) -> [PastQuery] {
        guard let bytes = metadata[queriesKey] else { return [] }
        return (try? bytes.withUnsafeBytes { raw -> [PastQuery] in
            var reader = LimelightCore.ByteReader(raw)
            let count = try reader.readLength(limit: maximumQueries * 4)
            var result: [PastQuery] = []
            for _ in 0..<count {
                result.append(PastQuery(text: try reader.readString(), count: try reader.readDouble(), lastUsed: try reader.readDouble()))
            }
            return result
        }) ?? []
    }

    static func encode(_ queries: [PastQuery]) -> [UInt8] {
        var writer = LimelightCore.ByteWriter(capacity: 64 * queries.count + 8)
        writer.writeVarInt(queries.count)
        for query in queries {
            writer.writeString(query.text)
            writer.write(query.count)
            writer.write(query.lastUsed)
        }
        return writer.bytes
    }

    static func engagement(_ metadata: [String: [UInt8]]) -> [String: Double] {
        guard let bytes = metadata[engagementKey] else { return [:] }
        return (try? bytes.withUnsafeBytes { raw -> [String: Double] in
            var reader = LimelightCore.ByteReader(raw)
            let count = try reader.readLength(limit: maximumEngagements * 4)
            var result: [String: Double] = [:]
            for _ in 0..<count { result[try reader.readString()] = try reader.readDouble() }
            return result
        }) ?? [:]
    }

    static func encode(_ engagement: [String: Double]) -> [UInt8] {
        var writer = LimelightCore.ByteWriter(capacity: 64 * engagement.count + 8)
        writer.writeVarInt(engagement.count)
        for (key, count) in engagement.sorted(by: { $0.key < $1.key }) {
            writer.writeString(key)
            writer.write(count)
        }
        return writer.bytes
    }

    /// The normalised form of a query for comparisons: words folded and joined by one space.
    static func normalized(_ text: String) -> String {
        FreeText(text).words.map { TextFolding.fold($0, .indexTerm) }.joined(separator: " ")
    }
}

extension AppIndex {
    /// Remembers a query the user ran (for suggestions); repeated queries count up.
    /// - Throws: ``CSIndexError`` when the history cannot be written.
    public func recordUserQuery(_ text: String, now: Date = Date()) throws {
        let words = FreeText(text).words
        guard !words.isEmpty else { return }
        let display = words.joined(separator: " ")
        let key = SearchHistory.normalized(display)
        try SearchHistory.updateLock.withLock { _ in
            var queries = SearchHistory.pastQueries(snapshot().metadata)
            if let index = queries.firstIndex(where: { SearchHistory.normalized($0.text) == key }) {
                queries[index].count += 1
                queries[index].lastUsed = now.timeIntervalSince1970
                queries[index].text = display
            } else {
                queries.append(SearchHistory.PastQuery(text: display, count: 1, lastUsed: now.timeIntervalSince1970))
            }
            if queries.count > SearchHistory.maximumQueries {
                queries.sort { ($0.count, $0.lastUsed) > ($1.count, $1.lastUsed) }
                queries.removeLast(queries.count - SearchHistory.maximumQueries)
            }
            try writeHistory(SearchHistory.queriesKey, SearchHistory.encode(queries))
        }
    }

    /// Records that the user engaged with (opened) an item, optionally after typing `query`:
    /// engaged items rank higher later, and the query is remembered for suggestions.
    public func recordEngagement(identifier: String, indexName: String = "", query: String? = nil, now: Date = Date()) throws {
        try SearchHistory.updateLock.withLock { _ in
            var engagement = SearchHistory.engagement(snapshot().metadata)
            engagement[StoredRecord.key(indexName: indexName, identifier: identifier), default: 0] += 1
            if engagement.count > SearchHistory.maximumEngagements {
                for (key, _) in engagement.sorted(by: { $0.value < $1.value }).prefix(engagement.count - SearchHistory.maximumEngagements) {
                    engagement[key] = nil
                }
            }
            try writeHistory(SearchHistory.engagementKey, SearchHistory.encode(engagement))
        }
        if let query { try recordUserQuery(query, now: now) }
    }

    /// The remembered queries, most used first.
    public func pastUserQueries() -> [(text: String, count: Int)] {
        SearchHistory.pastQueries(snapshot().metadata).sorted { ($0.count, $0.lastUsed) > ($1.count, $1.lastUsed) }
            .map { ($0.text, Int($0.count)) }
    }

    private func writeHistory(_ key: String, _ value: [UInt8]) throws {
        do {
            try setMetadata(key, value)
        } catch {
            throw CSIndexError(.indexUnavailableError, message: "could not record search history: \(error)")
        }
    }
}
