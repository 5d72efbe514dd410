import LimelightCore

/// Collects a word's weighted term frequencies per document and field, and reduces them to one
/// sum per document with the fields it came from.
///
/// While contributions are few they are listed and sorted at the end; past one per 16 documents
/// of the segment they are summed in place into per-document arrays, and a bitset of the
/// documents touched lets the end visit only those, in order.
struct ContributionBuffer {
    private let documentCount: Int
    private var documents: [UInt32] = []
    private var weights: [Double] = []
    private var fieldBits: [UInt64] = []
    /// Per-document sums and field masks once dense (a document without contributions has mask 0);
    /// empty before.
    private var sums: [Double] = []
    private var masks: [UInt64] = []
    /// Bit `d % 64` of word `d / 64` is set once document `d` has a contribution (dense only).
    private var touched: [UInt64] = []

    /// A buffer for the documents `0..<documentCount`, with room for `expected` contributions
    /// before it grows (or turns dense).
    init(documentCount: Int, expected: Int = 0) {
        self.documentCount = documentCount
        let capacity = min(expected, documentCount / 16 + 1)
        documents.reserveCapacity(capacity)
        weights.reserveCapacity(capacity)
        fieldBits.reserveCapacity(capacity)
    }

    /// Adds `weight` to `document`, from the field whose bit is `fieldBit` (never 0).
    @inline(__always)
    mutating func add(_ document: UInt32, _ weight: Double, _ fieldBit: UInt64) {
        if !masks.isEmpty {
            let index = Int(document)
            guard index < documentCount else { return }
            sums[index] += weight
            masks[index] |= fieldBit
            touched[index >> 6] |= 1 << UInt64(index & 63)
            return
        }
        documents.append(document)
        weights.append(weight)
        fieldBits.append(fieldBit)
        if documents.count > documentCount / 16 { becomeDense() }
    }

    private mutating func becomeDense() {
        var sums = [Double](repeating: 0, count: documentCount)
        var masks = [UInt64](repeating: 0, count: documentCount)
        var touched = [UInt64](repeating: 0, count: (documentCount + 63) / 64)
        for index in documents.indices where Int(documents[index]) < documentCount {
            let document = Int(documents[index])
            sums[document] += weights[index]
            masks[document] |= fieldBits[index]
            touched[document >> 6] |= 1 << UInt64(document & 63)
        }
        self.sums = sums
        self.masks = masks
        self.touched = touched
        documents = []
        weights = []
        fieldBits = []
    }

    /// Per-document sums of weights, turned into scores by `score`, with the fields matched.
    func reduce(_ score: (Double) -> Double) -> SegmentScorer.WordMatches {
        var result = SegmentScorer.WordMatches()
        if !masks.isEmpty {
            let count = touched.reduce(0) { $0 + $1.nonzeroBitCount }
            result.documents.reserveCapacity(count)
            result.scores.reserveCapacity(count)
            result.fieldMasks.reserveCapacity(count)
            for (wordIndex, word) in touched.enumerated() where word != 0 {
                var bits = word
                while bits != 0 {
                    let document = wordIndex << 6 | bits.trailingZeroBitCount
                    bits &= bits - 1
                    result.documents.append(UInt32(document))
                    result.scores.append(score(sums[document]))
                    result.fieldMasks.append(masks[document])
                }
            }
            return result
        }
        guard !documents.isEmpty else { return result }
        result.documents.reserveCapacity(documents.count)
        result.scores.reserveCapacity(documents.count)
        result.fieldMasks.reserveCapacity(documents.count)
        // Document and contribution index packed in one integer, sorted by document: the sort is
        // stable, so each document's contributions stay in the order they were added.
        var order = documents.indices.map { UInt64(documents[$0]) << 32 | UInt64($0) }
        DocumentKeySort.sort(&order)
        var current = documents[Int(truncatingIfNeeded: order[0] & 0xFFFF_FFFF)]
        var sum = 0.0
        var mask: UInt64 = 0
        for key in order {
            let index = Int(truncatingIfNeeded: key & 0xFFFF_FFFF)
            if documents[index] != current {
                result.documents.append(current)
                result.scores.append(score(sum))
                result.fieldMasks.append(mask)
                current = documents[index]
                sum = 0
                mask = 0
            }
            sum += weights[index]
            mask |= fieldBits[index]
        }
        result.documents.append(current)
        result.scores.append(score(sum))
        result.fieldMasks.append(mask)
        return result
    }
}
