import LimelightCore

/// A tiny analyser for engine tests: lowercased whitespace-separated words.
func textField(_ name: String, _ text: String) -> FieldTerms {
    let words = text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
    return FieldTerms(
        field: name, kind: .text,
        terms: words.enumerated().map { TermOccurrence(term: String($0.element), position: UInt32($0.offset)) })
}

func document(_ key: String, title: String, body: String = "", size: Double? = nil, domain: String? = nil) -> IndexDocument {
    var fields = [textField("title", title)]
    if !body.isEmpty { fields.append(textField("body", body)) }
    if let domain { fields.append(.keywords("domain", [domain])) }
    var numbers: [String: Double] = [:]
    if let size { numbers["size"] = size }
    return IndexDocument(key: key, fields: fields, numbers: numbers, stored: Array(title.utf8))
}

extension Snapshot {
    /// The keys of all live documents matching `query`, sorted.
    func keys(_ query: EngineQuery) throws -> [String] {
        var keys: [String] = []
        for (index, documents) in try matchingDocuments(query).enumerated() {
            for document in documents { keys.append(try segments[index].reader.key(of: document)) }
        }
        return keys.sorted()
    }
}
