import Foundation

/// A search hit with the protection class of the content that holds it.
public struct ClassifiedSearchHit: Sendable {
    /// The hit.
    public var hit: SearchHit
    /// The protection class of the item's index; nil for unprotected content.
    public var protectionClass: ProtectionClass?

    /// Creates a hit.
    public init(hit: SearchHit, protectionClass: ProtectionClass?) {
        self.hit = hit
        self.protectionClass = protectionClass
    }
}

extension LimelightStore {
    /// Runs typed text as a ranked user query over an app's content of several protection
    /// classes (see ``searchableApps(_:classes:)``): each class's hits are ranked on their own, and
    /// the best `options.limit` of all of them come first.
    /// - Parameter classes: the classes searched, nil standing for unprotected content; empty:
    ///   unprotected content and every class whose key is available.
    /// - Throws: ``CSSearchQueryError``; an index that cannot be opened as `indexUnreachable`.
    public func searchUserQuery(
        _ bundleIdentifier: String, text: String, options: UserQueryOptions, classes: [ProtectionClass?] = []
    ) throws(CSSearchQueryError) -> [ClassifiedSearchHit] {
        var found: [ClassifiedSearchHit] = []
        let apps = try searchedApps(bundleIdentifier, classes)
        for app in apps {
            found += try app.searchUserQuery(text: text, options: options).map { ClassifiedSearchHit(hit: $0, protectionClass: app.protectionClass) }
        }
        guard apps.count > 1 else { return found }
        found.sort { ($0.hit.score ?? 0) > ($1.hit.score ?? 0) }
        return Array(found.prefix(options.limit))
    }

    /// Runs a metadata query over an app's content of several protection classes: unprotected
    /// hits first, then each class's, at most `options.limit` in all.
    /// - Parameter classes: as for ``searchUserQuery(_:text:options:classes:)``.
    /// - Throws: ``CSSearchQueryError``; an index that cannot be opened as `indexUnreachable`.
    public func search(
        _ bundleIdentifier: String, query: String, options: SearchOptions, classes: [ProtectionClass?] = []
    ) throws(CSSearchQueryError) -> [ClassifiedSearchHit] {
        var found: [ClassifiedSearchHit] = []
        for app in try searchedApps(bundleIdentifier, classes) {
            var remaining = options
            if let limit = options.limit {
                guard found.count < limit else { break }
                remaining.limit = limit - found.count
            }
            found += try app.search(query: query, options: remaining).map { ClassifiedSearchHit(hit: $0, protectionClass: app.protectionClass) }
        }
        return found
    }

    /// Completions of `prefix` from an app's past queries and the vocabulary of its content of
    /// several protection classes, merged (past queries first, each text once).
    /// - Parameter classes: as for ``searchUserQuery(_:text:options:classes:)``.
    /// - Throws: ``CSSearchQueryError``; an index that cannot be opened as `indexUnreachable`.
    public func suggestions(
        _ bundleIdentifier: String, prefix: String, limit: Int, classes: [ProtectionClass?] = []
    ) throws(CSSearchQueryError) -> [QuerySuggestion] {
        do {
            return QuerySuggestion.merged(
                try searchedApps(bundleIdentifier, classes).map { try $0.suggestions(prefix: prefix, limit: limit) }, limit: limit)
        } catch let error as CSSearchQueryError {
            throw error
        } catch {
            throw CSSearchQueryError(.indexUnreachable, message: "the index could not be read: \(error)", underlyingError: error)
        }
    }

    /// The app's indexes of these classes, or `indexUnreachable` naming why they cannot be opened.
    private func searchedApps(_ bundleIdentifier: String, _ classes: [ProtectionClass?]) throws(CSSearchQueryError) -> [AppIndex] {
        do {
            return try searchableApps(bundleIdentifier, classes: classes)
        } catch {
            throw CSSearchQueryError(.indexUnreachable, message: "the index could not be opened: \(error)", underlyingError: error)
        }
    }
}
