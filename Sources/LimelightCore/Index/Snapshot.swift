import Synchronization

/// One segment as a snapshot sees it: the reader and the live-document bitset at snapshot time.
public struct SegmentSnapshot: Sendable {
    /// The segment.
    public let reader: SegmentReader
    /// Its live documents when the snapshot was taken.
    public let live: LiveDocuments
    /// Whether the segment is on disk (false: in memory, covered by the write-ahead log).
    public let isOnDisk: Bool
}

/// A consistent, immutable view of an index at one commit.
///
/// Searches run on snapshots: later commits never change what a snapshot returns, and a snapshot
/// never shows part of a batch. Taking one is O(1); it keeps its segments alive while referenced.
public final class Snapshot: Sendable {
    /// The segments, oldest first.
    public let segments: [SegmentSnapshot]
    /// The committed metadata (client states and the like).
    public let metadata: [String: [UInt8]]
    /// The log sequence number of the last batch included.
    public let sequence: UInt64
    /// The last list of fields ``averageLengths(of:)`` was asked for, with the lengths.
    private let lastAverageLengths = Mutex<(names: [String], lengths: [Double])?>(nil)
    /// Values computed from this snapshot by ``derived(_:)``, by type.
    private let derivedValues = Mutex<[ObjectIdentifier: any Sendable]>([:])

    init(segments: [SegmentSnapshot], metadata: [String: [UInt8]], sequence: UInt64) {
        self.segments = segments
        self.metadata = metadata
        self.sequence = sequence
    }

    /// The value of type `Value` that `compute` derives from this snapshot, computed on first use
    /// and kept while the snapshot lives: what higher layers work out once per commit (which
    /// attributes any item has, say) instead of once per query. One value per type.
    public func derived<Value: Sendable>(_ compute: (Snapshot) -> Value) -> Value {
        let key = ObjectIdentifier(Value.self)
        if let known = derivedValues.withLock({ $0[key] }) as? Value { return known }
        let value = compute(self)
        derivedValues.withLock { $0[key] = value }
        return value
    }

    /// The number of live documents.
    public var documentCount: Int { segments.reduce(0) { $0 + $1.live.liveCount } }

    /// Looks up the live document with `key`.
    /// - Returns: the segment index and document id, or nil.
    public func document(withKey key: String) throws -> (segment: Int, document: UInt32)? {
        for (index, segment) in segments.enumerated().reversed() {
            if let document = try segment.reader.document(withKey: key), segment.live.isLive(document) {
                return (index, document)
            }
        }
        return nil
    }

    /// The average length of each of the named fields (see ``fieldStatistics(_:)``), in order. The
    /// last list asked for is remembered, as ranked queries ask for the same one every time.
    public func averageLengths(of names: [String]) -> [Double] {
        if let last = lastAverageLengths.withLock({ $0 }), last.names == names { return last.lengths }
        let lengths = names.map { fieldStatistics($0).averageLength }
        lastAverageLengths.withLock { $0 = (names, lengths) }
        return lengths
    }

    /// Corpus-wide statistics of a text field across live and deleted documents (as BM25 uses them).
    public func fieldStatistics(_ field: String) -> (documentCount: Int, averageLength: Double) {
        var documents = 0
        var total: UInt64 = 0
        for segment in segments {
            guard let reader = segment.reader.field(field) else { continue }
            documents += reader.statistics.documentCount
            total += reader.statistics.totalLength
        }
        return (documents, documents == 0 ? 1 : max(1, Double(total) / Double(documents)))
    }

    /// The number of documents containing `term` in `field`, summed over segments.
    public func documentFrequency(field: String, term: String) throws -> Int {
        var total = 0
        for segment in segments {
            if let info = try segment.reader.field(field)?.dictionary.lookup(term) { total += info.documentFrequency }
        }
        return total
    }

    /// Calls `body` with every live document: its key and stored bytes.
    public func forEachDocument(_ body: (String, [UInt8]) throws -> Void) throws {
        for segment in segments {
            try segment.live.forEachLive { document in
                let entry = try segment.reader.storedDocument(document)
                try body(entry.key, entry.stored)
            }
        }
    }
}
