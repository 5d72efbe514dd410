import LimelightCore

/// Collects a word's weighted term frequencies per document and field, and reduces them to one
/// sum per document with the fields it came from.
///
/// While contributions are few they are listed and ordered at the end (not at all when they came
/// in ascending, as a word found in one field does); past one per 16 documents of the segment
/// they are summed in place into per-document arrays, and a bitset of the documents touched lets
/// the end visit only those, in order.
struct ContributionBuffer {
    /// One listed contribution.
    private struct Contribution {
        var document: UInt32
        var weight: Double
        var fieldBit: UInt64
    }

    private let documentCount: Int
    private var listed: [Contribution] = []
    /// Whether the listed contributions' documents strictly ascend.
    private var ascending = true
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
        listed.reserveCapacity(min(expected, documentCount / 16 + 1))
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
        if let last = listed.last, last.document >= document { ascending = false }
        listed.append(Contribution(document: document, weight: weight, fieldBit: fieldBit))
        if listed.count > documentCount / 16 { becomeDense() }
    }

    private mutating func becomeDense() {
        var sums = [Double](repeating: 0, count: documentCount)
        var masks = [UInt64](repeating: 0, count: documentCount)
        var touched = [UInt64](repeating: 0, count: (documentCount + 63) / 64)
        for contribution in listed where Int(contribution.document) < documentCount {
            let document = Int(contribution.document)
            sums[document] += contribution.weight
            masks[document] |= contribution.fieldBit
            touched[document >> 6] |= 1 << UInt64(document & 63)
        }
        self.sums = sums
        self.masks = masks
        self.touched = touched
        listed = []
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
        guard !listed.isEmpty else { return result }
        if ascending {
            // One contribution per document, in order.
            result.documents = listed.map(\.document)
            result.scores = listed.map { score($0.weight) }
            result.fieldMasks = listed.map(\.fieldBit)
            return result
        }
        result.documents.reserveCapacity(listed.count)
        result.scores.reserveCapacity(listed.count)
        result.fieldMasks.reserveCapacity(listed.count)
        // Document and contribution index packed in one integer, sorted by document: the sort is
        // stable, so each document's contributions stay in the order they were added.
        var order = listed.indices.map { UInt64(listed[$0].document) << 32 | UInt64($0) }
        DocumentKeySort.sort(&order)
        var current = listed[Int(truncatingIfNeeded: order[0] & 0xFFFF_FFFF)].document
        var sum = 0.0
        var mask: UInt64 = 0
        for key in order {
            let contribution = listed[Int(truncatingIfNeeded: key & 0xFFFF_FFFF)]
            if contribution.document != current {
                result.documents.append(current)
                result.scores.append(score(sum))
                result.fieldMasks.append(mask)
                current = contribution.document
                sum = 0
                mask = 0
            }
            sum += contribution.weight
            mask |= contribution.fieldBit
        }
        result.documents.append(current)
        result.scores.append(score(sum))
        result.fieldMasks.append(mask)
        return result
    }
}
