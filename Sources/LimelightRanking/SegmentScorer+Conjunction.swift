import LimelightCore

extension SegmentScorer {
    /// One word's scores as a conjunction reads them: kept over the whole segment, with the place
    /// in the list of each document left (nil while those are the list's own documents, each at its
    /// index), or computed among the documents the words before it left.
    private enum WordScores {
        case kept(ShortPrefixCache.ScoredList, places: [Int32]?)
        case computed(WordMatches)
    }

    /// The documents matching every word of `query` (two or more), optionally only among `initial`,
    /// with their relevance: the words' scores summed in query order, lifted by the same-field
    /// bonus when one field holds them all.
    ///
    /// The word cheapest to match drives, and each next one is matched only among the documents
    /// the previous ones left: from its scored list when the cache keeps one (looking each up in
    /// the list's bitset, once: the places found are kept for the end), otherwise from its
    /// postings. The scores are read at the end, once per word, for the documents left.
    func conjunction(_ query: ResolvedQuery, within initial: [UInt32]?, keepsScoredLists: Bool) throws -> Matches {
        let fields = query.fields
        let words = query.words
        let costs = try words.map { try estimatedCost($0, in: fields) }
        let order = words.indices.sorted { costs[$0] < costs[$1] }
        var scores = [WordScores?](repeating: nil, count: words.count)
        var candidates = initial
        for index in order {
            if let list = try keptList(
                words[index], in: fields, cost: costs[index], builds: keepsScoredLists && Self.scoresInFull(costs[index], among: candidates)
            ) {
                guard let current = candidates else {
                    candidates = list.documents()
                    scores[index] = .kept(list, places: nil)
                    continue
                }
                var left: [UInt32] = []
                var places: [Int32] = []
                var survivors: [Int32] = []
                left.reserveCapacity(min(current.count, list.count))
                places.reserveCapacity(left.capacity)
                survivors.reserveCapacity(left.capacity)
                var cursor = 0
                for (position, document) in current.enumerated() {
                    guard let place = list.place(of: document, from: &cursor) else { continue }
                    left.append(document)
                    places.append(Int32(truncatingIfNeeded: place))
                    survivors.append(Int32(truncatingIfNeeded: position))
                }
                if left.count < current.count { Self.keep(survivors, inPlacesOf: &scores) }
                candidates = left
                scores[index] = .kept(list, places: places)
            } else {
                let matches = try wordMatches(words[index], in: fields, within: candidates)
                if let current = candidates, matches.documents.count < current.count {
                    // The matches are among the candidates, both ascending.
                    var survivors: [Int32] = []
                    survivors.reserveCapacity(matches.documents.count)
                    var position = 0
                    for document in matches.documents {
                        while current[position] != document { position += 1 }
                        survivors.append(Int32(truncatingIfNeeded: position))
                    }
                    Self.keep(survivors, inPlacesOf: &scores)
                }
                candidates = matches.documents
                scores[index] = .computed(matches)
            }
            if candidates?.isEmpty ?? true { return Matches() }
        }
        let documents = candidates ?? []
        var relevance = [Double](repeating: 0, count: documents.count)
        var shared = [UInt64](repeating: .max, count: documents.count)
        for case let wordScores? in scores {
            switch wordScores {
            case .kept(let list, let places):
                for index in documents.indices {
                    let place = places.map { Int($0[index]) } ?? index
                    relevance[index] += Double(list.scores[place])
                    shared[index] &= list.fieldMask(at: place)
                }
            case .computed(let matches):
                // Every word's documents hold all those left, so a cursor finds each in turn.
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

    /// Narrows the places kept for the scored lists matched so far to the candidates at
    /// `survivors` (ascending positions among the previous candidates).
    private static func keep(_ survivors: [Int32], inPlacesOf scores: inout [WordScores?]) {
        for word in scores.indices {
            guard case .kept(let list, let places)? = scores[word] else { continue }
            scores[word] = .kept(list, places: places.map { places in survivors.map { places[Int($0)] } } ?? survivors)
        }
    }
}
