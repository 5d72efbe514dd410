/// A scored search hit.
public struct ScoredDocument: Sendable {
    /// Index of the segment in the snapshot.
    public var segment: Int
    /// The document's id within the segment.
    public var document: UInt32
    /// The score given by the scoring hook.
    public var score: Double

    /// Creates a hit (for scorers outside the engine that collect with ``TopCollector``).
    public init(segment: Int, document: UInt32, score: Double) {
        self.segment = segment
        self.document = document
        self.score = score
    }
}

/// A bounded min-heap that keeps the `limit` best hits.
///
/// Ties are broken in favour of the later segment and document (newer content first).
public struct TopCollector {
    /// How many hits are kept.
    public let limit: Int
    /// The kept hits, the worst at the top (inlinable: the collector is offered hits in scorers' inner loops).
    @usableFromInline var heap: [ScoredDocument] = []

    /// Creates a collector for the best `limit` hits.
    public init(limit: Int) {
        self.limit = max(0, limit)
        heap.reserveCapacity(self.limit)
    }

    /// Whether `a` ranks below `b`.
    @inlinable @inline(__always)
    static func worse(_ a: ScoredDocument, _ b: ScoredDocument) -> Bool {
        if a.score != b.score { return a.score < b.score }
        if a.segment != b.segment { return a.segment < b.segment }
        return a.document < b.document
    }

    /// The lowest score that can still enter, or nil while the collector is not full.
    @inlinable public var threshold: Double? { heap.count < limit ? nil : heap.first?.score }

    /// The kept hit that ranks last, which a new hit must outrank to enter; nil while the collector
    /// is not full.
    @inlinable public var last: ScoredDocument? { heap.count < limit ? nil : heap.first }

    /// Offers a hit.
    @inlinable public mutating func add(_ hit: ScoredDocument) {
        guard limit > 0 else { return }
        if heap.count < limit {
            heap.append(hit)
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.worse(heap[child], heap[parent]) else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        } else if Self.worse(heap[0], hit) {
            heap[0] = hit
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var smallest = parent
                if left < heap.count && Self.worse(heap[left], heap[smallest]) { smallest = left }
                if right < heap.count && Self.worse(heap[right], heap[smallest]) { smallest = right }
                if smallest == parent { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
    }

    /// The kept hits, best first.
    public func results() -> [ScoredDocument] {
        heap.sorted { Self.worse($1, $0) }
    }
}

extension Snapshot {
    /// Every live document matching `query`, per segment (ascending ids).
    public func matchingDocuments(_ query: EngineQuery) throws -> [[UInt32]] {
        try segments.map { try QueryEvaluator(segment: $0).evaluate(query) }
    }

    /// The number of live documents matching `query`.
    public func count(_ query: EngineQuery) throws -> Int {
        try matchingDocuments(query).reduce(0) { $0 + $1.count }
    }

    /// The best `limit` documents matching `query` under the scoring hook.
    /// - Parameter score: called for each matching document with its segment index and id; the
    ///   hook may read postings, columns and stored bytes through the snapshot.
    public func topDocuments(
        _ query: EngineQuery, limit: Int, score: (_ segment: Int, _ document: UInt32) throws -> Double
    ) throws -> [ScoredDocument] {
        var collector = TopCollector(limit: limit)
        for (index, segment) in segments.enumerated() {
            for document in try QueryEvaluator(segment: segment).evaluate(query) {
                collector.add(ScoredDocument(segment: index, document: document, score: try score(index, document)))
            }
        }
        return collector.results()
    }
}
