import Foundation

extension RemoteSearchableIndexClient {
    /// Runs a Spotlight metadata query on the app's items in the daemon (`GET /v1/query`).
    /// - Parameters:
    ///   - query: The query string.
    ///   - fetchAttributes: The attributes the items carry (nil: all).
    ///   - indexName: One named index, or nil for all of the app's indexes.
    ///   - limit: The most items returned (nil: the daemon's default).
    ///   - protectionClasses: The classes searched, nil standing for unprotected content; empty:
    ///     unprotected content and every class the daemon has unlocked.
    /// - Throws: ``CSIndexError`` with the daemon's message (a syntax error names the column).
    public func search(
        query: String, fetchAttributes: [String]?, indexName: String?, limit: Int?, protectionClasses: [ProtectionClass?] = []
    ) throws -> [SearchHit] {
        let parameters = Self.parameters(["q": query], fetchAttributes, indexName, limit, protectionClasses)
        let object = try send("GET", "/v1/query" + parameters, body: nil)
        return try (object["items"] as? [Any] ?? []).map { json in
            let item = try Self.item(json)
            return SearchHit(uniqueIdentifier: item.uniqueIdentifier, indexName: indexName ?? "", item: item)
        }
    }

    /// Runs typed text as a ranked user query on the app's items in the daemon (`GET /v1/user-query`).
    /// - Parameters: As for ``search(query:fetchAttributes:indexName:limit:protectionClasses:)``, and
    ///   `filterQuery`, a metadata query every hit must also match.
    /// - Returns: The hits, best first, each with the protection class of its content.
    /// - Throws: ``CSIndexError`` with the daemon's message.
    public func searchUserQuery(
        text: String, fetchAttributes: [String]?, indexName: String?, limit: Int?, filterQuery: String? = nil,
        protectionClasses: [ProtectionClass?] = []
    ) throws -> [ClassifiedSearchHit] {
        var base = ["q": text]
        if let filterQuery { base["filter"] = filterQuery }
        let object = try send("GET", "/v1/user-query" + Self.parameters(base, fetchAttributes, indexName, limit, protectionClasses), body: nil)
        return try (object["hits"] as? [Any] ?? []).map { json in
            let hit = json as? [String: Any] ?? [:]
            let item = try Self.item(hit["item"] as Any)
            let found = SearchHit(
                uniqueIdentifier: item.uniqueIdentifier, indexName: hit["index"] as? String ?? "", item: item,
                score: (hit["score"] as? NSNumber)?.doubleValue)
            return ClassifiedSearchHit(hit: found, protectionClass: (hit["protection"] as? String).flatMap(ProtectionClass.init(rawValue:)))
        }
    }

    /// Completions of typed text from the app's past queries and vocabulary (`GET /v1/suggestions`).
    /// - Throws: ``CSIndexError`` with the daemon's message.
    public func suggestions(prefix: String, limit: Int, protectionClasses: [ProtectionClass?] = []) throws -> [QuerySuggestion] {
        let parameters = Self.parameters(["prefix": prefix, "limit": String(limit)], nil, nil, nil, protectionClasses)
        let object = try send("GET", "/v1/suggestions" + parameters, body: nil)
        return (object["suggestions"] as? [[String: Any]] ?? []).compactMap { json in
            guard let text = json["text"] as? String else { return nil }
            let source = (json["source"] as? String).flatMap(QuerySuggestion.Source.init(rawValue:)) ?? .vocabulary
            return QuerySuggestion(text: text, source: source, score: (json["score"] as? NSNumber)?.doubleValue ?? 0)
        }
    }

    /// The `protection` parameter's value naming these classes (``ProtectionClass/unprotectedName`` for unprotected content).
    public static func protectionParameter(_ classes: [ProtectionClass?]) -> String {
        classes.map(ProtectionClass.name(of:)).joined(separator: ",")
    }

    private static func parameters(
        _ base: [String: String], _ fetchAttributes: [String]?, _ indexName: String?, _ limit: Int?, _ classes: [ProtectionClass?]
    ) -> String {
        var pairs = base
        if !classes.isEmpty { pairs["protection"] = protectionParameter(classes) }
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
