import Foundation

/// What a query fetches and how it is restricted, as in Core Spotlight.
open class CSSearchQueryContext: @unchecked Sendable {
    // Safety: the properties are plain values configured before the query starts; the query copies
    // them when it is created, so later changes never race with a running search.

    /// The attributes each found item carries (property names, Spotlight aliases or custom keys).
    /// Empty: items carry only their identifiers.
    open var fetchAttributes: [String] = []
    /// More queries each found item must also match.
    open var filterQueries: [String] = []
    /// The keyboard language the query was typed with (recorded; not used for matching).
    open var keyboardLanguage: String?

    /// Creates an empty context.
    public init() {}
}

/// The context of a typed user query (Core Spotlight's `CSUserQueryContext`).
open class CSUserQueryContext: CSSearchQueryContext, @unchecked Sendable {
    // Safety: as for CSSearchQueryContext, values are copied when the query is created.

    /// Whether items are ranked best first (otherwise they come in index order).
    open var enableRankedResults = true
    /// The most items returned.
    open var maxResultCount = 20
    /// The most suggestions returned.
    open var maxSuggestionCount = 0
    /// Whether semantic search is disabled (Limelight always matches words; recorded only).
    open var disableSemanticSearch = false

    /// Creates a context with Core Spotlight's defaults.
    public override init() { super.init() }

    /// A context with the given fetch attributes.
    public static func userQueryContext(fetchAttributes: [String]) -> CSUserQueryContext {
        let context = CSUserQueryContext()
        context.fetchAttributes = fetchAttributes
        return context
    }
}
