import LimelightCore

/// How often the user engaged with documents of one snapshot, resolved from their keys once, so
/// that every query of the snapshot reads them directly: by segment and document, and per segment
/// as an ascending list (for the searches that must score every engaged document a word matches).
public struct EngagedDocuments: Sendable {
    /// Counts by `segment << 32 | document`.
    private let counts: [Int: Double]
    /// The engaged documents of each segment of the snapshot, ascending.
    private let bySegment: [[UInt32]]

    private init(counts: [Int: Double], segmentCount: Int) {
        self.counts = counts
        var bySegment = [[UInt32]](repeating: [], count: segmentCount)
        for key in counts.keys { bySegment[key >> 32].append(UInt32(truncatingIfNeeded: key)) }
        self.bySegment = bySegment.map { $0.sorted() }
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
        self.init(counts: counts, segmentCount: snapshot.segments.count)
    }

    /// Whether the user engaged with no document.
    public var isEmpty: Bool { counts.isEmpty }

    /// How often the user engaged with `document` of segment `segment` (nil: never).
    @inline(__always)
    func count(segment: Int, document: UInt32) -> Double? {
        counts.isEmpty ? nil : counts[segment << 32 | Int(document)]
    }

    /// The engaged documents of segment `segment`, ascending.
    func documents(inSegment segment: Int) -> [UInt32] {
        segment < bySegment.count ? bySegment[segment] : []
    }
}
