/// Finds documents where terms occur at consecutive positions of a text field.
struct PhraseMatcher {
    let segment: SegmentSnapshot
    let field: String
    let terms: [String]
    let lastIsPrefix: Bool

    /// The live documents among `candidates` (ascending; nil: the whole segment) holding the
    /// phrase. Positions are compared only for documents holding every term that `worthChecking`
    /// accepts; the ones it turns down are left out unchecked. `found` is told of each document
    /// found, as it is found.
    func documents(
        within candidates: [UInt32]?, worthChecking: (UInt32) throws -> Bool = { _ in true }, found: (UInt32) throws -> Void = { _ in }
    ) throws -> [UInt32] {
        guard !terms.isEmpty, let fieldReader = segment.reader.field(field), fieldReader.statistics.kind == .text else { return [] }
        // The term infos at each phrase position (several for a prefix).
        var infos: [[TermInfo]] = []
        var clauses: [EngineQuery] = []
        for (index, term) in terms.enumerated() {
            if lastIsPrefix && index == terms.count - 1 {
                var expansions: [TermInfo] = []
                try fieldReader.dictionary.forEachTerm(withPrefix: term) { _, info in
                    expansions.append(info)
                    return true
                }
                infos.append(expansions)
                clauses.append(.prefix(field: field, prefix: term))
            } else {
                guard let info = try fieldReader.dictionary.lookup(term) else { return [] }
                infos.append([info])
                clauses.append(.term(field: field, term: term))
            }
            if infos.last!.isEmpty { return [] }
        }
        if terms.count > 1, infos.allSatisfy({ $0.count == 1 }) {
            return try singleTermDocuments(infos.map { $0[0] }, fieldReader, within: candidates, worthChecking: worthChecking, found: found)
        }
        var candidateDocuments = try QueryEvaluator(segment: segment).evaluate(.and(clauses))
        if let candidates { candidateDocuments = DocumentSets.intersect(candidateDocuments, candidates) }
        if terms.count == 1 { return candidateDocuments }

        var iterators = try infos.map { try $0.map { try fieldReader.postings(for: $0, withPositions: true) } }
        var result: [UInt32] = []
        var positions: [UInt32] = []
        var starts = [Int](repeating: 0, count: iterators.count + 1)
        var cursors: [Int] = []
        for document in candidateDocuments where try worthChecking(document) {
            positions.removeAll(keepingCapacity: true)
            for slot in iterators.indices {
                starts[slot] = positions.count
                for i in iterators[slot].indices {
                    if try iterators[slot][i].advance(to: document), iterators[slot][i].document == document {
                        try iterators[slot][i].appendPositions(to: &positions)
                    }
                }
                if iterators[slot].count > 1 { positions[starts[slot]...].sort() }
            }
            starts[iterators.count] = positions.count
            if Self.hasConsecutiveRun(positions, starts, cursors: &cursors) {
                result.append(document)
                try found(document)
            }
        }
        return result
    }

    /// The documents of a phrase whose every position is one term: the rarest term leads, the
    /// others (and the candidates) skip ahead to it, and positions are read only where all meet.
    private func singleTermDocuments(
        _ infos: [TermInfo], _ fieldReader: FieldReader, within candidates: [UInt32]?,
        worthChecking: (UInt32) throws -> Bool, found: (UInt32) throws -> Void
    ) throws -> [UInt32] {
        var iterators = try infos.map { try fieldReader.postings(for: $0, withPositions: true) }
        // The iterators are advanced in place, without a uniqueness check of the array per step.
        return try iterators.withUnsafeMutableBufferPointer { iterators in
            try singleTermDocuments(iterators, infos, within: candidates, worthChecking: worthChecking, found: found)
        }
    }

    private func singleTermDocuments(
        _ iterators: UnsafeMutableBufferPointer<PostingsIterator>, _ infos: [TermInfo], within candidates: [UInt32]?,
        worthChecking: (UInt32) throws -> Bool, found: (UInt32) throws -> Void
    ) throws -> [UInt32] {
        let live = segment.live
        let order = iterators.indices.sorted { infos[$0].documentFrequency < infos[$1].documentFrequency }
        let lead = order[0]
        // The others by rank: a slice of `order` would retain and release the array at every
        // document the lead stops at.
        let others = 1..<order.count
        var result: [UInt32] = []
        var phraseStarts: [UInt32] = []
        var candidateIndex = 0
        guard try iterators[lead].next() else { return [] }
        var document = iterators[lead].document
        search: while true {
            if let candidates {
                candidateIndex = DocumentSets.lowerBound(candidates, document, from: candidateIndex)
                guard candidateIndex < candidates.count else { break }
                if candidates[candidateIndex] != document {
                    guard try iterators[lead].advance(to: candidates[candidateIndex]) else { break }
                    document = iterators[lead].document
                    continue
                }
            }
            for rank in others {
                let slot = order[rank]
                guard try iterators[slot].advance(to: document) else { break search }
                if iterators[slot].document != document {
                    guard try iterators[lead].advance(to: iterators[slot].document) else { break search }
                    document = iterators[lead].document
                    continue search
                }
            }
            if live.isLive(document), try worthChecking(document), try Self.hasPhrase(iterators, starts: &phraseStarts) {
                result.append(document)
                try found(document)
            }
            guard try iterators[lead].next() else { break }
            document = iterators[lead].document
        }
        return result
    }

    /// Whether the phrase occurs in the document all `iterators` are on (iterator k holds the
    /// phrase's k-th term): some start s with term k at position s + k for every k.
    ///
    /// The term with the fewest positions in the document gives the possible starts; each other
    /// term's positions are then read only until they have settled every start left (the rest
    /// are skipped, not decoded), and the search stops once no start is left.
    /// - Parameter starts: scratch space, overwritten.
    static func hasPhrase(_ iterators: UnsafeMutableBufferPointer<PostingsIterator>, starts scratch: inout [UInt32]) throws -> Bool {
        var anchor = 0
        for slot in iterators.indices where iterators[slot].frequency < iterators[anchor].frequency { anchor = slot }
        // A document has as many positions as its frequency, so the starts fit.
        let needed = Int(iterators[anchor].frequency)
        if scratch.count < needed { scratch = [UInt32](repeating: 0, count: max(needed, scratch.count * 2)) }
        return try scratch.withUnsafeMutableBufferPointer { starts in
            var count = 0
            let anchorShift = UInt32(anchor)
            try iterators[anchor].forEachPosition { position in
                if position >= anchorShift && count < starts.count {
                    starts[count] = position - anchorShift
                    count += 1
                }
                return true
            }
            for slot in iterators.indices where slot != anchor {
                guard count > 0 else { return false }
                let shift = UInt32(slot)
                var read = 0
                var kept = 0
                try iterators[slot].forEachPosition { position in
                    guard position >= shift else { return true }
                    let start = position - shift
                    while read < count && starts[read] < start { read += 1 }
                    if read < count && starts[read] == start {
                        starts[kept] = start
                        kept += 1
                        read += 1
                    }
                    return read < count
                }
                count = kept
            }
            return count > 0
        }
    }

    /// Whether some p has p in the first run of `positions`, p+1 in the second, … (run k is
    /// `positions[starts[k]..<starts[k+1]]`, each ascending). One merge pass over the runs.
    /// - Parameter cursors: scratch space, overwritten.
    static func hasConsecutiveRun(_ positions: [UInt32], _ starts: [Int], cursors: inout [Int]) -> Bool {
        let runs = starts.count - 1
        if cursors.count != runs { cursors = [Int](repeating: 0, count: runs) }
        for run in 0..<runs { cursors[run] = starts[run] }
        return positions.withUnsafeBufferPointer { positions in
            outer: for index in starts[0]..<starts[1] {
                let start = positions[index]
                for run in 1..<runs {
                    let wanted = start &+ UInt32(run)
                    let end = starts[run + 1]
                    var cursor = cursors[run]
                    while cursor < end && positions[cursor] < wanted { cursor += 1 }
                    cursors[run] = cursor
                    guard cursor < end else { return false }
                    if positions[cursor] != wanted { continue outer }
                }
                return true
            }
            return false
        }
    }
}
