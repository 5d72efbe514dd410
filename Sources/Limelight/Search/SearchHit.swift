import Foundation
import LimelightRanking

/// One item found by a search: where it lives and its attributes (only those asked for).
public struct SearchHit: Sendable {
    /// The item's unique identifier.
    public var uniqueIdentifier: String
    /// The named index holding the item ("" for the default index).
    public var indexName: String
    /// The item, reduced to the fetched attributes.
    public var item: StoredItem
    /// The ranking score (ranked searches only).
    public var score: Double?
    /// How the score was built (when asked for).
    public var explanation: Explanation?

    /// Creates a hit.
    public init(uniqueIdentifier: String, indexName: String, item: StoredItem, score: Double? = nil, explanation: Explanation? = nil) {
        self.uniqueIdentifier = uniqueIdentifier
        self.indexName = indexName
        self.item = item
        self.score = score
        self.explanation = explanation
    }
}

/// Options of a metadata-query search.
public struct SearchOptions: Sendable {
    /// The attributes each hit carries (names, aliases or custom keys); nil: every attribute.
    public var fetchAttributes: [String]?
    /// More queries every hit must also match (Core Spotlight's filter queries).
    public var filterQueries: [String]
    /// Only this named index; nil: all of the app's indexes.
    public var indexName: String?
    /// The most hits returned; nil: all.
    public var limit: Int?
    /// The current time (expiration and `$time`).
    public var now: Date
    /// The local time zone's offset from UTC in seconds (day and week boundaries of `$time`).
    public var timeZoneOffset: Int

    /// Creates options.
    public init(
        fetchAttributes: [String]? = nil, filterQueries: [String] = [], indexName: String? = nil, limit: Int? = nil,
        now: Date = Date(), timeZoneOffset: Int = TimeZone.current.secondsFromGMT()
    ) {
        self.fetchAttributes = fetchAttributes
        self.filterQueries = filterQueries
        self.indexName = indexName
        self.limit = limit
        self.now = now
        self.timeZoneOffset = timeZoneOffset
    }
}
