import LimelightCore

extension UserQueryRanker {
    /// Answers a query of several frequent words from the cached best documents of its prefixes,
    /// when a bound proves that no other document can enter the top hits.
    ///
    /// A document left out of a word's cached list ranks on that word alone at most at the list's
    /// floor (features included; recency only decays after the list was built). A word without a
    /// list adds at most its saturated BM25 maximum, idf·(k1+1), times the largest feature factor,
    /// and words sharing a field multiply the sum by the same-field bonus. A document outside every
    /// list is therefore bounded by the sum of the floors and ceilings; when the `limit`-th best
    /// score among the listed documents is above that bound (and above what engagement can add to
    /// it, unless the documents the user engaged with are scored too), the listed documents hold
    /// the answer, the same one a full evaluation gives. Frequent words
    /// typed together ("this a") then cost a few hundred documents instead of tens of thousands.
    ///
    /// - Returns: false when the query does not qualify or the bound does not hold; the caller then
    ///   evaluates in full, and the collector is unchanged.
    func searchAroundCachedPivot(
        _ cache: ShortPrefixCache, _ scorer: SegmentScorer, _ query: SegmentScorer.ResolvedQuery, _ segmentIndex: Int, _ request: Request,
        _ collector: inout TopCollector
    ) throws -> Bool {
        let words = request.words
        guard request.requireAllWords, words.count > 1, words.allSatisfy({ $0.phraseTerms == nil }) else { return false }
        let segment = scorer.segment
        // Only worth it when every word matches many documents: otherwise the rarest word drives a
        // cheap conjunction.
        for word in query.words
        where try !ShortPrefixCache.isFrequent(postings: scorer.estimatedCost(word, in: query.fields), documentCount: segment.reader.documentCount) {
            return false
        }
        let entries = try cachedEntries(cache, scorer, words, now: request.now)
        guard entries.contains(where: { $0 != nil }) else { return false }
        // The documents scored so far, as bits (`d % 64` of word `d / 64`).
        var scored = [UInt64](repeating: 0, count: (segment.reader.documentCount + 63) / 64)
        var trial = collector
        // Scores those of `documents` not scored yet that match the query and pass the filter.
        func score<Parts: Sequence>(_ documents: Parts) throws where Parts.Element == UInt32 {
            var marked = [UInt64](repeating: 0, count: scored.count)
            for document in documents where Int(document >> 6) < marked.count {
                marked[Int(document >> 6)] |= 1 << UInt64(document & 63)
            }
            // In ascending order, as evaluating the query among them needs.
            var candidates: [UInt32] = []
            for (index, word) in marked.enumerated() where word != 0 {
                var bits = word & ~scored[index]
                scored[index] |= word
                while bits != 0 {
                    candidates.append(UInt32(index << 6 | bits.trailingZeroBitCount))
                    bits &= bits - 1
                }
            }
            if let filter = request.filter, !candidates.isEmpty {
                candidates = try QueryEvaluator(segment: segment).evaluate(filter, within: candidates)
            }
            guard !candidates.isEmpty else { return }
            let matches = try scorer.documents(for: query, requireAll: true, within: candidates, keepsScoredLists: true)
            for (index, document) in matches.documents.enumerated() {
                let score = scorer.finalScore(
                    document, relevance: matches.relevance[index], matchedWords: words.count, wordCount: words.count, requireAll: true)
                trial.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            }
        }
        // First the best documents of each list; when they do not prove the answer, also the
        // deeper ones of the shortest prefixes, whose lower floor tightens the bound.
        for deep in [false, true] {
            let lists = entries.map { $0.map(deep ? CachedList.init(deep:) : CachedList.init(best:)) }
            try score(lists.flatMap { $0?.documents ?? [] }.joined())
            // A word whose list holds every document it matches leaves no document outside the
            // lists that matches all the words.
            if lists.contains(where: { $0?.isComplete == true }) {
                collector = trial
                return true
            }
            let bound = try outsideBound(scorer, query, lists)
            guard let threshold = trial.threshold, threshold > bound else { continue }
            // The documents the user engaged with rank above the bound by at most what engagement
            // adds: they are scored (exactly) only when that could bring one into the top hits.
            if threshold <= scorer.engagedCeiling(ofScoreWithout: bound) {
                try score(scorer.context.engaged.documents(inSegment: segmentIndex))
            }
            collector = trial
            return true
        }
        return false
    }

    /// The documents of a cache entry a search takes: its best ones, or those and the deeper ones.
    private struct CachedList {
        /// The documents, in one or two parts (each in any order).
        let documents: [[UInt32]]
        /// No document outside ``documents`` ranks above this on the word alone.
        let floor: Double
        /// Whether ``documents`` holds every document that matches the word.
        let isComplete: Bool

        init(best entry: ShortPrefixCache.Entry) {
            documents = [entry.documents]
            floor = entry.floor
            isComplete = !entry.isTruncated
        }

        init(deep entry: ShortPrefixCache.Entry) {
            let hasDeeper = !entry.deeper.isEmpty
            documents = [entry.documents, entry.deeper]
            floor = hasDeeper ? Double(entry.deeperKeys[entry.deeperKeys.count - 1]) : entry.floor
            isComplete = hasDeeper ? !entry.deeperIsTruncated : !entry.isTruncated
        }
    }

    /// The highest final score a document outside every cached list (and not engaged with) can
    /// reach: each word adds its list's floor, or without a list its BM25 ceiling (idf·(k1+1))
    /// times the largest feature factor; the same-field bonus multiplies the sum.
    private func outsideBound(_ scorer: SegmentScorer, _ query: SegmentScorer.ResolvedQuery, _ lists: [CachedList?]) throws -> Double {
        let parameters = scorer.context.parameters
        let step = SegmentScorer.relevanceStep
        var sum = 0.0
        for (word, list) in zip(query.words, lists) {
            if let list {
                sum += list.floor + step / 2
            } else {
                sum += try scorer.wordInverseDocumentFrequency(word, in: query.fields) * (parameters.k1 + 1) * scorer.maximumFeatureFactor
            }
        }
        return (1 + parameters.sameFieldBonus) * sum + step / 2 + 100 * SegmentScorer.hintStep
    }

    /// Each word's cache entry: a fresh one (warming builds them for frequent words and prefixes),
    /// or for a prefix short enough to be cached on first use, one built now; nil for other words.
    /// None at all when an entry was built after `now` (its features could then be below the
    /// current ones).
    private func cachedEntries(
        _ cache: ShortPrefixCache, _ scorer: SegmentScorer, _ words: [QueryWord], now: Double
    ) throws -> [ShortPrefixCache.Entry?] {
        let parameters = scorer.context.parameters
        var entries: [ShortPrefixCache.Entry?] = []
        for word in words {
            var entry = cache.freshEntry(for: scorer, word: word, parameters: parameters, now: now)
            if entry == nil && ShortPrefixCache.isCacheable(word) {
                entry = try cache.entry(for: scorer, word: word, parameters: parameters, now: now)
            }
            if let entry, entry.builtAt > now { return words.map { _ in nil } }
            entries.append(entry)
        }
        return entries
    }
}
