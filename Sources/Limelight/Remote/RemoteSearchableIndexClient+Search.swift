import Foundation

extension RemoteSearchableIndexClient {
    /// Runs a Spotlight metadata query on the app's items in the daemon (`GET /v1/query`).
    /// - Parameters:
    ///   - query: The query string.
    ///   - fetchAttributes: The attributes the items carry (nil: all).
    ///   - indexName: One named index, or nil for all of the app's indexes.
    ///   - limit: The most items returned (nil: the daemon's default).
    /// - Throws: ``CSIndexError`` with the daemon's message (a syntax error names the column).
    public func search(query: String, fetchAttributes: [String]?, indexName: String?, limit: Int?) throws -> [SearchHit] {
        let object = try send("GET", "/v1/query" + Self.parameters(["q": query], fetchAttributes, indexName, limit), body: nil)
        return try (object["items"] as? [Any] ?? []).map { json in
            let item = try Self.item(json)
            return SearchHit(uniqueIdentifier: item.uniqueIdentifier, indexName: indexName ?? "", item: item)
        }
    }

    /// Runs typed text as a ranked user query on the app's items in the daemon (`GET /v1/user-query`).
    /// - Parameters: As for ``search(query:fetchAttributes:indexName:limit:)``, and `filterQuery`, a
    ///   metadata query every hit must also match.
    /// - Throws: ``CSIndexError`` with the daemon's message.
    public func searchUserQuery(
        text: String, fetchAttributes: [String]?, indexName: String?, limit: Int?, filterQuery: String? = nil
    ) throws -> [SearchHit] {
        var base = ["q": text]
        if let filterQuery { base["filter"] = filterQuery }
        let object = try send("GET", "/v1/user-query" + Self.parameters(base, fetchAttributes, indexName, limit), body: nil)
        return try (object["hits"] as? [Any] ?? []).map { json in
            let hit = json as? [String: Any] ?? [:]
            let item = try Self.item(hit["item"] as Any)
            return SearchHit(
                uniqueIdentifier: item.uniqueIdentifier, indexName: hit["index"] as? String ?? "", item: item,
                score: (hit["score"] as? NSNumber)?.doubleValue)
        }
    }

    /// Completions of typed text from the app's past queries and vocabulary (`GET /v1/suggestions`).
    /// - Throws: ``CSIndexError`` with the daemon's message.
    public func suggestions(prefix: String, limit: Int) throws -> [QuerySuggestion] {
        let object = try send("GET", "/v1/suggestions?prefix=" + Self.percentEncode(prefix) + "&limit=" + String(limit), body: nil)
        return (object["suggestions"] as? [[String: Any]] ?? []).compactMap { json in
            guard let text = json["text"] as? String else { return nil }
            let source = (json["source"] as? String).flatMap(QuerySuggestion.Source.init(rawValue:)) ?? .vocabulary
            return QuerySuggestion(text: text, source: source, score: (json["score"] as? NSNumber)?.doubleValue ?? 0)
        }
    }

    private static func parameters(_ base: [String: String], _ fetchAttributes: [String]?, _ indexName: String?, _ limit: Int?) -> String {
        var pairs = base
        if let fetchAttributes { pairs["attributes"] = fetchAttributes.joined(separator: ",") }
        if let indexName { pairs["index"] = indexName }
        if let limit { pairs["limit"] = String(limit) }
        return "?" + pairs.sorted { $0.key < $1.key }.map { $0.key + "=" + percentEncode($0.value) }.joined(separator: "&")
    }

    private static func item(_ json: Any) throws -> StoredItem {
        guard JSONSerialization.isValidJSONObject(json) else {
            throw CSIndexError(.remoteConnectionError, message: "the daemon answered an item that is not a JSON object")
        }
        do {
            return try ItemJSONCodec.decodeItem(from: JSONSerialization.data(withJSONObject: json))
        } catch {
            throw CSIndexError(.remoteConnectionError, message: "the daemon answered an unreadable item: \(error)")
        }
    }
}
