import LimelightCore

extension UserQueryRanker {
    /// Answers a query of several frequent words from the cached best documents of one of its
    /// prefixes (the pivot), when a bound proves that no other document can enter the top hits.
    ///
    /// A document left out of the pivot's cached list ranks on the pivot alone at most at the
    /// list's floor (features included; recency only decays after the list was built). Each other
    /// word adds at most its saturated BM25 maximum, idf·(k1+1), times the largest feature factor,
    /// and words sharing a field multiply the sum by the same-field bonus. When the `limit`-th best
    /// score among the cached documents (and the engaged ones, scored exactly) is above that bound,
    /// the cached documents hold the answer, the same one a full evaluation gives. Frequent words
    /// typed together ("the co") then cost a few hundred documents instead of tens of thousands.
    ///
    /// - Returns: false when the query does not qualify or the bound does not hold; the caller then
    ///   evaluates in full, and the collector is unchanged.
    func searchAroundCachedPivot(
        _ cache: ShortPrefixCache, _ scorer: SegmentScorer, _ segmentIndex: Int, _ request: Request, _ collector: inout TopCollector
    ) throws -> Bool {
        let words = request.words
        guard request.requireAllWords, words.count > 1, words.allSatisfy({ $0.phraseTerms == nil }) else { return false }
        let segment = scorer.segment
        // Only worth it when every word matches many documents: otherwise the rarest word drives a
        // cheap conjunction.
        let expensive = segment.reader.documentCount / 16
        for word in words where try scorer.estimatedCost(word) < expensive { return false }
        // Each word's largest possible contribution: idf·(k1+1) (BM25's saturation) times the
        // largest feature factor.
        let parameters = scorer.context.parameters
        let step = SegmentScorer.relevanceStep
        let maximumFactor = scorer.maximumFeatureFactor
        let ceilings = try words.map { try scorer.wordInverseDocumentFrequency($0) * (parameters.k1 + 1) * maximumFactor }
        guard let (pivot, entry) = try pivotEntry(cache, scorer, words, ceilings, now: request.now) else { return false }

        var candidates = entry.documents
        let engaged = scorer.context.engaged.keys.compactMap { key in key >> 32 == segmentIndex ? UInt32(key & 0xFFFF_FFFF) : nil }
        if !engaged.isEmpty { candidates = DocumentSets.union(candidates, engaged.sorted()) }
        if let filter = request.filter { candidates = try QueryEvaluator(segment: segment).evaluate(filter, within: candidates) }
        var trial = collector
        if !candidates.isEmpty {
            let matches = try scorer.documents(for: words, requireAll: true, within: candidates)
            for (index, document) in matches.documents.enumerated() {
                let score = scorer.finalScore(
                    document, relevance: matches.relevance[index], matchedWords: words.count, wordCount: words.count, requireAll: true)
                trial.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            }
        }
        if entry.isTruncated {
            let others = ceilings.enumerated().reduce(0) { $0 + ($1.offset == pivot ? 0 : $1.element) }
            let bound = (1 + parameters.sameFieldBonus) * (entry.floor + step / 2 + others) + step / 2 + 100 * SegmentScorer.hintStep
            guard let threshold = trial.threshold, threshold > bound else { return false }
        }
        collector = trial
        return true
    }

    /// The pivot word and its cache entry: among the words with a fresh entry, the one giving the
    /// lowest bound (its entry's floor minus its own ceiling); without any, the last word short
    /// enough to be cached on first use. Nil when there is none, or when the entry was built after
    /// `now` (its features could then be below the current ones).
    private func pivotEntry(
        _ cache: ShortPrefixCache, _ scorer: SegmentScorer, _ words: [QueryWord], _ ceilings: [Double], now: Double
    ) throws -> (Int, ShortPrefixCache.Entry)? {
        let parameters = scorer.context.parameters
        var found: (Int, ShortPrefixCache.Entry)?
        for index in words.indices where words[index].isPrefix {
            guard let entry = cache.freshEntry(for: scorer, word: words[index], parameters: parameters, now: now) else { continue }
            if let best = found, best.1.floor - ceilings[best.0] <= entry.floor - ceilings[index] { continue }
            found = (index, entry)
        }
        if found == nil, let index = words.indices.last(where: { ShortPrefixCache.isCacheable(words[$0]) }) {
            found = (index, try cache.entry(for: scorer, word: words[index], parameters: parameters, now: now))
        }
        guard let found, found.1.builtAt <= now else { return nil }
        return found
    }
}
