import Foundation
import LimelightCore
import LimelightQuery
import LimelightRanking

/// Options of a ranked search of typed text.
public struct UserQueryOptions: Sendable {
    /// The attributes each hit carries; nil: every attribute.
    public var fetchAttributes: [String]?
    /// Metadata queries every hit must also match.
    public var filterQueries: [String]
    /// Only this named index; nil: all of the app's indexes.
    public var indexName: String?
    /// The most hits returned.
    public var limit: Int
    /// Whether each hit carries an ``Explanation`` of its score.
    public var explain: Bool
    /// Whether every typed word must match (Core Spotlight's behaviour); otherwise items matching
    /// more words rank above items matching fewer.
    public var requireAllWords: Bool
    /// The current time (expiration, recency).
    public var now: Date
    /// Whether words followed by a space match whole words only (only the word being typed is a
    /// prefix); by default every word matches as a prefix, as in Core Spotlight.
    public var completeWordsMatchWhole = false
    /// Whether hits carry only their identifiers and index names (no stored item is decoded):
    /// the fastest form, for callers that fetch items later.
    public var identifiersOnly = false

    /// Creates options.
    public init(
        fetchAttributes: [String]? = nil, filterQueries: [String] = [], indexName: String? = nil, limit: Int = 20,
        explain: Bool = false, requireAllWords: Bool = true, now: Date = Date()
    ) {
        self.fetchAttributes = fetchAttributes
        self.filterQueries = filterQueries
        self.indexName = indexName
        self.limit = limit
        self.explain = explain
        self.requireAllWords = requireAllWords
        self.now = now
    }
}

extension AppIndex {
    /// The ranking function for typed queries: BM25F over the default-searchable attributes and
    /// the text content, weighted by each attribute's ``RankingField``.
    public static let userQueryRanking: RankingParameters = {
        let fields = AttributeCatalogue.extendedSearchableAttributes.filter { $0.type.isTextual || $0.type.elementType == .url }.map { definition in
            let weight: Double
            switch definition.rankingField {
            case .title: weight = 3.0
            case .keywords: weight = 2.0
            case .description: weight = 1.5
            case .content: weight = 1.0
            case .other: weight = 1.2
            }
            return RankedField(field: definition.name, weight: weight, lengthNormalization: definition.rankingField == .content ? 0.75 : 0.5)
        } + [RankedField(field: IndexFields.defaultSearchableCustom, weight: 1.2, lengthNormalization: 0.5)]
        let features = RankingFeatures(
            recencyColumns: ["contentModificationDate", "contentCreationDate"],
            flagColumns: ["userCreated", "userOwned", "userCurated"], viewsColumn: IndexFields.viewCount, hintColumn: "rankingHint")
        return RankingParameters(fields: fields, features: features)
    }()

    /// The process-wide cache of short-prefix results (entries are keyed by segment identity).
    static let shortPrefixCache = ShortPrefixCache()

    /// Runs typed text as a ranked user query (Core Spotlight's `CSUserQuery`): every word matches
    /// as a prefix of a word of a searchable attribute, ignoring case and diacritics.
    /// - Returns: the best hits, best first, with scores (and explanations when asked).
    /// - Throws: ``CSSearchQueryError`` (`invalidQuery` for a bad filter query).
    public func searchUserQuery(text: String, options: UserQueryOptions = UserQueryOptions()) throws(CSSearchQueryError) -> [SearchHit] {
        let words = UserQueryWords.words(text, completeWordsMatchWhole: options.completeWordsMatchWhole)
        guard !words.isEmpty, options.limit > 0 else { return [] }
        let snapshot = self.snapshot()
        var clauses: [EngineQuery] = []
        clauses.reserveCapacity(options.filterQueries.count + 3)
        // App history shares the engine; exclude it only when there is some.
        let derived = snapshot.derived(TypedQuerySnapshot.init)
        if derived.holdsActivities {
            clauses.append(.term(field: IndexFields.kind, term: RecordKind.item.rawValue))
        }
        let filters = options.filterQueries.filter { !$0.allSatisfy(\.isWhitespace) }
        if !filters.isEmpty {
            let planner = QueryPlanner(schema: CatalogueQuerySchema(snapshot: snapshot), now: options.now.timeIntervalSince1970)
            for filter in filters { clauses.append(try Self.plan(filter, planner)) }
        }
        if let indexName = options.indexName { clauses.append(.term(field: IndexFields.indexName, term: indexName)) }
        clauses.append(Self.unexpired(at: options.now))
        Self.shortPrefixCache.warmInBackground(snapshot, parameters: Self.userQueryRanking, now: options.now.timeIntervalSince1970)
        let ranker = UserQueryRanker(parameters: Self.userQueryRanking, cache: Self.shortPrefixCache)
        let request = UserQueryRanker.Request(
            words: words, filter: .and(clauses), limit: options.limit, now: options.now.timeIntervalSince1970,
            requireAllWords: options.requireAllWords, engagedDocuments: derived.engagedDocuments, explain: options.explain)
        do {
            let found = try ranker.search(snapshot, request)
            if options.identifiersOnly { return try Self.identifierHits(found, in: snapshot) }
            return try found.map { ranked in
                var hit = try Self.hit(ranked.document, in: snapshot.segments[ranked.segment].reader, fetch: options.fetchAttributes)
                hit.score = ranked.score
                hit.explanation = ranked.explanation
                return hit
            }
        } catch {
            throw CSSearchQueryError(.indexUnreachable, message: "the index could not be read: \(error)", underlyingError: error)
        }
    }

    /// Hits that name their items and carry none of their attributes (``UserQueryOptions/identifiersOnly``):
    /// each key is read from the segment's key table and split in place, and each hit is built
    /// once, in an array of the right size.
    static func identifierHits(_ found: [RankedDocument], in snapshot: Snapshot) throws -> [SearchHit] {
        // Every key's cache misses first, together; then the keys, read from the caches.
        for (index, segment) in snapshot.segments.enumerated() where found.contains(where: { $0.segment == index }) {
            segment.reader.prefetchKeys(of: found.compactMap { $0.segment == index ? $0.document : nil })
        }
        var hits: [SearchHit] = []
        hits.reserveCapacity(found.count)
        for ranked in found {
            let (indexName, uniqueIdentifier) = try snapshot.segments[ranked.segment].reader.withKey(of: ranked.document, identifiers(key:))
            hits.append(
                SearchHit(
                    uniqueIdentifier: uniqueIdentifier, indexName: indexName, item: StoredItem(identifierOnly: uniqueIdentifier),
                    score: ranked.score, explanation: ranked.explanation))
        }
        return hits
    }

    /// The index name and unique identifier parsed from an item's engine key.
    static func identifiers(key: UnsafeRawBufferPointer) throws -> (indexName: String, uniqueIdentifier: String) {
        // An item of the default index: its key starts with the separator.
        if key.first == 0 { return ("", try LimelightCore.ByteReader.string(fromUTF8: UnsafeRawBufferPointer(rebasing: key.dropFirst()))) }
        // memchr: the generic search takes a byte at a time through the collection's indices.
        guard let base = key.baseAddress, let found = memchr(base, 0, key.count) else {
            return ("", try LimelightCore.ByteReader.string(fromUTF8: key))
        }
        let separator = base.distance(to: UnsafeRawPointer(found))
        return (
            try LimelightCore.ByteReader.string(fromUTF8: UnsafeRawBufferPointer(rebasing: key[..<separator])),
            try LimelightCore.ByteReader.string(fromUTF8: UnsafeRawBufferPointer(rebasing: key[(separator + 1)...]))
        )
    }

    /// Builds the cached answers of the expensive prefixes of the current snapshot's large segments
    /// now (see ``ShortPrefixCache/warm(_:parameters:now:)``). Typed queries otherwise start this in
    /// the background whenever a large segment appears (after opening, flushes and merges) or its
    /// answers have aged; benchmarks call it to measure the steady state.
    /// - Returns: How many prefix answers were built.
    @discardableResult
    public func warmSearchCaches(now: Date = Date()) throws -> Int {
        try Self.shortPrefixCache.warm(snapshot(), parameters: Self.userQueryRanking, now: now.timeIntervalSince1970)
    }

    /// The memory the process-wide short-prefix cache's documents take, in bytes.
    public static var searchCacheByteCount: Int { shortPrefixCache.byteCount }

    /// How many scored lists of words the process-wide short-prefix cache holds.
    public static var searchCacheScoredListCount: Int { shortPrefixCache.scoredListCount }

    /// Runs typed text as a ranked user query (the form the command line calls).
    public func searchUserQuery(text: String, limit: Int = 20, explain: Bool = false) throws(CSSearchQueryError) -> [SearchHit] {
        try searchUserQuery(text: text, options: UserQueryOptions(limit: limit, explain: explain))
    }
}

/// What typed queries work out once per snapshot: whether it holds app history (activities),
/// which they then exclude, and its engagement counts resolved to its documents (every query
/// reads them, and an app may remember thousands).
struct TypedQuerySnapshot: Sendable {
    let holdsActivities: Bool
    /// The engagement counts kept in the snapshot's metadata, resolved to its documents.
    let engagedDocuments: EngagedDocuments

    init(_ snapshot: Snapshot) {
        // A damaged dictionary counts as holding some, so that the exclusion is kept.
        holdsActivities = ((try? snapshot.documentFrequency(field: IndexFields.kind, term: RecordKind.activity.rawValue)) ?? 1) > 0
        engagedDocuments = EngagedDocuments(SearchHistory.engagement(snapshot.metadata), in: snapshot)
    }
}
