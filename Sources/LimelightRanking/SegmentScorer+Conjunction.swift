import LimelightCore

extension SegmentScorer {
    /// One word's scores as a conjunction reads them: kept over the whole segment (with the places
    /// in the list of the documents the word left, nil when it drove the conjunction), or computed
    /// among the documents the words before it left.
    private enum WordScores {
        case kept(ShortPrefixCache.ScoredList, places: [Int]?, documents: [UInt32])
        case computed(WordMatches)
    }

    /// The documents matching every word of `query` (two or more), optionally only among `initial`,
    /// with their relevance: the words' scores summed in query order, lifted by the same-field
    /// bonus when one field holds them all.
    ///
    /// The word cheapest to match drives, and each next one is matched only among the documents
    /// the previous ones left: from its scored list when the cache keeps one (comparing document
    /// ids only), otherwise from its postings. The scores are read at the end, once per word, for
    /// the documents left.
    func conjunction(_ query: ResolvedQuery, within initial: [UInt32]?, keepsScoredLists: Bool) throws -> Matches {
        let fields = query.fields
        let words = query.words
        let costs = try words.map { try estimatedCost($0, in: fields) }
        let order = words.indices.sorted { costs[$0] < costs[$1] }
        var scores = [WordScores?](repeating: nil, count: words.count)
        var candidates = initial
        for index in order {
            if let list = try keptList(words[index], in: fields, cost: costs[index], builds: keepsScoredLists && candidates == nil) {
                let places = candidates.map(list.places(among:))
                let documents = places.map { $0.map { list.documents[$0] } } ?? list.documents
                candidates = documents
                scores[index] = .kept(list, places: places, documents: documents)
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
            case let .kept(list, places, wordDocuments):
                Self.addScores(of: documents, from: wordDocuments, to: &relevance, &shared) { cursor in
                    let place = places?[cursor] ?? cursor
                    return (Double(list.scores[place]), list.fieldMask(at: place))
                }
            case .computed(let matches):
                Self.addScores(of: documents, from: matches.documents, to: &relevance, &shared) { (matches.scores[$0], matches.fieldMasks[$0]) }
            }
        }
        // Words that all occur in one field (a title, a paragraph) are about one thing.
        let bonus = 1 + context.parameters.sameFieldBonus
        for index in relevance.indices where shared[index] != 0 { relevance[index] *= bonus }
        return Matches(documents: documents, relevance: relevance, matchedWords: [Int](repeating: words.count, count: documents.count))
    }

    /// Adds one word's score to `relevance` and intersects its fields into `shared` for each of
    /// `documents`, which all appear in `wordDocuments` (ascending both); `entry(i)` is the score
    /// and field mask of `wordDocuments[i]`.
    @inline(__always)
    private static func addScores(
        of documents: [UInt32], from wordDocuments: [UInt32], to relevance: inout [Double], _ shared: inout [UInt64],
        _ entry: (Int) -> (score: Double, fieldMask: UInt64)
    ) {
        var cursor = 0
        for (index, document) in documents.enumerated() {
            cursor = DocumentSets.lowerBound(wordDocuments, document, from: cursor)
            let (score, fieldMask) = entry(cursor)
            relevance[index] += score
            shared[index] &= fieldMask
        }
    }
}
