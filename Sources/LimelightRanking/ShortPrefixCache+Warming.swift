import Dispatch
import LimelightCore

extension ShortPrefixCache {
    /// The longest prefixes warmed for every term, in characters.
    public static let warmingMaximumLength = 6
    /// The longest prefixes warmed for frequent words, in characters.
    public static let warmingLongestWord = 16
    /// The fewest postings a word longer than ``warmingMaximumLength`` characters needs to count
    /// towards its longer prefixes, so that their count stays small (a million documents hold
    /// hundreds of thousands of rarer long words).
    public static let warmingLongWordMinimumPostings = 6
    /// The most documents (8 bytes each) the merged postings of one- to three-character prefixes may hold
    /// when a segment is warmed.
    public static let warmingMergedDocumentBudget = 4 << 20

    /// Builds, for every large segment of `snapshot` that needs warming (not warmed in the last
    /// ``maximumAge`` seconds), the entries of the prefixes that are expensive to score: those of up
    /// to ``warmingMaximumLength`` characters and the longer prefixes of frequent words, and of the
    /// frequent whole words (which bound queries of several frequent words). The first keystrokes
    /// of a search are then answered from the cache instead of scoring thousands of documents.
    /// The scored lists of the words and prefixes whose lists scoring keeps, most frequent first
    /// (see ``scoredList(of:in:scorer:builds:)``), which queries of several words are scored
    /// from, the merged postings of one- to three-character prefixes
    /// left without one, and the segment's trigram indexes for infix and suffix queries are built
    /// too.
    ///
    /// - Returns: How many entries were built.
    /// - Throws: ``StorageError`` when a segment cannot be read.
    @discardableResult
    public func warm(_ snapshot: Snapshot, parameters: RankingParameters, now: Double) throws -> Int {
        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: [:], cache: self)
        // At most half the cache's capacity, and never more than leaves a quarter of it free for
        // entries built on first use (the cache is emptied when full); largest segments and most
        // postings first.
        var budget = min(capacity / 2, max(0, capacity - capacity / 4 - count))
        var built = 0
        for segment in claimUnwarmedSegments(of: snapshot, now: now).sorted(by: { $0.reader.documentCount > $1.reader.documentCount }) {
            let scorer = SegmentScorer(segment: segment, context: context)
            let expensive = try expensiveWords(of: segment, fields: parameters.fields)
            let words = expensive.frequentWords.map { QueryWord(term: $0, isPrefix: false) } + expensive.prefixes.map { QueryWord(term: $0, isPrefix: true) }
            for word in words.prefix(budget) {
                _ = try entry(for: scorer, word: word, parameters: parameters, now: now)
                built += 1
                budget -= 1
            }
            // One-character prefixes first: they are the most expensive to score on first use. Then
            // the other frequent words and prefixes, then those less frequent that scoring keeps
            // anyway, so that a query of several of them is scored from their lists on first use.
            let listed = expensive.frequentPrefixes.filter { $0.count == 1 }.map { QueryWord(term: $0, isPrefix: true) }
                + expensive.frequentWords.map { QueryWord(term: $0, isPrefix: false) }
                + expensive.frequentPrefixes.filter { $0.count > 1 }.map { QueryWord(term: $0, isPrefix: true) }
                + expensive.keptWords.map { QueryWord(term: $0, isPrefix: false) }
                + expensive.keptPrefixes.map { QueryWord(term: $0, isPrefix: true) }
            try warmScoredLists(scorer, words: listed)
            try warmMergedPostings(of: segment, prefixes: expensive.prefixes.filter(Self.hasMergedPostings), scorer: scorer)
            try segment.reader.prepareSubstringScans()
            try segment.reader.prepareTermPresence(ofTextFieldsAmong: parameters.fieldNames)
        }
        return built
    }

    /// Builds the scored lists of `words` (frequent ones, most postings first) until their matches
    /// fill half of ``scoredListBudget`` (their bands come on top).
    private func warmScoredLists(_ scorer: SegmentScorer, words: [QueryWord]) throws {
        let fields = scorer.rankedFields()
        for word in words {
            guard scoredLists.withLock({ $0.matchesByteCount }) < scoredListBudget / 2 else { return }
            _ = try scoredList(of: scorer.resolve(word, in: fields), in: fields, scorer: scorer, builds: true)
        }
    }

    /// Builds the merged postings of those of `prefixes` (most postings first) that have no scored
    /// list, in each ranked text field, until they hold ``warmingMergedDocumentBudget`` documents.
    private func warmMergedPostings(of segment: SegmentSnapshot, prefixes: [String], scorer: SegmentScorer) throws {
        var documents = 0
        let rankedFields = scorer.rankedFields()
        for prefix in prefixes {
            let word = try scorer.resolve(QueryWord(term: prefix, isPrefix: true), in: rankedFields)
            guard try scoredList(of: word, in: rankedFields, scorer: scorer, builds: false) == nil else { continue }
            for field in scorer.context.parameters.fields {
                guard let reader = segment.reader.field(field.field), reader.statistics.kind == .text else { continue }
                guard documents < Self.warmingMergedDocumentBudget else { return }
                documents += try mergedPostings(segment: segment, field: reader, name: field.field, prefix: prefix).documents.count
            }
        }
    }

    /// Starts ``warm(_:parameters:now:)`` on a background queue when `snapshot` has a large
    /// segment that needs warming (after an index opens, after a flush or merge, and once its
    /// entries have aged past ``maximumAge``).
    public func warmInBackground(_ snapshot: Snapshot, parameters: RankingParameters, now: Double) {
        let needed = warmed.withLock { warmed in snapshot.segments.contains { needsWarming($0, warmed, now: now) } }
        guard needed else { return }
        DispatchQueue.global(qos: .utility).async {
            _ = try? self.warm(snapshot, parameters: parameters, now: now)
        }
    }

    /// Whether `segment` is large and was not warmed in the last ``maximumAge`` seconds. Deletions
    /// do not count as a change, so an app deleting items while its user types does not re-warm
    /// the segment on every keystroke; entries they invalidate are rebuilt on first use or at the
    /// next warming.
    private func needsWarming(_ segment: SegmentSnapshot, _ warmed: [UInt64: Double], now: Double) -> Bool {
        guard segment.reader.documentCount >= warmingMinimumDocuments else { return false }
        guard let warmedAt = warmed[segment.reader.serial] else { return true }
        return abs(now - warmedAt) >= maximumAge
    }

    /// The segments of `snapshot` that need warming, marked as warmed (so that concurrent
    /// callers do not warm them twice). Warmings too old to count are forgotten, which also drops
    /// those of readers that have gone.
    private func claimUnwarmedSegments(of snapshot: Snapshot, now: Double) -> [SegmentSnapshot] {
        warmed.withLock { warmed in
            warmed = warmed.filter { abs(now - $0.value) < maximumAge }
            var claimed: [SegmentSnapshot] = []
            for segment in snapshot.segments where needsWarming(segment, warmed, now: now) {
                warmed[segment.reader.serial] = now
                claimed.append(segment)
            }
            return claimed
        }
    }

    /// The prefixes and whole words of a segment worth warming, each list most postings first.
    struct WarmingWords {
        /// Prefixes whose terms have at least ``warmingMinimumPostings`` postings together (beyond
        /// ``warmingMaximumLength`` characters, counting only terms of at least
        /// ``warmingLongWordMinimumPostings``): their best documents are cached.
        var prefixes: [String]
        /// The frequent ones among ``prefixes`` (see ``isFrequent(postings:documentCount:)``).
        var frequentPrefixes: [String]
        /// The frequent whole words, which typed with other frequent words are answered from their
        /// cached best documents.
        var frequentWords: [String]
        /// The prefixes that are not frequent but whose scored lists scoring keeps (see
        /// ``isKeptScored(postings:documentCount:)``).
        var keptPrefixes: [String]
        /// The same of whole words.
        var keptWords: [String]
    }

    /// The prefixes and whole words worth warming in `segment` (see ``WarmingWords``).
    func expensiveWords(of segment: SegmentSnapshot, fields: [RankedField]) throws -> WarmingWords {
        var postings: [String: Int] = [:]
        var wholeWordPostings: [String: Int] = [:]
        for field in fields {
            guard let reader = segment.reader.field(field.field), reader.statistics.kind == .text else { continue }
            try reader.dictionary.forEachTerm(withPrefix: "") { term, info in
                if info.documentFrequency >= warmingMinimumPostings {
                    wholeWordPostings[String(decoding: term, as: UTF8.self), default: 0] += info.documentFrequency
                }
                for prefix in Self.shortPrefixes(of: term) { postings[prefix, default: 0] += info.documentFrequency }
                // Longer prefixes are worth caching when the words they start are frequent together
                // ("discove": discover, discovery, discovered); rare words are left out.
                if term.count > Self.warmingMaximumLength && info.documentFrequency >= Self.warmingLongWordMinimumPostings {
                    for prefix in Self.longPrefixes(of: term) { postings[prefix, default: 0] += info.documentFrequency }
                }
                return true
            }
        }
        let documentCount = segment.reader.documentCount
        func mostPostingsFirst(_ counts: [String: Int]) -> [String] { counts.sorted { $0.value > $1.value }.map(\.key) }
        func isKeptButNotFrequent(_ postings: Int) -> Bool {
            !Self.isFrequent(postings: postings, documentCount: documentCount) && isKeptScored(postings: postings, documentCount: documentCount)
        }
        return WarmingWords(
            prefixes: mostPostingsFirst(postings.filter { $0.value >= warmingMinimumPostings }),
            frequentPrefixes: mostPostingsFirst(postings.filter { Self.isFrequent(postings: $0.value, documentCount: documentCount) }),
            frequentWords: mostPostingsFirst(wholeWordPostings.filter { Self.isFrequent(postings: $0.value, documentCount: documentCount) }),
            keptPrefixes: mostPostingsFirst(postings.filter { isKeptButNotFrequent($0.value) }),
            keptWords: mostPostingsFirst(wholeWordPostings.filter { isKeptButNotFrequent($0.value) }))
    }

    /// The term's prefixes longer than ``warmingMaximumLength`` characters, the whole term included
    /// (at most ``warmingLongestWord`` characters).
    private static func longPrefixes(of term: UnsafeRawBufferPointer) -> [String] {
        let text = String(decoding: term, as: UTF8.self)
        let count = min(text.count, warmingLongestWord)
        guard count > warmingMaximumLength else { return [] }
        return (warmingMaximumLength + 1...count).map { String(text.prefix($0)) }
    }

    /// The term's prefixes of one to ``warmingMaximumLength`` characters (shorter terms give fewer).
    private static func shortPrefixes(of term: UnsafeRawBufferPointer) -> [String] {
        let length = warmingMaximumLength
        // ASCII: each byte is one character (a following non-ASCII byte could be a combining mark).
        if term.count >= length, term.prefix(length + 1).allSatisfy({ $0 < 0x80 }) {
            return (1...length).map { String(decoding: UnsafeRawBufferPointer(rebasing: term[0..<$0]), as: UTF8.self) }
        }
        let text = String(decoding: term, as: UTF8.self)
        return (1...min(length, text.count)).map { String(text.prefix($0)) }
    }
}
