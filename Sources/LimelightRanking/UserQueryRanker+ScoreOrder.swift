import LimelightCore

extension UserQueryRanker {
    /// How a walk of kept lists best first ended.
    enum WalkOutcome: Equatable {
        /// The top hits were found; they are in the collector.
        case answered
        /// The walk gave up, leaving the collector unchanged. `bar` is the `limit`-th best score
        /// among the documents it met (nil when it met fewer): the top hits score at least that,
        /// so scoring the conjunction after it may skip every document that cannot reach it.
        case declined(bar: Double?)
    }

    /// Answers a query of several words whose scored lists the cache keeps by walking the lists
    /// best first, after Fagin's threshold algorithm: each document met in one list is looked up in
    /// the others and scored exactly, and the walk stops once the `limit`-th best score is above
    /// what a document not met yet can reach, the sum of the lists' ceilings where the walk stands.
    /// That bound leaves engagement out: the engaged documents not met are then looked up and
    /// scored (see ``addEngagedUnmet(_:frontier:_:_:_:_:)``), so that a few thousand engaged items
    /// do not keep every walk from stopping.
    ///
    /// A frequent word and a short prefix typed after it ("library a") match tens of thousands of
    /// documents with scores a percent apart; their best documents are found here after a few
    /// thousand. The hits are the ones a full evaluation keeps.
    ///
    /// Lists are walked a band at a time (see ``ShortPrefixCache/ScoreBands``): a document's band
    /// in another list tells whether that band was walked already, and with it the document.
    ///
    /// A list walked to the end of its kept bands is walked no further: the documents not met
    /// score at most its best score past them there, and the other lists are walked on.
    ///
    /// - Returns: ``WalkOutcome/declined(bar:)`` when a list has no bands, or the walk would go past
    ///   every list's kept bands or meet more documents than the shortest list holds, where scoring
    ///   the conjunction costs less.
    func searchInScoreOrder(
        _ kept: KeptLists, _ scorer: SegmentScorer, _ segmentIndex: Int, _ request: Request, _ collector: inout TopCollector
    ) -> WalkOutcome {
        let lists = kept.lists
        var bandsOfLists: [ShortPrefixCache.ScoreBands] = []
        for list in lists {
            guard let bands = list.bands else { return .declined(bar: nil) }
            bandsOfLists.append(bands)
        }
        let bonus = 1 + scorer.context.parameters.sameFieldBonus
        // Having met as many documents as the shortest list holds, the walk has cost what a
        // conjunction driven by that list costs.
        let budget = lists.map(\.count).min() ?? 0
        var frontier = [Int](repeating: 0, count: lists.count)
        var trial = collector
        var met = 0
        // Where the document being scored is in each list (for more than two words).
        var places = [Int](repeating: 0, count: lists.count)
        while true {
            // Until the top hits are full, the shortest list is walked: its documents most often
            // match the other words. Then the list whose next band lowers the bound most for each
            // document in it.
            var ceilingSum = 0.0
            var walked = 0
            var bestRate = -1.0
            for index in lists.indices {
                let bands = bandsOfLists[index]
                while frontier[index] < bands.keptCount && bands.isEmpty(frontier[index]) { frontier[index] += 1 }
                guard frontier[index] < bands.keptCount else {
                    // A list walked to its end leaves no document that matches every word unmet.
                    if bands.isComplete {
                        collector = trial
                        return .answered
                    }
                    // A list walked to the end of its kept bands bounds the documents not met by
                    // its best score past them; the other lists are walked on.
                    ceilingSum += Double(bands.restCeiling)
                    continue
                }
                let ceiling = Double(bands.ceilings[frontier[index]])
                ceilingSum += ceiling
                let rate: Double
                if trial.threshold == nil {
                    rate = 1 / Double(lists[index].count)
                } else {
                    var next = frontier[index] + 1
                    while next < bands.keptCount && bands.isEmpty(next) { next += 1 }
                    // Past the kept bands the ceiling is unknown: no drop is counted on.
                    let below = next < bands.keptCount ? Double(bands.ceilings[next]) : bands.isComplete ? 0 : ceiling
                    rate = (ceiling - below) / Double(bands.range(of: frontier[index]).count)
                }
                if rate > bestRate {
                    bestRate = rate
                    walked = index
                }
            }
            // No document left unmet can enter the top hits without engagement: the ones the user
            // engaged with are then looked up, unless none of them can either.
            if let threshold = trial.threshold, ceilingSum * bonus < scorer.relevanceFloorWithoutEngagement(threshold: threshold) {
                if ceilingSum * bonus >= scorer.relevanceFloor(threshold: threshold) {
                    addEngagedUnmet(lists, frontier: frontier, scorer, segmentIndex, bonus, &trial)
                }
                collector = trial
                return .answered
            }
            // Past the kept bands of every list, the walk would cost more than a conjunction.
            guard bestRate >= 0 else { return .declined(bar: trial.threshold) }
            let bands = bandsOfLists[walked]
            let range = bands.range(of: frontier[walked])
            met += range.count
            guard met <= budget else { return .declined(bar: trial.threshold) }
            if lists.count == 2 {
                scoreBandOfPair(range, of: bands, walked: walked, lists, frontier: frontier[1 - walked], scorer, segmentIndex, bonus, &trial)
            } else {
                scoreBand(range, of: bands, walked: walked, lists, frontier: frontier, scorer, segmentIndex, bonus, &places, &trial)
            }
            frontier[walked] += 1
        }
    }

    /// Scores the documents the user engaged with that match every word and that the walk has not
    /// met (they are in no band of a list walked before `frontier`): once no other document left
    /// can enter the top hits, these still may, lifted by their engagement.
    private func addEngagedUnmet(
        _ lists: [ShortPrefixCache.ScoredList], frontier: [Int], _ scorer: SegmentScorer, _ segmentIndex: Int, _ bonus: Double,
        _ trial: inout TopCollector
    ) {
        // The engaged documents in every list's bitset, found a word of them at a time; a list
        // without a bitset looks each of them up.
        let engaged = scorer.context.engaged, bitsets = lists.map(\.presence).filter { !$0.isEmpty }
        // The relevance a document must reach to enter the top hits, lifted by the most engagement
        // gives; its bands' ceilings bound it before its scores are read (each a likely cache miss).
        var floor = trial.threshold.map(scorer.relevanceFloor) ?? -.infinity
        func offer(_ document: UInt32, _ relevance: Double) {
            guard relevance >= floor else { return }
            let score = scorer.finalScore(document, relevance: relevance, matchedWords: lists.count, wordCount: lists.count, requireAll: true)
            if let threshold = trial.threshold, score < threshold { return }
            trial.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            floor = trial.threshold.map(scorer.relevanceFloor) ?? -.infinity
        }
        if lists.count == 2 {
            // Two words, the common case: each list's arrays held in locals, not reached (and
            // retained) through the list for every document.
            let first = lists[0], second = lists[1]
            let firstBands = first.bandOfPlace, secondBands = second.bandOfPlace
            let firstCeilings = first.bandCeilings, secondCeilings = second.bandCeilings
            let firstScores = first.scores, secondScores = second.scores
            let firstMasks = first.slotMasks, secondMasks = second.slotMasks
            let firstFrontier = frontier[0], secondFrontier = frontier[1]
            var firstCursor = 0, secondCursor = 0
            engaged.forEachDocument(inSegment: segmentIndex, alsoSetIn: bitsets) { document in
                guard let firstPlace = first.place(of: document, from: &firstCursor), Int(firstBands[firstPlace]) >= firstFrontier,
                    let secondPlace = second.place(of: document, from: &secondCursor), Int(secondBands[secondPlace]) >= secondFrontier,
                    (Double(firstCeilings[Int(firstBands[firstPlace])]) + Double(secondCeilings[Int(secondBands[secondPlace])])) * bonus >= floor
                else { return }
                var relevance = Double(firstScores[firstPlace]) + Double(secondScores[secondPlace])
                if firstMasks[firstPlace] & secondMasks[secondPlace] != 0 { relevance *= bonus }
                offer(document, relevance)
            }
            return
        }
        // Engaged documents come ascending: each list's search resumes where the last one ended.
        var cursors = [Int](repeating: 0, count: lists.count)
        var places = [Int](repeating: 0, count: lists.count)
        engaged.forEachDocument(inSegment: segmentIndex, alsoSetIn: bitsets) { document in
            var ceiling = 0.0
            for (index, list) in lists.enumerated() {
                guard let place = list.place(of: document, from: &cursors[index]), Int(list.bandOfPlace[place]) >= frontier[index] else { return }
                places[index] = place
                ceiling += Double(list.scoreCeiling(at: place))
            }
            guard ceiling * bonus >= floor else { return }
            // Summed in query order, as the conjunction sums them.
            var relevance = 0.0
            var shared = UInt16.max
            for (index, list) in lists.enumerated() {
                let place = places[index]
                relevance += Double(list.scores[place])
                shared &= list.slotMasks[place]
            }
            if shared != 0 { relevance *= bonus }
            offer(document, relevance)
        }
    }

    /// Scores the documents of one band of `lists[walked]` (`range` in its `bands`) that match
    /// every other list, are in none of their bands walked before (`frontier`), and may enter the
    /// top hits; a document met earlier was scored then. `places` (one per list) holds where the
    /// document being scored is in each list.
    private func scoreBand(
        _ range: Range<Int>, of bands: ShortPrefixCache.ScoreBands, walked: Int, _ lists: [ShortPrefixCache.ScoredList], frontier: [Int],
        _ scorer: SegmentScorer, _ segmentIndex: Int, _ bonus: Double, _ places: inout [Int], _ trial: inout TopCollector
    ) {
        documents: for slot in range {
            let document = bands.documents[slot]
            // The document's place in the other lists, and a bound on its relevance from their
            // bands: only a document that may enter the top hits has its scores read.
            var ceiling = Double(bands.scores[slot])
            for index in lists.indices where index != walked {
                let list = lists[index]
                let band: Int
                if list.bandOfDocument.isEmpty {
                    guard let place = list.place(of: document) else { continue documents }
                    band = Int(list.bandOfPlace[place])
                    places[index] = place
                } else {
                    guard Int(document) < list.bandOfDocument.count else { continue documents }
                    let byte = list.bandOfDocument[Int(document)]
                    guard byte != ShortPrefixCache.ScoreQuantization.absent else { continue documents }
                    band = Int(byte)
                    places[index] = -1
                }
                // A document in a band walked before was scored then.
                if band < frontier[index] { continue documents }
                ceiling += Double(list.bandCeilings[band])
            }
            if let threshold = trial.threshold,
                scorer.finalScoreCeiling(relevance: ceiling * bonus, matchedWords: lists.count, requireAll: true) < threshold {
                continue
            }
            for index in lists.indices where index != walked && places[index] < 0 {
                guard let place = lists[index].place(of: document) else { continue documents }
                places[index] = place
            }
            // The document's relevance, its words' scores summed in query order as the
            // conjunction sums them, and the fields every word matched in.
            var relevance = 0.0
            var shared = UInt16.max
            for index in lists.indices {
                if index == walked {
                    relevance += Double(bands.scores[slot])
                    shared &= bands.slotMasks[slot]
                } else {
                    relevance += Double(lists[index].scores[places[index]])
                    shared &= lists[index].slotMasks[places[index]]
                }
            }
            // Words that all occur in one field are about one thing (as in the conjunction).
            if shared != 0 { relevance *= bonus }
            if let threshold = trial.threshold,
                scorer.finalScoreCeiling(relevance: relevance, matchedWords: lists.count, requireAll: true) < threshold {
                continue
            }
            let score = scorer.finalScore(document, relevance: relevance, matchedWords: lists.count, wordCount: lists.count, requireAll: true)
            if let threshold = trial.threshold, score < threshold { continue }
            trial.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
        }
    }

    /// ``scoreBand(_:of:walked:_:frontier:_:_:_:_:_:)`` for a query of two words, the common case:
    /// the other list's arrays are read directly and the relevance a document must reach is kept
    /// across the band, so a document that cannot enter costs a load or two.
    private func scoreBandOfPair(
        _ range: Range<Int>, of bands: ShortPrefixCache.ScoreBands, walked: Int, _ lists: [ShortPrefixCache.ScoredList], frontier: Int,
        _ scorer: SegmentScorer, _ segmentIndex: Int, _ bonus: Double, _ trial: inout TopCollector
    ) {
        let other = lists[1 - walked]
        let walkedIsFirst = walked == 0
        let documents = bands.documents, scores = bands.scores, slotMasks = bands.slotMasks
        let otherBandOfDocument = other.bandOfDocument, otherBandCeilings = other.bandCeilings
        let otherScores = other.scores, otherSlotMasks = other.slotMasks
        var threshold = trial.threshold
        var floor = threshold.map(scorer.relevanceFloor) ?? -.infinity
        // Documents nobody engaged with must reach a higher floor (the same when nobody engaged).
        var plainFloor = threshold.map(scorer.relevanceFloorWithoutEngagement) ?? -.infinity
        let anyEngaged = !scorer.context.engaged.isEmpty
        for slot in range {
            let document = documents[slot]
            let score = Double(scores[slot])
            // The document's band in the other list, from one byte when the list is dense.
            var place = -1
            let band: Int
            if otherBandOfDocument.isEmpty {
                guard let found = other.place(of: document) else { continue }
                place = found
                band = Int(other.bandOfPlace[found])
            } else {
                guard Int(document) < otherBandOfDocument.count else { continue }
                let byte = otherBandOfDocument[Int(document)]
                guard byte != ShortPrefixCache.ScoreQuantization.absent else { continue }
                band = Int(byte)
            }
            // A document in a band walked before was scored then.
            guard band >= frontier else { continue }
            let bound = (score + Double(otherBandCeilings[band])) * bonus
            guard bound >= plainFloor || (anyEngaged && bound >= floor && scorer.isEngagedOutOfLine(document)) else { continue }
            if place < 0 {
                guard let found = other.place(of: document) else { continue }
                place = found
            }
            // Summed in query order, as the conjunction sums them.
            let otherScore = Double(otherScores[place])
            var relevance = walkedIsFirst ? score + otherScore : otherScore + score
            if slotMasks[slot] & otherSlotMasks[place] != 0 { relevance *= bonus }
            guard relevance >= plainFloor || (anyEngaged && relevance >= floor && scorer.isEngagedOutOfLine(document)) else { continue }
            let final = scorer.finalScore(document, relevance: relevance, matchedWords: 2, wordCount: 2, requireAll: true)
            if let threshold, final < threshold { continue }
            trial.add(ScoredDocument(segment: segmentIndex, document: document, score: final))
            threshold = trial.threshold
            floor = threshold.map(scorer.relevanceFloor) ?? -.infinity
            plainFloor = threshold.map(scorer.relevanceFloorWithoutEngagement) ?? -.infinity
        }
    }
}
