import Dispatch
import Synchronization

/// A durable inverted index in one directory: a write-ahead log, immutable segments and an
/// atomically replaced manifest.
///
/// - Writes: ``commit(_:)`` appends one checksummed log record, syncs it, applies the batch to a new
///   in-memory segment and publishes a new snapshot. When the in-memory segments grow large they are
///   flushed to segment files and the log starts afresh. Commits are serialised; they never block
///   searches.
/// - Reads: ``snapshot()`` returns the current immutable view in O(1).
/// - Merging: segments of similar size are merged in the background (tiered policy).
/// - Opening replays the log after the manifest; a torn tail is cut cleanly.
public final class SearchEngine: Sendable {
    /// Tuning knobs.
    public struct Options: Sendable {
        /// Flush in-memory segments to disk when they exceed this many bytes.
        public var flushThresholdBytes = 64 << 20
        /// Flush when the write-ahead log exceeds this many bytes.
        public var logThresholdBytes = 256 << 20
        /// Merge when this many segments have a similar size.
        public var mergeFactor = 8
        /// Merge segments in the background (false: only when ``mergeNow()`` is called).
        public var backgroundMerges = true
        /// Cut a damaged write-ahead log at the damage instead of failing to open.
        public var repairCorruptLog = false
        /// Verify every segment's checksum when opening.
        public var verifyChecksumsOnOpen = true
        /// Encrypt the index at rest with this key (nil: files are not encrypted). An encrypted
        /// index opens only with its key; its segments are decrypted into memory rather than
        /// memory-mapped.
        public var encryptionKey: EncryptionKey?
        /// Rebuilds documents marked ``IndexDocument/isDerivedFromStored`` from their key and
        /// stored bytes. With it, the log records such documents by those alone (a fraction of
        /// their analysed terms, so commits write and sync less) and replays them through it; an
        /// index whose log holds such records opens only with it. Nil: every document is logged
        /// whole.
        public var documentDeriver: DocumentDeriver?

        /// Default options.
        public init() {}
    }

    /// What opening found.
    public struct RecoveryReport: Sendable, Equatable {
        /// Log records replayed.
        public var replayedBatches: Int
        /// Bytes of torn or damaged log cut off.
        public var truncatedLogBytes: Int
    }

    /// The index directory.
    public let directory: String
    let options: Options
    private let writer: Mutex<WriterState>
    private let current: Mutex<Snapshot>
    private let merges: Mutex<MergeState>
    private let mergeQueue = DispatchQueue(label: "limelight.merge")
    private let mergeGroup = DispatchGroup()
    /// What opening found.
    public let recovery: RecoveryReport
    /// Held from open to close so that only one engine writes the directory.
    private let lock: DirectoryLock

    struct MergeState {
        var running = false
        var failure: StorageError?
    }

    private init(directory: String, options: Options, state: WriterState, recovery: RecoveryReport, lock: DirectoryLock) {
        self.directory = directory
        self.lock = lock
        self.options = options
        self.recovery = recovery
        current = Mutex(state.makeSnapshot())
        writer = Mutex(state)
        merges = Mutex(MergeState())
    }

    /// Opens (creating if needed) the index in `directory`.
    /// - Throws: ``StorageError/locked(path:)`` when another open engine holds the directory;
    ///   ``StorageError`` when files are damaged beyond a torn log tail, or on I/O errors.
    public static func open(directory: String, options: Options = Options()) throws -> SearchEngine {
        try FileSystem.createDirectory(directory)
        let lock = try DirectoryLock(directory: directory)
        let (state, report) = try WriterState.recover(directory: directory, options: options)
        return SearchEngine(directory: directory, options: options, state: state, recovery: report, lock: lock)
    }

    /// The current snapshot. O(1).
    public func snapshot() -> Snapshot { current.withLock { $0 } }

    /// Batches adding at least this many documents build their segment while their log record is synced.
    static let concurrentBuildThreshold = 64

    /// Commits `batch` atomically and durably.
    ///
    /// When this returns, the batch is in the synced log and visible to new snapshots. When it
    /// throws, nothing of the batch is applied.
    /// - Returns: the batch's log sequence number.
    /// - Throws: ``StorageError/preconditionFailed(_:)`` when a precondition does not hold; I/O errors.
    @discardableResult
    public func commit(_ batch: WriteBatch) throws -> UInt64 {
        let (sequence, snapshot, wantsMerge) = try writer.withLock { state -> (UInt64, Snapshot, Bool) in
            guard !state.closed else { throw StorageError.closed }
            for condition in batch.preconditions where state.metadata[condition.key] != condition.expected {
                throw StorageError.preconditionFailed("metadata \(condition.key) does not have the expected value")
            }
            let sequence = state.sequence + 1
            // Large batches build their segment while the log record is encoded, written and
            // synced; the batch is applied (and reported) only once the record is durable.
            let added = batch.addedDocuments
            let log = state.log
            let derivable = options.documentDeriver != nil
            if added.count >= Self.concurrentBuildThreshold {
                // The log's thread is done long before the fields are inverted: it then frees the
                // previous large batch's documents, which the committing thread would otherwise
                // free, lays out the stored documents, keys and columns, and finds the documents
                // the batch replaces.
                let previous = state.retiredBatch
                state.retiredBatch = nil
                let slots = state.slots
                let ((documentSections, deletions), invertedSections) = try concurrently(
                    {
                        try log.append(sequence: sequence, payload: BatchCodec.encode(batch, derivable: derivable))
                        previous?.free()
                        return (SegmentBuilder.documentSections(added), try WriterState.deletions(of: batch, in: slots))
                    },
                    { SegmentBuilder.invertedSections(added) })
                let segment = SegmentBuilder.assemble(invertedSections, documentSections, checksummed: false)
                try state.apply(batch, sequence: sequence, segment: segment, deletions: deletions)
                state.retiredBatch = RetiredBatch(batch)
            } else {
                try log.append(sequence: sequence, payload: BatchCodec.encode(batch, derivable: derivable))
                try state.apply(batch, sequence: sequence, segment: WriterState.buildSegment(added))
            }
            if state.memoryBytes > options.flushThresholdBytes || state.log.size > options.logThresholdBytes {
                try state.flush()
            }
            return (sequence, state.makeSnapshot(), state.wantsDiskMerge)
        }
        current.withLock { $0 = snapshot }
        if wantsMerge && options.backgroundMerges { scheduleMerge() }
        return sequence
    }

    /// Writes in-memory segments and deletions to disk and starts a new log.
    public func flush() throws {
        let snapshot = try writer.withLock { state -> Snapshot in
            guard !state.closed else { throw StorageError.closed }
            try state.flush()
            return state.makeSnapshot()
        }
        current.withLock { $0 = snapshot }
    }

    /// Merges disk segments now, on the calling thread, until the merge policy is satisfied; with
    /// `force`, flushes the in-memory segments first and merges everything into a single segment.
    public func mergeNow(force: Bool = false) throws {
        while try mergeOnce(force: force) {}
    }

    /// Waits until background merges finish.
    public func waitForMerges() { mergeGroup.wait() }

    /// Flushes, waits for merges and closes the log. Further calls fail with ``StorageError/closed``.
    public func close() throws {
        waitForMerges()
        try writer.withLock { state in
            guard !state.closed else { return }
            try state.flush()
            state.retiredBatch = nil
            state.log.close()
            state.closed = true
        }
        lock.release()
    }

    private func scheduleMerge() {
        let start = merges.withLock { state -> Bool in
            if state.running { return false }
            state.running = true
            return true
        }
        guard start else { return }
        mergeGroup.enter()
        mergeQueue.async { [self] in
            defer {
                merges.withLock { $0.running = false }
                mergeGroup.leave()
            }
            do {
                while try mergeOnce(force: false) {}
            } catch let error as StorageError {
                merges.withLock { $0.failure = error }
            } catch {}
        }
    }

    /// Runs one merge if the policy asks for one; true when it merged.
    private func mergeOnce(force: Bool) throws -> Bool {
        // 1. Choose sources under the writer lock (cheap).
        guard let plan = try writer.withLock({ state -> MergePlan? in
            guard !state.closed else { return nil }
            // A forced merge takes in-memory segments too; a background one leaves them to the
            // commits' thresholds, rather than merging and writing them while holding the lock.
            if force { try state.flush() }
            guard let plan = state.planMerge(force: force) else { return nil }
            state.merging.formUnion(plan.names)
            return plan
        }) else { return false }
        // 2. Build the merged segment without holding any lock: commits and searches go on.
        let bytes: [UInt8]
        let mapping: [[UInt32?]]
        do {
            (bytes, mapping) = try SegmentMerger.merge(plan.sources)
        } catch {
            writer.withLock { $0.merging.subtract(plan.names) }
            throw error
        }
        // 3. Install it, carrying over deletions that happened meanwhile.
        let snapshot = try writer.withLock { state -> Snapshot in
            try state.installMerge(plan, bytes: bytes, mapping: mapping)
            return state.makeSnapshot()
        }
        current.withLock { $0 = snapshot }
        return true
    }

    /// Sizes and counts for status displays.
    public func statistics() -> EngineStatistics {
        let snapshot = snapshot()
        let logBytes = writer.withLock { $0.closed ? 0 : $0.log.size }
        return EngineStatistics(
            documentCount: snapshot.documentCount,
            segmentCount: snapshot.segments.count,
            diskSegmentCount: snapshot.segments.filter(\.isOnDisk).count,
            segmentBytes: snapshot.segments.reduce(0) { $0 + $1.reader.byteCount },
            logBytes: logBytes,
            sequence: snapshot.sequence)
    }
}

/// Sizes and counts of an index.
public struct EngineStatistics: Sendable, Equatable {
    /// Live documents.
    public var documentCount: Int
    /// Segments (in memory and on disk).
    public var segmentCount: Int
    /// Segments on disk.
    public var diskSegmentCount: Int
    /// Bytes of all segments.
    public var segmentBytes: Int
    /// Bytes of the write-ahead log.
    public var logBytes: Int
    /// The last committed log sequence number.
    public var sequence: UInt64
}
