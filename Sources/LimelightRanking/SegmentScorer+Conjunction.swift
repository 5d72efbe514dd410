import LimelightCore

extension SegmentScorer {
    /// One word's scores as a conjunction reads them: kept over the whole segment, or computed
    /// among the documents the words before it left.
    private enum WordScores {
        case kept(ShortPrefixCache.ScoredList)
        case computed(WordMatches)
    }

    /// The documents matching every word of `query` (two or more), optionally only among `initial`,
    /// with their relevance: the words' scores summed in query order, lifted by the same-field
    /// bonus when one field holds them all.
    ///
    /// The word cheapest to match drives, and each next one is matched only among the documents
    /// the previous ones left: from its scored list when the cache keeps one (looking each up in
    /// the list's bitset), otherwise from its postings. The scores are read at the end, once per
    /// word, for the documents left.
    func conjunction(_ query: ResolvedQuery, within initial: [UInt32]?, keepsScoredLists: Bool) throws -> Matches {
        let fields = query.fields
        let words = query.words
        let costs = try words.map { try estimatedCost($0, in: fields) }
        let order = words.indices.sorted { costs[$0] < costs[$1] }
        var scores = [WordScores?](repeating: nil, count: words.count)
        var candidates = initial
        for index in order {
            if let list = try keptList(words[index], in: fields, cost: costs[index], builds: keepsScoredLists && candidates == nil) {
                candidates = candidates.map { $0.filter { list.place(of: $0) != nil } } ?? list.documents
                scores[index] = .kept(list)
            } else {
                let matches = try wordMatches(words[index], in: fields, within: candidates)
                candidates = matches.documents
                scores[index] = .computed(matches)
            }
            if candidates?.isEmpty ?? true { return Matches() }
        }
        // Every word's documents hold all those left, so a cursor finds each in turn.
        let documents = candidates ?? []
        var relevance = [Double](repeating: 0, count: documents.count)
        var shared = [UInt64](repeating: .max, count: documents.count)
        for case let wordScores? in scores {
            switch wordScores {
            case .kept(let list):
                for (index, document) in documents.enumerated() {
                    guard let place = list.place(of: document) else { continue }  // never: the word matched it
                    relevance[index] += Double(list.scores[place])
                    shared[index] &= list.fieldMask(at: place)
                }
            case .computed(let matches):
                var cursor = 0
                for (index, document) in documents.enumerated() {
                    cursor = DocumentSets.lowerBound(matches.documents, document, from: cursor)
                    relevance[index] += matches.scores[cursor]
                    shared[index] &= matches.fieldMasks[cursor]
                }
            }
        }
        // Words that all occur in one field (a title, a paragraph) are about one thing.
        let bonus = 1 + context.parameters.sameFieldBonus
        for index in relevance.indices where shared[index] != 0 { relevance[index] *= bonus }
        return Matches(documents: documents, relevance: relevance, matchedWords: [Int](repeating: words.count, count: documents.count))
    }
}
