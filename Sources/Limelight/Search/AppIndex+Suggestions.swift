import Foundation
import LimelightCore
import LimelightQuery
import LimelightText

/// A completion of what the user is typing.
public struct QuerySuggestion: Sendable, Hashable {
    /// Where a suggestion comes from.
    public enum Source: String, Sendable, Hashable {
        /// A query the user ran before.
        case pastQuery
        /// A word of the app's indexed content completing the last word typed.
        case vocabulary
    }

    /// The full suggested query text.
    public var text: String
    /// Where it comes from.
    public var source: Source
    /// How strongly it is suggested (past queries: uses; vocabulary: documents containing the word).
    public var score: Double

    /// Creates a suggestion.
    public init(text: String, source: Source, score: Double) {
        self.text = text
        self.source = source
        self.score = score
    }
}

extension QuerySuggestion {
    /// The suggestions of several indexes as one list: past queries before vocabulary, each
    /// kind by score, every text once (with the scores of its sources added up).
    static func merged(_ lists: [[QuerySuggestion]], limit: Int) -> [QuerySuggestion] {
        guard lists.count > 1 else { return Array((lists.first ?? []).prefix(limit)) }
        var byText: [String: QuerySuggestion] = [:]
        var order: [String] = []
        for suggestion in lists.joined() {
            if var known = byText[suggestion.text] {
                known.score += suggestion.score
                if suggestion.source == .pastQuery { known.source = .pastQuery }
                byText[suggestion.text] = known
            } else {
                byText[suggestion.text] = suggestion
                order.append(suggestion.text)
            }
        }
        let all = order.compactMap { byText[$0] }
        let ranked = all.filter { $0.source == .pastQuery }.sorted { $0.score > $1.score }
            + all.filter { $0.source == .vocabulary }.sorted { $0.score > $1.score }
        return Array(ranked.prefix(limit))
    }
}

extension AppIndex {
    /// Attributes whose words are offered as completions (names, keywords, descriptions).
    static let vocabularyFields: [String] = AttributeCatalogue.defaultSearchableAttributes
        .filter { $0.type.isTextual }.map(\.name)

    /// Completions of `prefix`: past queries that start with it (most used first), then the
    /// text with its last word completed from the app's vocabulary (most frequent words first).
    /// - Parameters:
    ///   - prefix: The text typed so far.
    ///   - limit: The most suggestions returned.
    public func suggestions(prefix: String, limit: Int = 10) throws -> [QuerySuggestion] {
        let typed = FreeText(prefix)
        guard !typed.isEmpty, limit > 0 else { return [] }
        let snapshot = self.snapshot()
        let normalizedPrefix = SearchHistory.normalized(prefix)
        var seen: Set<String> = [normalizedPrefix]
        var result: [QuerySuggestion] = []
        let past = SearchHistory.pastQueries(snapshot.metadata).sorted { ($0.count, $0.lastUsed) > ($1.count, $1.lastUsed) }
        for query in past where result.count < limit {
            let normalized = SearchHistory.normalized(query.text)
            guard normalized.hasPrefix(normalizedPrefix), seen.insert(normalized).inserted else { continue }
            result.append(QuerySuggestion(text: query.text, source: .pastQuery, score: query.count))
        }
        guard result.count < limit, let last = typed.terms.last, !last.isComplete, !last.isPhrase else { return result }
        let stem = TextAnalyzer.indexTerm(last.text)
        guard !stem.isEmpty else { return result }
        var frequencies: [String: Int] = [:]
        do {
            for segment in snapshot.segments {
                for field in Self.vocabularyFields {
                    var scanned = 0
                    try segment.reader.field(field)?.dictionary.forEachTerm(withPrefix: stem) { term, info in
                        frequencies[String(decoding: term, as: UTF8.self), default: 0] += info.documentFrequency
                        scanned += 1
                        return scanned < 20_000
                    }
                }
            }
        } catch {
            throw CSSearchQueryError(.indexUnreachable, message: "the index could not be read: \(error)", underlyingError: error)
        }
        let leading = typed.terms.dropLast().map { $0.isPhrase ? "\"\($0.text)\"" : $0.text }
        for (term, frequency) in frequencies.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) where result.count < limit {
            guard term != stem else { continue }
            let text = (leading + [term]).joined(separator: " ")
            guard seen.insert(SearchHistory.normalized(text)).inserted else { continue }
            result.append(QuerySuggestion(text: text, source: .vocabulary, score: Double(frequency)))
        }
        return result
    }
}
