import Foundation

extension CSUserQuery {
    /// Runs the ranked search and the suggestions in the daemon; returns the error to report, if any.
    func runResponsesRemotely(
        _ server: RemoteSearchableIndexClient, items: ([Item]) -> Void, suggestions: ([CSSuggestion]) -> Void
    ) -> (any Error)? {
        do {
            if maxSuggestionCount > 0 {
                let found = try server.suggestions(prefix: userQueryString, limit: maxSuggestionCount)
                if isCancelled { return CSSearchQueryError(.cancelled) }
                suggestions(found.enumerated().map { CSSuggestion($0.element, rank: $0.offset) })
            }
            let query = filterQueries.isEmpty ? nil : filterQueries.map { "(\($0))" }.joined(separator: " && ")
            var hits = try server.searchUserQuery(
                text: userQueryString, fetchAttributes: fetchAttributes, indexName: nil, limit: maxResultCount, filterQuery: query)
            if !enableRankedResults { hits.sort { $0.uniqueIdentifier < $1.uniqueIdentifier } }
            var start = 0
            while start < hits.count {
                if isCancelled { return CSSearchQueryError(.cancelled) }
                let batch = hits[start..<min(hits.count, start + batchSize)]
                items(batch.map { Item(item: $0.item.makeSearchableItem(), indexName: $0.indexName) })
                start += batchSize
            }
            return isCancelled ? CSSearchQueryError(.cancelled) : nil
        } catch {
            return Self.queryError(error)
        }
    }
}
