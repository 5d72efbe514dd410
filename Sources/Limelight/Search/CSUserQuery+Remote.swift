import Foundation

extension CSUserQuery {
    /// Runs the ranked search and the suggestions in the daemon; returns the error to report, if any.
    func runResponsesRemotely(
        _ server: RemoteSearchableIndexClient, items: ([Item]) -> Void, suggestions: ([CSSuggestion]) -> Void
    ) -> (any Error)? {
        do {
            if maxSuggestionCount > 0 {
                let found = try server.suggestions(prefix: userQueryString, limit: maxSuggestionCount, protectionClasses: searchedClasses)
                if isCancelled { return CSSearchQueryError(.cancelled) }
                suggestions(found.enumerated().map { CSSuggestion($0.element, rank: $0.offset) })
            }
            let query = filterQueries.isEmpty ? nil : filterQueries.map { "(\($0))" }.joined(separator: " && ")
            let hits = try server.searchUserQuery(
                text: userQueryString, fetchAttributes: fetchAttributes, indexName: nil, limit: maxResultCount, filterQuery: query,
                protectionClasses: searchedClasses)
            return deliver(hits, items: items)
        } catch {
            return Self.queryError(error)
        }
    }
}
