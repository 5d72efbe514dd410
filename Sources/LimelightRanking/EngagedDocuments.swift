#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LimelightCore

/// How often the user engaged with documents of one snapshot, resolved from their keys once, so
/// that every query of the snapshot reads them directly: by segment and document, and per segment
/// as an ascending list (for the searches that must score every engaged document a word matches).
public struct EngagedDocuments: Sendable {
    /// The engaged documents of each segment of the snapshot, ascending.
    private let bySegment: [[UInt32]]
    /// One bit per document of every segment, set for the engaged ones: most documents scored
    /// are not, and one load tells so.
    private let engagedBits: [UInt64]
    /// Where each segment's bits start in ``engagedBits`` (a word index; one more entry than segments).
    private let segmentWordStarts: [Int]
    /// How many bits of ``engagedBits`` are set before each of its words.
    private let ranks: [UInt32]
    /// The share of popularity each engaged document's count gives (see
    /// ``popularityShare(ofCount:)``), in the order of their bits: an engaged document's share is
    /// found by counting the bits before its own, not by a hashed lookup, and computed once, not
    /// for every document scored.
    private let shares: [Double]
    /// Stands for these counts (as resolved to these documents) in what is derived from them
    /// and kept (see ``ShortPrefixCache/ScoredList/engagedMatches(_:segment:)``).
    let identity = Identity()

    /// An object whose identity stands for one set of engagement counts.
    final class Identity: Sendable {}

    private init(counts: [Int: Double], documentCounts: [Int]) {
        var bySegment = [[UInt32]](repeating: [], count: documentCounts.count)
        for key in counts.keys { bySegment[key >> 32].append(UInt32(truncatingIfNeeded: key)) }
        self.bySegment = bySegment.map { $0.sorted() }
        var starts = [0]
        for count in documentCounts { starts.append(starts[starts.count - 1] + (counts.isEmpty ? 0 : (count + 63) / 64)) }
        var bits = [UInt64](repeating: 0, count: starts[starts.count - 1])
        for key in counts.keys {
            let document = Int(UInt32(truncatingIfNeeded: key))
            bits[starts[key >> 32] + document >> 6] |= 1 << UInt64(document & 63)
        }
        // Bit order is segment by segment, each ascending: the order of `bySegment` concatenated.
        shares = self.bySegment.enumerated().flatMap { segment, documents in
            documents.map { Self.popularityShare(ofCount: counts[segment << 32 | Int($0)] ?? 0) }
        }
        engagedBits = bits
        segmentWordStarts = starts
        ranks = BitsetRanks.runningCounts(bits)
    }

    /// Engagement counts by document key resolved to the live documents of `snapshot` (keys no
    /// live document has are left out).
    public init(_ engagement: [String: Double], in snapshot: Snapshot) {
        var counts: [Int: Double] = [:]
        for (key, count) in engagement {
            if let location = try? snapshot.document(withKey: key) {
                counts[location.segment << 32 | Int(location.document)] = count
            }
        }
        self.init(counts: counts, documentCounts: snapshot.segments.map(\.reader.documentCount))
    }

    /// Whether the user engaged with no document.
    public var isEmpty: Bool { shares.isEmpty }

    /// The share of popularity `document` of segment `segment` has from engagement (nil: never
    /// engaged with).
    @inline(__always)
    func popularityShare(segment: Int, document: UInt32) -> Double? {
        guard !shares.isEmpty, segment + 1 < segmentWordStarts.count else { return nil }
        let word = segmentWordStarts[segment] + Int(document >> 6)
        guard word < segmentWordStarts[segment + 1] else { return nil }
        let bits = engagedBits[word], bit = UInt64(1) << UInt64(document & 63)
        guard bits & bit != 0 else { return nil }
        return shares[Int(ranks[word]) + (bits & (bit &- 1)).nonzeroBitCount]
    }

    /// The share of popularity (0 to one half) that engaging `count` times gives: growing with
    /// the logarithm of the count, whole at ten.
    static func popularityShare(ofCount count: Double) -> Double {
        count > 0 ? 0.5 * min(1, log1p(count) / log(11)) : 0
    }

    /// The engaged documents of segment `segment`, ascending.
    func documents(inSegment segment: Int) -> [UInt32] {
        segment < bySegment.count ? bySegment[segment] : []
    }

    /// Calls `body` with each engaged document of segment `segment`, ascending, whose bit is also
    /// set in every one of `bitsets` (a bit per document of the segment, as in a scored list's
    /// presence): the engaged documents a query's words may all match, found 64 documents at a
    /// time instead of each looked up in every word's list.
    func forEachDocument(inSegment segment: Int, alsoSetIn bitsets: [[UInt64]], _ body: (UInt32) -> Void) {
        guard !shares.isEmpty, segment + 1 < segmentWordStarts.count else { return }
        let start = segmentWordStarts[segment]
        for index in 0..<(segmentWordStarts[segment + 1] - start) {
            var bits = engagedBits[start + index]
            for bitset in bitsets where bits != 0 { bits &= index < bitset.count ? bitset[index] : 0 }
            while bits != 0 {
                body(UInt32(index << 6 | bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
    }
}
