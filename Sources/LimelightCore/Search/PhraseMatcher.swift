/// Finds documents where terms occur at consecutive positions of a text field.
struct PhraseMatcher {
    let segment: SegmentSnapshot
    let field: String
    let terms: [String]
    let lastIsPrefix: Bool

    func documents(within candidates: [UInt32]?) throws -> [UInt32] {
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
        var candidateDocuments = try QueryEvaluator(segment: segment).evaluate(.and(clauses))
        if let candidates { candidateDocuments = DocumentSets.intersect(candidateDocuments, candidates) }
        if terms.count == 1 { return candidateDocuments }

        var iterators = try infos.map { try $0.map { try fieldReader.postings(for: $0, withPositions: true) } }
        var result: [UInt32] = []
        var positionSets = [[UInt32]](repeating: [], count: iterators.count)
        for document in candidateDocuments {
            for slot in iterators.indices {
                positionSets[slot].removeAll(keepingCapacity: true)
                for i in iterators[slot].indices {
                    if try iterators[slot][i].advance(to: document), iterators[slot][i].document == document {
                        try iterators[slot][i].appendPositions(to: &positionSets[slot])
                    }
                }
                if iterators[slot].count > 1 { positionSets[slot].sort() }
            }
            if Self.hasConsecutiveRun(positionSets) { result.append(document) }
        }
        return result
    }

    /// Whether some p has p in sets[0], p+1 in sets[1], …
    static func hasConsecutiveRun(_ sets: [[UInt32]]) -> Bool {
        guard let first = sets.first else { return false }
        outer: for start in first {
            for offset in 1..<sets.count {
                let wanted = start &+ UInt32(offset)
                if !binaryContains(sets[offset], wanted) { continue outer }
            }
            return true
        }
        return false
    }

    private static func binaryContains(_ sorted: [UInt32], _ value: UInt32) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }
}
