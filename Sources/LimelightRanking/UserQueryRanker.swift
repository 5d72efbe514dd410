import LimelightCore

/// Ranks documents for typed queries: BM25F over weighted text fields, whole words above
/// prefixes, then features (recency, user flags, popularity) and the app's ranking hint as the
/// last tie-breaker.
///
/// Each query word matches a term equal to it and, when it is a prefix, every term that starts
/// with it (worth ``RankingParameters/prefixFactor`` of a whole-word match). For each word and
/// document, field matches are combined BM25F-style: `tf̃ = Σ weight·factor·tf / norm(field)`,
/// then saturated once: `idf · tf̃·(k1+1)/(k1+tf̃)`. One- to three-character single-word queries
/// are answered from a per-segment cache of their best documents (see ``ShortPrefixCache``).
public struct UserQueryRanker: Sendable {
    /// A ranked search.
    public struct Request: Sendable {
        /// The words typed.
        public var words: [QueryWord]
        /// Documents must also match this (expiration, filter queries); nil: no restriction.
        public var filter: EngineQuery?
        /// How many hits to return.
        public var limit: Int
        /// The current instant (seconds since 1970), for recency.
        public var now: Double
        /// Whether every word must match (otherwise more matched words rank above fewer).
        public var requireAllWords: Bool
        /// Engagement counts by document key (items the user chose before).
        public var engagement: [String: Double]
        /// The same counts resolved to the snapshot's documents (``EngagedDocuments``),
        /// when the caller keeps them per snapshot; `engagement` is then not read. Resolving looks
        /// every key up, which a query should not repeat for thousands of engagements.
        public var engagedDocuments: EngagedDocuments?
        /// Whether to build an ``Explanation`` for each hit.
        public var explain: Bool

        /// Creates a request.
        public init(
            words: [QueryWord], filter: EngineQuery? = nil, limit: Int, now: Double, requireAllWords: Bool = true,
            engagement: [String: Double] = [:], engagedDocuments: EngagedDocuments? = nil, explain: Bool = false
        ) {
            self.words = words
            self.filter = filter
            self.limit = limit
            self.now = now
            self.requireAllWords = requireAllWords
            self.engagement = engagement
            self.engagedDocuments = engagedDocuments
            self.explain = explain
        }
    }

    /// The most documents a query whose words all have kept scored lists matches in its shortest
    /// list for all of them to be scored (see ``searchKeptLists(_:_:_:_:_:bar:)``) before the lists
    /// are walked best first (see ``searchInScoreOrder(_:_:_:_:_:)``). Past a thousand documents,
    /// looking each up in the other lists costs more than the walk, which meets fewer.
    static let keptConjunctionLimit = 1024

    /// The ranking function's parameters.
    public let parameters: RankingParameters
    /// The cache of short-prefix results, shared across queries (nil: no caching).
    public let cache: ShortPrefixCache?
    /// The fewest documents a phrase's rarest words must be in, summed over a segment's fields,
    /// for a query that is one phrase to be searched there field by field (see
    /// ``searchPhrase(_:_:_:_:_:)``); a rarer one has its positions compared in every document.
    var phraseSearchMinimum = 1024

    /// Creates a ranker.
    public init(parameters: RankingParameters, cache: ShortPrefixCache? = nil) {
        self.parameters = parameters
        self.cache = cache
    }

    /// The best `request.limit` documents, best first.
    public func search(_ snapshot: Snapshot, _ request: Request) throws -> [RankedDocument] {
        guard !request.words.isEmpty, request.limit > 0 else { return [] }
        let context = ScoringContext(
            snapshot: snapshot, parameters: parameters, now: request.now,
            engaged: request.engagedDocuments ?? EngagedDocuments(request.engagement, in: snapshot), cache: cache)
        var collector = TopCollector(limit: request.limit)
        var matchedCounts: [Int: Int] = [:]
        for (segmentIndex, segment) in snapshot.segments.enumerated() {
            // The filter as this segment's columns settle it: a filter every document passes
            // (nothing here has expired) costs nothing further.
            var request = request
            let evaluator = QueryEvaluator(segment: segment)
            switch request.filter.map(evaluator.simplified) {
            case .none?: continue
            case .all?: request.filter = nil
            case let filter: request.filter = filter
            }
            let scorer = SegmentScorer(segment: segment, context: context)
            var cacheFellShort = false
            if let cache, request.words.count == 1, let entry = try cache.answer(for: scorer, word: request.words[0], parameters: parameters, now: request.now) {
                if try searchCached(entry, scorer, segmentIndex, request, &collector) { continue }
                cacheFellShort = true
            }
            // Every word's scored list kept: the query is answered from the lists, without reading
            // the segment's dictionaries, unless its relevance may vanish (see below).
            let kept = KeptLists(scorer, request)
            if let kept, !relevanceMayVanish(kept, scorer) {
                searchKept(kept, scorer, segmentIndex, request, &collector)
                continue
            }
            // Past the cache, the words are looked up in the segment's dictionaries once.
            let query = try scorer.resolve(request.words)
            if try searchNewestWhenRelevanceVanishes(scorer, query, segmentIndex, request, &collector) { continue }
            if query.words.count == 1, try searchPhrase(scorer, query, segmentIndex, request, &collector) { continue }
            if let kept {
                searchKept(kept, scorer, segmentIndex, request, &collector)
                continue
            }
            if let cache, !cacheFellShort, try searchAroundCachedPivot(cache, scorer, query, segmentIndex, request, &collector) { continue }
            // A filter that keeps few documents (a narrow range, a small domain) is evaluated first,
            // and the words are scored only among the documents it keeps. So is a filter that left
            // too few of a cached prefix's best documents: the prefix matches most documents, and
            // its scored list or merged postings are cheaper to intersect than to score in full.
            // Unless the words match fewer documents than the filter keeps (the rarest word, when
            // all are required; otherwise all of them): they are then scored first, and the filter
            // evaluated among their matches.
            var allowed: [UInt32]?
            let filterCost = try request.filter.map { try evaluator.estimatedCost($0) }
            if let filter = request.filter, let filterCost, cacheFellShort || filterCost <= segment.reader.documentCount / 8,
                try filterCost < wordsCost(query, scorer, requireAll: request.requireAllWords)
            {
                allowed = try evaluator.evaluate(filter, within: nil)  // already simplified above
                if allowed?.isEmpty == true { continue }
            }
            let matches = try scorer.documents(for: query, requireAll: request.requireAllWords, within: allowed, keepsScoredLists: true)
            guard !matches.documents.isEmpty else { continue }
            // Otherwise a selective filter is evaluated once over the matches; an unselective one
            // (such as expiration), keeping more documents than matched and more than an eighth of
            // the segment, is checked only for documents good enough to enter the top hits.
            var checkEach = false
            var documents = matches.documents
            if let filter = request.filter, let filterCost, allowed == nil {
                if filterCost >= matches.documents.count && filterCost > segment.reader.documentCount / 8 {
                    checkEach = true
                } else {
                    documents = try evaluator.evaluate(filter, within: documents)
                }
            }
            var cursor = 0
            for document in documents {
                while matches.documents[cursor] != document { cursor += 1 }
                if let threshold = collector.threshold, scorer.finalScoreCeiling(
                    relevance: matches.relevance[cursor], matchedWords: matches.matchedWords[cursor], requireAll: request.requireAllWords) < threshold {
                    continue
                }
                let score = scorer.finalScore(
                    document, relevance: matches.relevance[cursor], matchedWords: matches.matchedWords[cursor],
                    wordCount: request.words.count, requireAll: request.requireAllWords)
                if let threshold = collector.threshold, score < threshold { continue }
                if checkEach, let filter = request.filter, !(try evaluator.matches(filter, document: document)) { continue }
                collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
                // With every word required, every hit matched them all (the default below).
                if !request.requireAllWords { matchedCounts[segmentIndex << 32 | Int(document)] = matches.matchedWords[cursor] }
            }
        }
        return try collector.results().map { hit in
            let matched = matchedCounts[hit.segment << 32 | Int(hit.document)] ?? request.words.count
            var explanation: Explanation?
            if request.explain {
                let scorer = SegmentScorer(segment: snapshot.segments[hit.segment], context: context)
                explanation = try scorer.explain(hit.document, request.words, requireAll: request.requireAllWords)
            }
            return RankedDocument(
                segment: hit.segment, document: hit.document, score: hit.score, matchedWords: matched, explanation: explanation)
        }
    }

    /// What scoring a query's words over the whole segment costs, in postings: its rarest word's
    /// when all are required (it drives the conjunction), otherwise every word's.
    private func wordsCost(_ query: SegmentScorer.ResolvedQuery, _ scorer: SegmentScorer, requireAll: Bool) throws -> Int {
        let costs = try query.words.map { try scorer.estimatedCost($0, in: query.fields) }
        // Summed without overflowing: an unknown cost is half of `Int.max`.
        return requireAll ? costs.min() ?? .max : costs.reduce(0) { min($0, .max - $1) + $1 }
    }

    /// Answers a one-word prefix query from a cache entry; false when the entry cannot answer
    /// (filters leave too few of its documents); the collector is then unchanged.
    ///
    /// The entry's documents are taken best key first, a few at a time, and the walk stops once
    /// none of the rest can enter the top hits: a document ranks at most at its key, and one the
    /// user engaged with at most at ``SegmentScorer/engagedCeiling(ofScoreWithout:)`` of it (when
    /// the entry was built after `now`, all are scored).
    private func searchCached(
        _ entry: ShortPrefixCache.Entry, _ scorer: SegmentScorer, _ segmentIndex: Int, _ request: Request,
        _ collector: inout TopCollector
    ) throws -> Bool {
        let evaluator = QueryEvaluator(segment: scorer.segment)
        let prunes = entry.builtAt <= request.now
        var trial = collector
        // The arrays read per document, held in locals (not read through the entry each time).
        let rankOrder = entry.rankOrder, documents = entry.documents, relevance = entry.relevance, keys = entry.keys
        let count = rankOrder.count
        let (passed, stoppedAt) = try addInRankOrder(
            count: count, chunkSize: prunes ? 32 : count, prunes: prunes, scorer, evaluator, segmentIndex, request, &trial
        ) { rank in
            let index = Int(rankOrder[rank])
            return (documents[index], Double(relevance[index]), keys[index])
        }
        // Stopping early means the top hits are full; otherwise every document was seen.
        var walkedDeeper = false
        if stoppedAt >= count && entry.isTruncated && passed < request.limit {
            // The deeper documents are worth walking only when the filter, judged by the share of
            // the first ones it kept, should leave enough of them (twice what is missing).
            let expected = Double(passed) * Double(entry.deeper.count) / Double(max(entry.documents.count, 1))
            guard expected >= 2 * Double(request.limit - passed), try addDeeper(entry, scorer, evaluator, segmentIndex, request, &trial) else { return false }
            walkedDeeper = true
        }
        try addEngagedOutside(entry, includingDeeper: walkedDeeper, scorer, evaluator, segmentIndex, request, &trial)
        collector = trial
        return true
    }

    /// Adds the documents the user engaged with that match the entry's word but are not among
    /// the documents it holds (its best ones, and the deeper ones when `includingDeeper`), when
    /// engagement could lift one of them, ranked at most at the entry's floor without it, into
    /// the top hits.
    private func addEngagedOutside(
        _ entry: ShortPrefixCache.Entry, includingDeeper: Bool, _ scorer: SegmentScorer, _ evaluator: QueryEvaluator, _ segmentIndex: Int,
        _ request: Request, _ collector: inout TopCollector
    ) throws {
        guard !scorer.context.engaged.isEmpty else { return }
        // The most a document left out scores without engagement; none is left out of a complete list.
        let floor: Double
        if includingDeeper, let last = entry.deeperKeys.last {
            guard entry.deeperIsTruncated else { return }
            floor = Double(last)
        } else {
            guard entry.isTruncated else { return }
            floor = entry.floor
        }
        if let threshold = collector.threshold, threshold > scorer.engagedCeiling(ofScoreWithout: floor) { return }
        let held = includingDeeper ? Set(entry.deeper) : []
        // The engaged documents the word matches, with their relevance, that could enter the top
        // hits and are not among the entry's documents: looked up in the word's scored list when
        // the cache keeps one (built now if need be), otherwise matched among all engaged ones.
        // Without a filter each is scored at once, against the top hits as they fill; with one,
        // they are gathered for the filter to be evaluated over them all.
        var documents: [UInt32] = []
        var relevance: [Double] = []
        // Documents that come ascending are each looked for among the entry's from where the last was.
        let entryDocuments = entry.documents
        var entryCursor = 0, lastDocument: UInt32 = 0
        func consider(_ document: UInt32, _ score: Double) {
            if let threshold = collector.threshold, scorer.finalScoreCeiling(relevance: score, matchedWords: 1, requireAll: true) < threshold { return }
            if document < lastDocument { entryCursor = 0 }
            lastDocument = document
            let index = DocumentSets.lowerBound(entryDocuments, document, from: entryCursor)
            entryCursor = index
            guard index == entryDocuments.count || entryDocuments[index] != document, held.isEmpty || !held.contains(document) else { return }
            guard request.filter != nil else {
                let final = scorer.finalScore(document, relevance: score, matchedWords: 1, wordCount: 1, requireAll: true)
                collector.add(ScoredDocument(segment: segmentIndex, document: document, score: final))
                return
            }
            documents.append(document)
            relevance.append(score)
        }
        let engaged = scorer.context.engaged.documents(inSegment: segmentIndex)
        let query = try scorer.resolve(request.words)
        let word = query.words[0]
        if let list = try scorer.keptList(word, in: query.fields, cost: scorer.estimatedCost(word, in: query.fields), builds: true) {
            if vanishes(relevanceCeiling: Double(list.quantization.highest), scorer), !hasPositiveHints(scorer) {
                // No relevance survives rounding (a word in nearly every document) and no hint lifts
                // a document: every final score is zero, and ties go to the later segment and
                // document. Only engaged documents after the last of the top hits can enter, so they
                // are taken newest first until one falls behind it.
                for document in engaged.reversed() {
                    if let last = collector.last, last.score > 0 || (last.segment, last.document) >= (segmentIndex, document) { break }
                    if let place = list.place(of: document) { consider(document, Double(list.scores[place])) }
                }
            } else {
                // The list's best engaged documents, a band at a time, until none left can enter.
                // When one past them still may (engagement lifts more than the list's scores
                // differ), every engaged document is looked up instead, in document order.
                let matches = list.engagedMatches(scorer.context.engaged, segment: segmentIndex)
                func mayEnter(_ score: Double) -> Bool {
                    collector.threshold.map { scorer.finalScoreCeiling(relevance: score, matchedWords: 1, requireAll: true) >= $0 } ?? true
                }
                if let rest = matches.restCeiling, mayEnter(Double(rest)) {
                    var cursor = 0
                    for document in engaged {
                        if let place = list.place(of: document, from: &cursor) { consider(document, Double(list.scores[place])) }
                    }
                } else {
                    for (index, document) in matches.documents.enumerated() {
                        guard mayEnter(Double(matches.ceilings[index])) else { break }
                        consider(document, Double(matches.scores[index]))
                    }
                }
            }
        } else {
            let matches = try scorer.documents(for: query, requireAll: true, within: engaged)
            for (index, document) in matches.documents.enumerated() { consider(document, matches.relevance[index]) }
        }
        guard let filter = request.filter, !documents.isEmpty else { return }
        // The filter is evaluated over documents in ascending order.
        let order = documents.indices.sorted { documents[$0] < documents[$1] }
        documents = order.map { documents[$0] }
        relevance = order.map { relevance[$0] }
        let passing = try evaluator.evaluate(filter, within: documents)
        var cursor = 0
        for document in passing {
            while documents[cursor] != document { cursor += 1 }
            let score = scorer.finalScore(document, relevance: relevance[cursor], matchedWords: 1, wordCount: 1, requireAll: true)
            collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
        }
    }

    /// Adds the entry's deeper documents that pass the filter, in rank order, until none of the
    /// rest can enter the top hits (each ranks at most at its key); false when they run out first
    /// while more documents matched.
    private func addDeeper(
        _ entry: ShortPrefixCache.Entry, _ scorer: SegmentScorer, _ evaluator: QueryEvaluator, _ segmentIndex: Int,
        _ request: Request, _ collector: inout TopCollector
    ) throws -> Bool {
        let deeper = entry.deeper, deeperRelevance = entry.deeperRelevance, deeperKeys = entry.deeperKeys
        let count = deeper.count
        let (_, stoppedAt) = try addInRankOrder(
            count: count, chunkSize: 256, prunes: true, scorer, evaluator, segmentIndex, request, &collector
        ) { rank in
            (deeper[rank], Double(deeperRelevance[rank]), deeperKeys[rank])
        }
        guard stoppedAt >= count, entry.deeperIsTruncated else { return true }
        guard let last = deeperKeys.last, let threshold = collector.threshold else { return false }
        return threshold > Double(last)
    }

    /// Scores `count` cached documents taken in rank order (`ranked(r)` is the r-th best: its
    /// document, text relevance and ranking key), `chunkSize` at a time, the filter evaluated on
    /// each chunk. With `prunes`, once the next key is below the collector's threshold only the
    /// documents the user engaged with are scored, and the walk stops once the next key's engaged
    /// ceiling is below it too, since no later document can enter the top hits. Without a filter,
    /// the documents are scored one by one, and the walk may stop at any of them.
    /// - Returns: How many documents passed the filter, and the rank the walk stopped at (`count`
    ///   when every document was seen).
    private func addInRankOrder(
        count: Int, chunkSize: Int, prunes: Bool, _ scorer: SegmentScorer, _ evaluator: QueryEvaluator, _ segmentIndex: Int,
        _ request: Request, _ collector: inout TopCollector, _ ranked: (Int) -> (document: UInt32, relevance: Double, key: Float)
    ) throws -> (passed: Int, stoppedAt: Int) {
        guard let filter = request.filter else {
            // Nothing to evaluate: no chunk to gather and sort by document.
            var rank = 0
            while rank < count {
                let (document, relevance, key) = ranked(rank)
                if prunes, let threshold = collector.threshold, threshold > Double(key) {
                    guard threshold <= scorer.engagedCeiling(ofScoreWithout: Double(key)) else { break }
                    guard scorer.isEngaged(document) else {
                        rank += 1
                        continue
                    }
                }
                let score = scorer.finalScore(document, relevance: relevance, matchedWords: 1, wordCount: 1, requireAll: true)
                collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
                rank += 1
            }
            return (rank, rank)
        }
        var passed = 0
        var start = 0
        while start < count {
            var onlyEngaged = false
            if prunes, let threshold = collector.threshold, threshold > Double(ranked(start).key) {
                guard threshold <= scorer.engagedCeiling(ofScoreWithout: Double(ranked(start).key)) else { break }
                onlyEngaged = true
            }
            let end = min(start + chunkSize, count)
            // Documents with their rank, ascending by document as the filter's evaluation needs.
            let chunk = (start..<end).compactMap { rank -> UInt64? in
                let document = ranked(rank).document
                return onlyEngaged && !scorer.isEngaged(document) ? nil : UInt64(document) << 32 | UInt64(rank)
            }.sorted()
            let documents = chunk.map { UInt32(truncatingIfNeeded: $0 >> 32) }
            let passing = try evaluator.evaluate(filter, within: documents)
            var cursor = 0
            for document in passing {
                while documents[cursor] != document { cursor += 1 }
                let relevance = ranked(Int(truncatingIfNeeded: chunk[cursor] & 0xFFFF_FFFF)).relevance
                let score = scorer.finalScore(document, relevance: relevance, matchedWords: 1, wordCount: 1, requireAll: true)
                collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            }
            passed += passing.count
            start = end
        }
        return (passed, start)
    }
}
