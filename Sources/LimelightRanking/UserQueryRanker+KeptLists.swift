import LimelightCore

extension UserQueryRanker {
    /// The scored lists of a query's words when the cache keeps one for every word, ready for
    /// ``searchKeptLists(_:_:_:_:_:bar:)``; nil when some word has none, the query has a filter or a
    /// phrase, or not every word is required. Found by the words' text: a query answered from
    /// its lists reads nothing from the segment's dictionaries.
    struct KeptLists {
        /// Each word's list, in query order.
        let lists: [ShortPrefixCache.ScoredList]
        /// The shortest list's place in ``lists``.
        let shortest: Int

        /// How many documents the shortest list holds: what matching every word costs.
        var cost: Int { lists[shortest].count }

        init?(_ scorer: SegmentScorer, _ request: Request) {
            let words = request.words
            guard let cache = scorer.context.cache, request.filter == nil, request.requireAllWords, words.count > 1,
                words.allSatisfy({ !$0.isPhrase })
            else { return nil }
            var lists: [ShortPrefixCache.ScoredList] = []
            lists.reserveCapacity(words.count)
            for word in words {
                guard let list = cache.keptScoredList(of: word, scorer: scorer) else { return nil }
                lists.append(list)
            }
            // Slot masks stand for field masks when the lists number the fields alike, one bit each
            // (each slot's bit is a single bit: they differ when their union has as many).
            let slotBits = lists[0].slotBits
            guard lists.allSatisfy({ $0.slotBits == slotBits }), slotBits.reduce(0, |).nonzeroBitCount == slotBits.count else { return nil }
            self.lists = lists
            shortest = lists.indices.min { lists[$0].count < lists[$1].count } ?? 0
        }

        /// The most relevance a document can have: the lists' highest scores summed, with the
        /// same-field bonus.
        func relevanceCeiling(_ parameters: RankingParameters) -> Double {
            lists.reduce(0.0) { $0 + Double($1.quantization.highest) } * (1 + parameters.sameFieldBonus)
        }
    }

    /// Answers a query from its words' kept lists: a conjunction of a thousand documents is scored
    /// straight from the lists; past that, the lists are walked best first, which usually meets far
    /// fewer. A walk that gives up leaves the score its best documents reached, which the
    /// conjunction's documents must reach. Before a walk, the arrays in which it looks documents
    /// up are brought into the CPU caches (see ``ShortPrefixCache/ScoredList/prefetchLookups()``):
    /// it meets documents in score order, all over the other lists. A conjunction looks them up in
    /// document order, which the hardware prefetcher follows (sweeping the arrays first cost it
    /// 2–3% on average).
    func searchKept(_ kept: KeptLists, _ scorer: SegmentScorer, _ segmentIndex: Int, _ request: Request, _ collector: inout TopCollector) {
        var bar: Double?
        if kept.cost > Self.keptConjunctionLimit {
            // A list without bands declines the walk before it starts.
            if kept.lists.allSatisfy({ $0.bands != nil }) {
                for list in kept.lists { list.prefetchLookups() }
            }
            let outcome = searchInScoreOrder(kept, scorer, segmentIndex, request, &collector)
            guard case .declined(let reached) = outcome else { return }
            bar = reached
        }
        searchKeptLists(kept, scorer, segmentIndex, request, &collector, bar: bar)
    }

    /// Scores every document that matches all the words, straight from their kept lists: the
    /// shortest list's documents are looked up in the others (a bit test in a frequent word's
    /// list; two lists with bitsets are intersected a word of them at a time), their relevance
    /// summed in query order and lifted by the same-field bonus as the conjunction does, and only
    /// documents whose relevance can enter the top hits have their features read. One pass and no
    /// intermediate lists (about ten nanoseconds a document when the lists are not in the CPU
    /// caches), where the general conjunction gathers the candidates, then their places, then their
    /// scores. The hits are the ones a full evaluation keeps.
    /// - Parameter bar: a score the top hits are known to reach (see ``WalkOutcome/declined(bar:)``):
    ///   documents that cannot reach it are skipped like those below the collector's threshold.
    func searchKeptLists(
        _ kept: KeptLists, _ scorer: SegmentScorer, _ segmentIndex: Int, _ request: Request, _ collector: inout TopCollector,
        bar: Double? = nil
    ) {
        let lists = kept.lists
        let wordCount = lists.count
        let bonus = 1 + scorer.context.parameters.sameFieldBonus
        var threshold = collector.threshold
        // The relevance below which a document cannot enter the top hits (its ceiling would fall
        // under the threshold): one comparison per document instead of a ceiling computed for each.
        // With it, the floor of documents nobody engaged with (the same when nobody engaged with
        // any): a document under that one is scored only when engaged and over the floor of all.
        func floors(_ threshold: Double?) -> (all: Double, unengaged: Double) {
            let bound = max(threshold ?? -.infinity, bar ?? -.infinity)
            guard bound > -.infinity else { return (-.infinity, -.infinity) }
            return (scorer.relevanceFloor(threshold: bound), scorer.relevanceFloorWithoutEngagement(threshold: bound))
        }
        var (relevanceFloor, plainFloor) = floors(threshold)
        let anyEngaged = !scorer.context.engaged.isEmpty
        @inline(__always) func mayEnter(_ document: UInt32, _ bound: Double) -> Bool {
            bound >= plainFloor || (anyEngaged && bound >= relevanceFloor && scorer.isEngagedOutOfLine(document))
        }
        func offer(_ document: UInt32, _ relevance: Double) {
            guard mayEnter(document, relevance) else { return }
            let score = scorer.finalScore(document, relevance: relevance, matchedWords: wordCount, wordCount: wordCount, requireAll: true)
            if let threshold, score < threshold { return }
            collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            threshold = collector.threshold
            (relevanceFloor, plainFloor) = floors(threshold)
        }
        if wordCount == 2 {
            // Two words, the common case: the other list read through its arrays directly.
            let driverIsFirst = kept.shortest == 0
            let driver = lists[kept.shortest]
            let other = lists[1 - kept.shortest]
            if !driver.presence.isEmpty && !other.presence.isEmpty && other.bandOfDocument.isEmpty {
                // Both lists have bitsets, and the other tells a document's band only from its place:
                // the bitsets are intersected a word at a time, so that a word in which the lists
                // share no document is skipped whole, and a document the other list lacks costs a
                // bit test instead of a lookup of its place.
                let presence = driver.presence, ranks = driver.ranks, driverScores = driver.scores, driverMasks = driver.slotMasks
                let otherPresence = other.presence, otherRanks = other.ranks, otherScores = other.scores, otherMasks = other.slotMasks
                let otherBands = other.bandOfPlace, otherCeilings = other.bandCeilings
                for index in 0..<min(presence.count, otherPresence.count) {
                    let theirs = otherPresence[index]
                    var bits = presence[index]
                    guard bits & theirs != 0 else { continue }
                    var driverPlace = Int(ranks[index]) - 1
                    while bits != 0 {
                        let lowest = bits & (0 &- bits)
                        let document = UInt32(index << 6 | bits.trailingZeroBitCount)
                        bits &= bits - 1
                        driverPlace += 1
                        guard theirs & lowest != 0 else { continue }
                        let driverScore = Double(driverScores[driverPlace])
                        let place = Int(otherRanks[index]) + (theirs & (lowest &- 1)).nonzeroBitCount
                        guard mayEnter(document, (driverScore + Double(otherCeilings[Int(otherBands[place])])) * bonus) else { continue }
                        let otherScore = Double(otherScores[place])
                        var relevance = driverIsFirst ? driverScore + otherScore : otherScore + driverScore
                        if driverMasks[driverPlace] & otherMasks[place] != 0 { relevance *= bonus }
                        offer(document, relevance)
                    }
                }
                return
            }
            var cursor = 0
            let otherBands = other.bandOfDocument
            driver.forEachDocument { driverPlace, document in
                let driverScore = Double(driver.scores[driverPlace])
                // The other word's score and fields are read only when its band's ceiling lets the
                // document enter the top hits; a dense list tells the band in one load.
                var found: Int?
                let ceiling: Float
                if otherBands.isEmpty {
                    found = other.place(of: document, from: &cursor)
                    guard let found else { return }
                    ceiling = other.scoreCeiling(at: found)
                } else {
                    let band = Int(document) < otherBands.count ? otherBands[Int(document)] : ShortPrefixCache.ScoreQuantization.absent
                    guard band != ShortPrefixCache.ScoreQuantization.absent else { return }
                    ceiling = other.bandCeilings[Int(band)]
                }
                guard mayEnter(document, (driverScore + Double(ceiling)) * bonus),
                    let place = found ?? other.place(of: document, from: &cursor)
                else { return }
                let otherScore = Double(other.scores[place])
                var relevance = driverIsFirst ? driverScore + otherScore : otherScore + driverScore
                if driver.slotMasks[driverPlace] & other.slotMasks[place] != 0 { relevance *= bonus }
                offer(document, relevance)
            }
            return
        }
        // Where each list's galloping search resumes (lists without a bitset).
        var cursors = [Int](repeating: 0, count: wordCount)
        var places = [Int](repeating: 0, count: wordCount)
        let driver = lists[kept.shortest]
        driver.forEachDocument { driverPlace, document in
            for (index, list) in lists.enumerated() {
                if index == kept.shortest {
                    places[index] = driverPlace
                } else {
                    guard let place = list.place(of: document, from: &cursors[index]) else { return }
                    places[index] = place
                }
            }
            var ceiling = 0.0
            for (index, list) in lists.enumerated() {
                ceiling += Double(index == kept.shortest ? list.scores[driverPlace] : list.scoreCeiling(at: places[index]))
            }
            guard mayEnter(document, ceiling * bonus) else { return }
            var relevance = 0.0
            var shared = UInt16.max
            for (index, list) in lists.enumerated() {
                relevance += Double(list.scores[places[index]])
                shared &= list.slotMasks[places[index]]
            }
            if shared != 0 { relevance *= bonus }
            offer(document, relevance)
        }
    }
}
