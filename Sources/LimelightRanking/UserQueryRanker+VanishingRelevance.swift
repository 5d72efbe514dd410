import LimelightCore

extension UserQueryRanker {
    /// Answers a query whose words are so common in this segment that no document's relevance
    /// survives rounding: "the m" over a million messages, nearly all of which hold "the" and a
    /// word starting with "m", gives every word an idf near zero. Every match then scores exactly
    /// its ranking hint, and when the segment has no positive hints, every match ties and the top
    /// hits are the newest matches (ties go to the later document). They are found by matching the
    /// words among the newest documents first, in windows that double, instead of scoring every
    /// match; the hits are the ones a full evaluation keeps.
    ///
    /// - Returns: false when some document could score above zero, the segment has hints, or not
    ///   every word is required; the collector is then unchanged.
    func searchNewestWhenRelevanceVanishes(
        _ scorer: SegmentScorer, _ query: SegmentScorer.ResolvedQuery, _ segmentIndex: Int, _ request: Request,
        _ collector: inout TopCollector
    ) throws -> Bool {
        guard request.requireAllWords, try relevanceVanishes(scorer, query), !hasPositiveHints(scorer) else { return false }
        let segment = scorer.segment
        let evaluator = QueryEvaluator(segment: segment)
        var found = 0
        var end = segment.reader.documentCount
        var window = max(request.limit * 4, 64)
        while end > 0 && found < request.limit {
            let start = max(0, end - window)
            var candidates = (UInt32(start)..<UInt32(end)).filter(segment.live.isLive)
            if let filter = request.filter, !candidates.isEmpty { candidates = try evaluator.evaluate(filter, within: candidates) }
            if !candidates.isEmpty {
                let matches = try scorer.documents(for: query, requireAll: true, within: candidates)
                for index in matches.documents.indices.reversed() where found < request.limit {
                    let document = matches.documents[index]
                    let score = scorer.finalScore(
                        document, relevance: matches.relevance[index], matchedWords: request.words.count,
                        wordCount: request.words.count, requireAll: true)
                    collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
                    found += 1
                }
            }
            end = start
            window *= 2
        }
        return true
    }

    /// Whether some document of the scorer's segment has a positive ranking hint, which decides
    /// between documents whose relevance vanished.
    func hasPositiveHints(_ scorer: SegmentScorer) -> Bool {
        guard let hintColumn = parameters.features.hintColumn, let bounds = scorer.segment.reader.columnBounds(hintColumn) else { return false }
        return bounds.highest > 0
    }

    /// Whether a query answered from its words' kept lists may have a relevance that vanishes:
    /// the lists' highest scores summed, with the same-field bonus and the largest feature factor,
    /// stay below the bound of ``relevanceVanishes(_:_:)``. A word's scores are below its
    /// idf·(k1+1), so a query clear of the bound here is clear of it there; one that is not is
    /// settled there, after its words are resolved.
    func relevanceMayVanish(_ kept: KeptLists, _ scorer: SegmentScorer) -> Bool {
        vanishes(relevanceCeiling: kept.relevanceCeiling(parameters), scorer)
    }

    /// Whether every relevance up to `ceiling`, times the segment's largest feature factor, rounds
    /// to zero: it stays below a quarter of a relevance step (half a step rounds to zero; the
    /// margin absorbs floating-point error).
    func vanishes(relevanceCeiling ceiling: Double, _ scorer: SegmentScorer) -> Bool {
        ceiling * scorer.maximumFactorWithEngagement < SegmentScorer.relevanceStep / 4
    }

    /// Whether every document's relevance times features rounds to zero: the words' saturated BM25
    /// maxima, idf·(k1+1) each, summed, with the same-field bonus and the largest feature factor,
    /// stay below a quarter of a relevance step (half a step rounds to zero; the margin absorbs
    /// floating-point error). Words found whole are weighed first: their idf costs no dictionary
    /// scan, and one of them usually settles it.
    private func relevanceVanishes(_ scorer: SegmentScorer, _ query: SegmentScorer.ResolvedQuery) throws -> Bool {
        guard query.words.allSatisfy({ !$0.word.isPhrase }) else { return false }
        let ceiling = SegmentScorer.relevanceStep / 4
        let scale = (parameters.k1 + 1) * (query.words.count > 1 ? 1 + parameters.sameFieldBonus : 1) * scorer.maximumFactorWithEngagement
        var sum = 0.0
        for wholeWords in [true, false] {
            for word in query.words where (word.wholeWordFrequency > 0) == wholeWords {
                sum += try scorer.wordInverseDocumentFrequency(word, in: query.fields)
                if sum * scale >= ceiling { return false }
            }
        }
        return true
    }
}
