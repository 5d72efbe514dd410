import LimelightCore
import Synchronization

/// The best documents of each segment for one- to three-character prefixes, built on first use,
/// and for longer prefixes that match many documents, built when a segment is warmed.
///
/// Such prefixes expand to thousands of terms and match most documents, so scoring them for
/// every keystroke costs milliseconds. The cache keeps, per segment (identified by its name and
/// its live-documents bitset, so deletions make a new entry) and per prefix, the ``depth`` best
/// documents by text relevance and features at build time; a query then only filters and
/// re-scores those. When filters leave fewer than the hits asked for, the ranker falls back to a
/// full evaluation. Entries are rebuilt after ``maximumAge`` seconds so recency stays current.
///
/// For queries of several words, the cache also keeps frequent words' matches scored over whole
/// segments (see ``scoredList(of:in:scorer:builds:)``), within ``scoredListBudget`` bytes, and the
/// merged postings of short prefixes that have no such list.
public final class ShortPrefixCache: Sendable {
    struct Key: Hashable {
        let segment: String
        let live: ObjectIdentifier
        let term: String
        let isPrefix: Bool
        let parameters: RankingParameters

        /// Leaves the parameters out (a process ranks with one or two sets of them): hashing their
        /// arrays on every lookup costs more than comparing them on a match.
        func hash(into hasher: inout Hasher) {
            hasher.combine(segment)
            hasher.combine(live)
            hasher.combine(term)
            hasher.combine(isPrefix)
        }
    }

    /// One cached prefix. A class: a search hands the entry to the closures that read it in rank
    /// order, and copying one reference costs less than retaining each of its arrays.
    final class Entry: Sendable {
        /// The best documents, ascending.
        let documents: [UInt32]
        /// Their text relevance: one word's score, which is a `Float` exactly (see
        /// ``SegmentScorer/wordScore(weightedFrequency:idf:)``).
        let relevance: [Float]
        /// Their ranking keys (final score without engagement at `builtAt`), rounded up.
        let keys: [Float]
        /// Indexes into ``documents``, best key first: a search stops once no remaining document
        /// can enter its top hits.
        let rankOrder: [Int32]
        /// Whether more documents matched than were kept.
        let isTruncated: Bool
        /// The lowest ranking key kept (final score without engagement, at `builtAt`): no
        /// document left out ranks above it.
        let floor: Double
        /// For the shortest prefixes and whole words, the next best documents after ``documents``,
        /// best first (see ``deeperDepth``).
        let deeper: [UInt32]
        /// The text relevance of each of ``deeper``.
        let deeperRelevance: [Float]
        /// The ranking key of each of ``deeper``, rounded up (no document after it ranks above).
        let deeperKeys: [Float]
        /// Whether more documents matched than ``documents`` and ``deeper`` hold.
        let deeperIsTruncated: Bool
        /// When the entry was built (seconds since 1970): its keys are final scores at that instant.
        let builtAt: Double
        /// Holds the bitset so its identity is not reused while the entry lives.
        let live: LiveDocuments

        init(
            documents: [UInt32], relevance: [Float], keys: [Float], rankOrder: [Int32], isTruncated: Bool, floor: Double, deeper: [UInt32],
            deeperRelevance: [Float], deeperKeys: [Float], deeperIsTruncated: Bool, builtAt: Double, live: LiveDocuments
        ) {
            self.documents = documents
            self.relevance = relevance
            self.keys = keys
            self.rankOrder = rankOrder
            self.isTruncated = isTruncated
            self.floor = floor
            self.deeper = deeper
            self.deeperRelevance = deeperRelevance
            self.deeperKeys = deeperKeys
            self.deeperIsTruncated = deeperIsTruncated
            self.builtAt = builtAt
            self.live = live
        }
    }

    /// How many documents are kept per prefix and segment.
    public let depth: Int
    /// How many more documents are kept, in rank order, for prefixes of up to
    /// ``deeperPrefixLength`` characters and longer ones that match at least
    /// ``broadPrefixDocuments`` (the prefixes that match most documents, where a filter is most
    /// often left with too few of the first ``depth``) and for frequent whole words (whose
    /// deeper documents tighten the bound of queries of several frequent words).
    public let deeperDepth: Int
    /// The longest prefixes (in characters) that keep ``deeperDepth`` more documents whatever they
    /// match.
    public static let deeperPrefixLength = 2
    /// How many documents a longer prefix matches when it keeps ``deeperDepth`` more documents too.
    public let broadPrefixDocuments: Int
    /// Seconds after which an entry is rebuilt.
    public let maximumAge: Double
    /// Most entries kept; the cache is emptied when it would grow past this.
    public let capacity: Int
    /// Segments with fewer documents are not warmed: their short prefixes are cheap to score.
    public let warmingMinimumDocuments: Int
    /// Prefixes whose terms have fewer postings than this (summed over the ranked fields) are not
    /// warmed: scoring so few costs little more than reading a cached entry. A prefix of a few dozen
    /// documents ("trick") already costs twice as much to score (its words looked up in every
    /// field, their postings read and summed) as to answer from its entry.
    public let warmingMinimumPostings: Int
    private let entries = Mutex<[Key: Entry]>([:])

    struct MergedKey: Hashable {
        let segment: String
        let live: ObjectIdentifier
        let field: String
        let prefix: String
    }

    /// The union of the postings of every term that starts with a prefix (the prefix itself
    /// excluded), with summed term frequencies.
    struct MergedPostings: Sendable {
        let documents: [UInt32]
        let frequencies: [Float]
        let documentFrequencySum: Int
        let live: LiveDocuments
    }

    private let merged = Mutex<[MergedKey: MergedPostings]>([:])
    /// The scored matches of frequent words (see ``scoredList(of:in:scorer:builds:)``).
    let scoredLists = Mutex<ScoredLists>(ScoredLists())
    /// The most bytes the scored matches of frequent words may take.
    public let scoredListBudget: Int
    /// The postings from which a word is kept scored whatever the segment's size (see
    /// ``isKeptScored(postings:documentCount:)``).
    public let keptMinimumPostings: Int
    /// When each segment was warmed (see ``warm(_:parameters:now:)``), by its reader's
    /// ``SegmentReader/serial``.
    let warmed = Mutex<[UInt64: Double]>([:])

    /// Whether a prefix is short enough that its expansions are merged once and cached.
    static func hasMergedPostings(_ prefix: String) -> Bool { !prefix.isEmpty && prefix.count <= 3 }

    /// The merged postings of `prefix` in field `name` of `segment` when they were built; nil
    /// otherwise.
    func builtMergedPostings(segment: SegmentSnapshot, name: String, prefix: String) -> MergedPostings? {
        let key = MergedKey(segment: segment.reader.name, live: ObjectIdentifier(segment.live), field: name, prefix: prefix)
        return builtMergedPostings(key, live: segment.live)
    }

    private func builtMergedPostings(_ key: MergedKey, live: LiveDocuments) -> MergedPostings? {
        guard let cached = merged.withLock({ $0[key] }), cached.live === live else { return nil }
        return cached
    }

    func mergedPostings(segment: SegmentSnapshot, field: FieldReader, name: String, prefix: String) throws -> MergedPostings {
        let key = MergedKey(segment: segment.reader.name, live: ObjectIdentifier(segment.live), field: name, prefix: prefix)
        if let built = builtMergedPostings(key, live: segment.live) { return built }
        let documentCount = segment.reader.documentCount
        var terms: [TermInfo] = []
        let exactLength = prefix.utf8.count
        try field.dictionary.forEachTerm(withPrefix: prefix) { term, info in
            if term.count != exactLength { terms.append(info) }
            return true
        }
        let frequencySum = terms.reduce(0) { $0 + $1.documentFrequency }
        /// Calls `body` with each posting of the terms: its document and frequency.
        func forEachPosting(_ body: (UInt32, UInt32) -> Void) throws {
            for info in terms {
                var postings = try field.postings(for: info)
                while try postings.next() {
                    guard Int(postings.document) < documentCount else { throw StorageError.corrupt("posting beyond document count") }
                    body(postings.document, postings.frequency)
                }
            }
        }
        var documents: [UInt32] = []
        var frequencies: [Float] = []
        if frequencySum < documentCount / 8 {
            // Few postings: listed and sorted, rather than summed into an array as long as the
            // segment and scanned whole. Frequencies are small integers, exact in any order.
            var postingsByDocument: [UInt64] = []
            postingsByDocument.reserveCapacity(frequencySum)
            try forEachPosting { document, frequency in postingsByDocument.append(UInt64(document) << 32 | UInt64(frequency)) }
            DocumentKeySort.sort(&postingsByDocument)
            for entry in postingsByDocument {
                let document = UInt32(truncatingIfNeeded: entry >> 32)
                let frequency = Float(UInt32(truncatingIfNeeded: entry))
                if documents.last == document {
                    frequencies[frequencies.count - 1] += frequency
                } else if segment.live.isLive(document) {
                    documents.append(document)
                    frequencies.append(frequency)
                }
            }
        } else {
            var sums = [Float](repeating: 0, count: documentCount)
            try forEachPosting { document, frequency in sums[Int(document)] += Float(frequency) }
            for (document, sum) in sums.enumerated() where sum > 0 && segment.live.isLive(UInt32(document)) {
                documents.append(UInt32(document))
                frequencies.append(sum)
            }
        }
        let entry = MergedPostings(documents: documents, frequencies: frequencies, documentFrequencySum: frequencySum, live: segment.live)
        merged.withLock { merged in
            if merged.count >= capacity { merged.removeAll(keepingCapacity: true) }
            merged[key] = entry
        }
        return entry
    }

    /// Creates an empty cache.
    public init(
        depth: Int = 256, deeperDepth: Int = 1024, broadPrefixDocuments: Int = 2048, maximumAge: Double = 600, capacity: Int = 32_768,
        warmingMinimumDocuments: Int = 4096, warmingMinimumPostings: Int = 32, scoredListBudget: Int = 256 << 20,
        keptMinimumPostings: Int = 4096
    ) {
        self.scoredListBudget = scoredListBudget
        self.keptMinimumPostings = keptMinimumPostings
        self.depth = depth
        self.deeperDepth = deeperDepth
        self.broadPrefixDocuments = broadPrefixDocuments
        self.maximumAge = maximumAge
        self.capacity = capacity
        self.warmingMinimumDocuments = warmingMinimumDocuments
        self.warmingMinimumPostings = warmingMinimumPostings
    }

    /// Whether a word matching this many postings in a segment of `documentCount` documents is
    /// frequent: several such words typed together are answered from their cached best documents
    /// (whole words as well as prefixes), which warming builds ahead.
    static func isFrequent(postings: Int, documentCount: Int) -> Bool { postings >= max(documentCount / 16, 1) }

    /// Whether a word matching this many postings in a segment of `documentCount` documents is kept
    /// scored once a query has scored it over the whole segment (see
    /// ``scoredList(of:in:scorer:builds:)``): frequent words, words down to a sixty-fourth as
    /// frequent (in a segment of 64,000 documents, those in 62 or more; below a sixty-fourth of the
    /// documents a list has no bitset and costs eleven bytes a document), and in a large segment
    /// any word with ``keptMinimumPostings`` postings or more. Typing a word and then the next one
    /// scores the first again at every keystroke; scoring a word from thousands of postings in a
    /// segment of a million documents reads as many field lengths, each a cache miss; and a word
    /// typed before a prefix ("provider i") is then looked up in the prefix's list from its own,
    /// where scoring it from its postings in every field cost as much again as the rest of the query.
    func isKeptScored(postings: Int, documentCount: Int) -> Bool {
        postings >= min(max(documentCount / 1024, 1), keptMinimumPostings)
    }

    /// Whether the kept scored list of a word matching this many documents keeps score bands (see
    /// ``ScoreBands``): a frequent word's, or one with ``keptMinimumPostings`` documents.
    func hasScoreBands(documents: Int, documentCount: Int) -> Bool {
        Self.isFrequent(postings: documents, documentCount: documentCount) || documents >= keptMinimumPostings
    }

    /// Whether a word is answered from the cache: a prefix of one to three characters.
    public static func isCacheable(_ word: QueryWord) -> Bool {
        word.isPrefix && word.phraseTerms == nil && !word.term.isEmpty && word.term.count <= 3
    }

    /// The cached best documents for a one-word query in this segment: built on first use for a
    /// prefix of one to three characters, taken only when warmed for a longer prefix; nil when
    /// the cache does not answer the word.
    func answer(for scorer: SegmentScorer, word: QueryWord, parameters: RankingParameters, now: Double) throws -> Entry? {
        guard word.isPrefix, word.phraseTerms == nil, !word.term.isEmpty else { return nil }
        if Self.isCacheable(word) { return try entry(for: scorer, word: word, parameters: parameters, now: now) }
        return freshEntry(for: scorer, word: word, parameters: parameters, now: now)
    }

    /// The entry for `word` in the scorer's segment (with its current deletions) when it is
    /// younger than ``maximumAge``.
    func freshEntry(for scorer: SegmentScorer, word: QueryWord, parameters: RankingParameters, now: Double) -> Entry? {
        let key = Self.key(scorer, word, parameters)
        guard let cached = entries.withLock({ $0[key] }), cached.live === scorer.segment.live, abs(now - cached.builtAt) < maximumAge else {
            return nil
        }
        return cached
    }

    /// The number of entries.
    public var count: Int { entries.withLock { $0.count } }

    /// The memory the cached documents take, in bytes (their arrays' elements; the dictionaries'
    /// own overhead aside).
    public var byteCount: Int {
        let entryBytes = entries.withLock { entries in
            entries.values.reduce(0) { total, entry in
                total + entry.documents.count * 4 + entry.relevance.count * 4 + entry.keys.count * 4 + entry.rankOrder.count * 4
                    + entry.deeper.count * 4 + entry.deeperRelevance.count * 4 + entry.deeperKeys.count * 4
            }
        }
        let mergedBytes = merged.withLock { merged in
            merged.values.reduce(0) { $0 + $1.documents.count * 4 + $1.frequencies.count * 4 }
        }
        return entryBytes + mergedBytes + scoredLists.withLock { $0.byteCount }
    }

    /// How many merged postings lists of short prefixes the cache holds.
    public var mergedPostingsCount: Int { merged.withLock { $0.count } }

    /// How many scored lists of frequent words the cache holds.
    public var scoredListCount: Int { scoredLists.withLock { $0.lists.count } }

    func entry(for scorer: SegmentScorer, word: QueryWord, parameters: RankingParameters, now: Double) throws -> Entry {
        if let cached = freshEntry(for: scorer, word: word, parameters: parameters, now: now) { return cached }
        let matches = try scorer.documents(for: [word], requireAll: true)
        // Whole words are cached only when frequent, to bound queries of several of them: their deeper
        // documents lower the bound as those of the shortest prefixes do. Longer prefixes that
        // match as many documents as short ones keep them too.
        let isBroad = word.term.count <= Self.deeperPrefixLength || matches.documents.count >= broadPrefixDocuments
        let deeperCount = !word.isPrefix || isBroad ? deeperDepth : 0
        var collector = TopCollector(limit: depth + deeperCount)
        for (index, document) in matches.documents.enumerated() {
            // Ranked as the final score ranks (rounded, hint last), so the kept documents are the
            // ones a full evaluation would return, ties included.
            if let threshold = collector.threshold,
                scorer.finalScoreCeiling(relevance: matches.relevance[index], matchedWords: 1, requireAll: true) < threshold {
                continue
            }
            let score = scorer.finalScore(
                document, relevance: matches.relevance[index], matchedWords: 1, wordCount: 1, requireAll: true, includeEngagement: false)
            collector.add(ScoredDocument(segment: 0, document: document, score: score))
        }
        let ranked = collector.results()
        let best = ranked.prefix(depth)
        let rest = ranked.dropFirst(depth)
        let keptByDocument = best.sorted { $0.document < $1.document }
        let kept = keptByDocument.map(\.document)
        let keys = keptByDocument.map { Self.roundedUp($0.score) }
        func relevance(of document: UInt32) -> Float {
            let value = matches.relevance[DocumentSets.lowerBound(matches.documents, document, from: 0)]
            assert(Double(Float(value)) == value, "one word's score is a Float")
            return Float(value)
        }
        let entry = Entry(
            documents: kept, relevance: kept.map(relevance(of:)), keys: keys,
            rankOrder: kept.indices.sorted { keys[$0] > keys[$1] }.map { Int32($0) },
            isTruncated: matches.documents.count > depth, floor: best.last?.score ?? 0,
            deeper: rest.map(\.document), deeperRelevance: rest.map { relevance(of: $0.document) },
            deeperKeys: rest.map { Self.roundedUp($0.score) },
            deeperIsTruncated: matches.documents.count > depth + deeperCount, builtAt: now, live: scorer.segment.live)
        let key = Self.key(scorer, word, parameters)
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = entry
        }
        return entry
    }

    /// The key of `word`'s entry in the scorer's segment, with its current deletions.
    static func key(_ scorer: SegmentScorer, _ word: QueryWord, _ parameters: RankingParameters) -> Key {
        Key(
            segment: scorer.segment.reader.name, live: ObjectIdentifier(scorer.segment.live), term: word.term, isPrefix: word.isPrefix,
            parameters: parameters)
    }

    /// The smallest `Float` not below `value`.
    static func roundedUp(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) < value ? rounded.nextUp : rounded
    }
}
