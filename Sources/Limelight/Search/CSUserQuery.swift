import Dispatch
import Foundation

/// A query of text typed by the user (Core Spotlight's `CSUserQuery`): every word matches as a
/// prefix of a word in the app's searchable attributes, ignoring case and diacritics; results are
/// ranked; suggestions complete the last word from the app's vocabulary and past queries.
///
///     let query = CSUserQuery(userQueryString: "par", userQueryContext: context)
///     for try await response in query.responses {
///         switch response {
///         case .item(let item): …
///         case .suggestion(let suggestion): …
///         }
///     }
///
/// Engagement reported with ``userEngaged(_:visibleItems:interaction:)`` is kept durably: the
/// engaged item ranks higher afterwards and the query is remembered for suggestions.
open class CSUserQuery: CSSearchQuery, @unchecked Sendable {
    // Safety: adds only immutable properties to CSSearchQuery, whose mutable state is in a Mutex.

    /// A found item.
    public struct Item: Sendable, Identifiable {
        /// The item, with the fetched attributes.
        public let item: CSSearchableItem
        /// The named index holding it.
        let indexName: String
        /// The protection class of the index holding it (nil: unprotected).
        var protectionClass: ProtectionClass? = nil
        /// The item's unique identifier.
        public var id: String { item.uniqueIdentifier }
    }

    /// One response: an item or a suggestion.
    public enum Response: Sendable {
        /// A found item.
        case item(Item)
        /// A suggested query.
        case suggestion(CSSuggestion)
    }

    /// How the user engaged with a result.
    public enum UserInteractionKind: Int, Sendable, Hashable {
        /// The default interaction.
        case `default`
        /// The user selected (opened) the result.
        case select
        /// The user focused the result.
        case focus
    }

    /// The text typed.
    public let userQueryString: String
    /// Whether results are ranked.
    public let enableRankedResults: Bool
    /// The most items returned.
    public let maxResultCount: Int
    /// The most suggestions returned.
    public let maxSuggestionCount: Int

    /// A user query with a context (nil: the defaults, 20 ranked items and no suggestions).
    public convenience init(userQueryString: String?, userQueryContext: CSUserQueryContext?) {
        self.init(userQueryString: userQueryString, userQueryContext: userQueryContext, storePath: nil, bundleIdentifier: nil)
    }

    /// A user query on an explicit store and app.
    public convenience init(userQueryString: String?, userQueryContext: CSUserQueryContext?, storePath: String?, bundleIdentifier: String?) {
        // Without an explicit store, LIMELIGHT_SERVER and LIMELIGHT_TOKEN select the daemon.
        self.init(
            userQueryString: userQueryString, userQueryContext: userQueryContext, storePath: storePath,
            bundleIdentifier: bundleIdentifier, server: storePath == nil ? RemoteSearchableIndexClient.fromEnvironment() : nil)
    }

    /// A user query on the app's items kept by the `limelightd` daemon (the daemon knows the app
    /// from the client's token).
    public convenience init(userQueryString: String?, userQueryContext: CSUserQueryContext?, server: RemoteSearchableIndexClient) {
        self.init(userQueryString: userQueryString, userQueryContext: userQueryContext, storePath: nil, bundleIdentifier: nil, server: server)
    }

    init(
        userQueryString: String?, userQueryContext: CSUserQueryContext?, storePath: String?, bundleIdentifier: String?,
        server: RemoteSearchableIndexClient?
    ) {
        let context = userQueryContext ?? CSUserQueryContext()
        self.userQueryString = userQueryString ?? ""
        enableRankedResults = context.enableRankedResults
        maxResultCount = max(0, context.maxResultCount)
        maxSuggestionCount = max(0, context.maxSuggestionCount)
        super.init(
            queryString: userQueryString ?? "", queryContext: context, storePath: storePath, bundleIdentifier: bundleIdentifier,
            server: server)
    }

    override func run(_ deliver: ([CSSearchableItem]) -> Void) -> (any Error)? {
        runResponses(items: { deliver($0.map(\.item)) }, suggestions: { _ in })
    }

    /// Runs the ranked search and the suggestions; returns the error to report, if any.
    func runResponses(items: ([Item]) -> Void, suggestions: ([CSSuggestion]) -> Void) -> (any Error)? {
        if let server { return runResponsesRemotely(server, items: items, suggestions: suggestions) }
        do {
            let store = try LimelightStore.shared(path: storePath)
            if maxSuggestionCount > 0 {
                let found = try store.suggestions(bundleIdentifier, prefix: userQueryString, limit: maxSuggestionCount, classes: searchedClasses)
                if isCancelled { return CSSearchQueryError(.cancelled) }
                suggestions(found.enumerated().map { CSSuggestion($0.element, rank: $0.offset) })
            }
            let options = UserQueryOptions(fetchAttributes: fetchAttributes, filterQueries: filterQueries, limit: maxResultCount)
            return deliver(try store.searchUserQuery(bundleIdentifier, text: userQueryString, options: options, classes: searchedClasses), items: items)
        } catch let error as CSSearchQueryError {
            return error
        } catch {
            return CSSearchQueryError(.indexUnreachable, message: "the index could not be opened: \(error)", underlyingError: error)
        }
    }

    /// Hands the hits to `items` in batches (by identifier when results are not ranked) until
    /// cancelled; returns the error to report, if any.
    func deliver(_ hits: [ClassifiedSearchHit], items: ([Item]) -> Void) -> CSSearchQueryError? {
        let ordered = enableRankedResults ? hits : hits.sorted { $0.hit.uniqueIdentifier < $1.hit.uniqueIdentifier }
        var start = 0
        while start < ordered.count {
            if isCancelled { return CSSearchQueryError(.cancelled) }
            let batch = ordered[start..<min(ordered.count, start + batchSize)]
            items(batch.map { Item(item: $0.hit.item.makeSearchableItem(), indexName: $0.hit.indexName, protectionClass: $0.protectionClass) })
            start += batchSize
        }
        return isCancelled ? CSSearchQueryError(.cancelled) : nil
    }

    /// The responses as an asynchronous sequence: suggestions first, then items best first. It
    /// ends when the query completes and throws the query's error.
    public var responses: AsyncThrowingStream<Response, any Error> {
        AsyncThrowingStream { continuation in
            continuation.onTermination = { [self] termination in
                if case .cancelled = termination { cancel() }
            }
            DispatchQueue.global().async { [self] in
                let error = runResponses(
                    items: { items in
                        state.withLock { $0.foundItemCount += items.count }
                        for item in items { continuation.yield(.item(item)) }
                    },
                    suggestions: { suggestions in
                        for suggestion in suggestions { continuation.yield(.suggestion(suggestion)) }
                    })
                continuation.finish(throwing: error)
            }
        }
    }

    /// Records that the user engaged with an item shown for this query: the item ranks higher
    /// later and the query is remembered for suggestions. Items that were only visible are not
    /// penalised.
    open func userEngaged(_ item: Item, visibleItems: [Item], interaction: UserInteractionKind) {
        // Engagement with protected content is kept with it, encrypted.
        let app = try? LimelightStore.shared(path: storePath).app(bundleIdentifier, protection: item.protectionClass)
        try? app?.recordEngagement(identifier: item.id, indexName: item.indexName, query: userQueryString)
    }

    /// Records that the user chose a suggestion: its text is remembered as a past query.
    open func userEngaged(_ suggestion: CSSuggestion, visibleSuggestions: [CSSuggestion], interaction: UserInteractionKind) {
        let app = try? LimelightStore.shared(path: storePath).app(bundleIdentifier)
        try? app?.recordUserQuery(suggestion.suggestionText)
    }
}
