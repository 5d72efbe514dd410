import LimelightCore
import Synchronization

/// The best documents of each segment for one- and two-character prefixes, built on first use.
///
/// Such prefixes expand to thousands of terms and match most documents, so scoring them for
/// every keystroke costs milliseconds. The cache keeps, per segment (identified by its name and
/// its live-documents bitset, so deletions make a new entry) and per prefix, the ``depth`` best
/// documents by text relevance and features at build time; a query then only filters and
/// re-scores those. When filters leave fewer than the hits asked for, the ranker falls back to a
/// full evaluation. Entries are rebuilt after ``maximumAge`` seconds so recency stays current.
public final class ShortPrefixCache: Sendable {
    struct Key: Hashable {
        let segment: String
        let live: ObjectIdentifier
        let term: String
        let parameters: RankingParameters
    }

    /// One cached prefix.
    struct Entry: Sendable {
        /// The best documents and their text relevance.
        let documents: [(document: UInt32, relevance: Double)]
        /// Whether more documents matched than were kept.
        let isTruncated: Bool
        let builtAt: Double
        /// Holds the bitset so its identity is not reused while the entry lives.
        let live: LiveDocuments
    }

    /// How many documents are kept per prefix and segment.
    public let depth: Int
    /// Seconds after which an entry is rebuilt.
    public let maximumAge: Double
    /// Most entries kept; the cache is emptied when it would grow past this.
    public let capacity: Int
    private let entries = Mutex<[Key: Entry]>([:])

    /// Creates an empty cache.
    public init(depth: Int = 256, maximumAge: Double = 600, capacity: Int = 4096) {
        self.depth = depth
        self.maximumAge = maximumAge
        self.capacity = capacity
    }

    /// Whether a word is answered from the cache: a prefix of one or two characters.
    public static func isCacheable(_ word: QueryWord) -> Bool {
        word.isPrefix && word.phraseTerms == nil && !word.term.isEmpty && word.term.count <= 2
    }

    /// The number of entries.
    public var count: Int { entries.withLock { $0.count } }

    func entry(for scorer: SegmentScorer, word: QueryWord, parameters: RankingParameters, now: Double) throws -> Entry {
        let key = Key(segment: scorer.segment.reader.name, live: ObjectIdentifier(scorer.segment.live), term: word.term, parameters: parameters)
        if let cached = entries.withLock({ $0[key] }), cached.live === scorer.segment.live, abs(now - cached.builtAt) < maximumAge {
            return cached
        }
        let matches = try scorer.documents(for: [word], requireAll: true)
        var collector = TopCollector(limit: depth)
        for (index, document) in matches.documents.enumerated() {
            let score = matches.relevance[index] * scorer.features(document, includeEngagement: false).factor
            collector.add(ScoredDocument(segment: 0, document: document, score: score))
        }
        var relevance: [UInt32: Double] = [:]
        for (index, document) in matches.documents.enumerated() { relevance[document] = matches.relevance[index] }
        let kept = collector.results().map { (document: $0.document, relevance: relevance[$0.document] ?? 0) }
        let entry = Entry(documents: kept, isTruncated: matches.documents.count > depth, builtAt: now, live: scorer.segment.live)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
        return entry
    }
}
