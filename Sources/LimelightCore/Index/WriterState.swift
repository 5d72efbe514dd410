/// A segment as the writer tracks it.
struct SegmentSlot: Sendable {
    var reader: SegmentReader
    var region: MappedRegion
    var live: LiveDocuments
    var isOnDisk: Bool
    /// The bitset last written to disk (nil: none written yet).
    var persistedLive: LiveDocuments?
    var deletionGeneration: UInt64
}

/// A merge chosen by the policy: the sources as they were when chosen.
struct MergePlan: Sendable {
    var names: [String]
    var sources: [SegmentMerger.Source]
}

/// The writer's mutable state, owned by ``SearchEngine``'s writer lock.
struct WriterState: Sendable {
    let directory: String
    var options: SearchEngine.Options
    var manifest: Manifest
    var log: WriteAheadLog
    var slots: [SegmentSlot]
    var metadata: [String: [UInt8]]
    var sequence: UInt64
    var memoryBytes = 0
    var nextMemoryNumber = 1
    var closed = false
    /// The last large batch committed, kept so that its documents are freed on the log's thread
    /// while the next large batch's segment is built, rather than on the committing thread.
    var retiredBatch: RetiredBatch?
    /// Segments being merged in the background (not chosen again).
    var merging: Set<String> = []

    func makeSnapshot() -> Snapshot {
        Snapshot(
            segments: slots.map { SegmentSnapshot(reader: $0.reader, live: $0.live, isOnDisk: $0.isOnDisk) },
            metadata: metadata, sequence: sequence)
    }

    private func path(_ name: String) -> String { directory + "/" + name }

    // MARK: Recovery

    static func recover(directory: String, options: SearchEngine.Options) throws -> (WriterState, SearchEngine.RecoveryReport) {
        let key = options.encryptionKey
        try EncryptionMarker.check(directory: directory, key: key)
        let manifestPath = directory + "/" + Manifest.fileName
        let manifest = FileSystem.exists(manifestPath)
            ? try Manifest.decode(SealedFile.read(manifestPath, key: key, context: Manifest.fileName, what: "manifest"))
            : Manifest()
        var slots: [SegmentSlot] = []
        for record in manifest.segments {
            let region = try readSegmentFile(directory + "/" + record.name + ".seg", name: record.name, key: key)
            let reader = try SegmentReader(name: record.name, region: region, verifyChecksum: options.verifyChecksumsOnOpen)
            guard reader.documentCount == record.documentCount else {
                throw StorageError.corrupt("segment \(record.name) holds \(reader.documentCount) documents, manifest says \(record.documentCount)")
            }
            var live = LiveDocuments(allLive: reader.documentCount)
            var persisted: LiveDocuments?
            if record.deletionGeneration > 0 {
                let fileName = deletionFileName(record.name, record.deletionGeneration)
                let bytes = try SealedFile.read(directory + "/" + fileName, key: key, context: fileName, what: "deletion file of \(record.name)")
                live = try Self.decodeDeletionFile(bytes, expectedCount: reader.documentCount, name: record.name)
                persisted = live
            }
            slots.append(SegmentSlot(
                reader: reader, region: region, live: live, isOnDisk: true, persistedLive: persisted,
                deletionGeneration: record.deletionGeneration))
        }
        // Replay every log file in sequence order; records already in the segments are skipped.
        let logs = try FileSystem.list(directory).filter { $0.hasPrefix("wal-") && $0.hasSuffix(".log") }
        var state: WriterState?
        var replayed = 0
        var truncated = 0
        var lastLog: WriteAheadLog?
        var pending: [WriteAheadLog.Record] = []
        for name in logs {
            lastLog?.close()
            let log = try WriteAheadLog(path: directory + "/" + name, key: key)
            let result = try log.replay(repair: options.repairCorruptLog, deriver: options.documentDeriver)
            truncated += result.truncatedBytes
            pending.append(contentsOf: result.records)
            lastLog = log
        }
        let log = try lastLog ?? WriteAheadLog(path: directory + "/" + logFileName(manifest.committedSequence + 1), key: key)
        state = WriterState(
            directory: directory, options: options, manifest: manifest, log: log, slots: slots, metadata: manifest.metadata,
            sequence: manifest.committedSequence)
        for record in pending where record.sequence > state!.sequence {
            try state!.apply(record.batch, sequence: record.sequence, segment: buildSegment(record.batch.addedDocuments))
            replayed += 1
        }
        if lastLog == nil { try FileSystem.syncDirectory(directory) }
        return (state!, SearchEngine.RecoveryReport(replayedBatches: replayed, truncatedLogBytes: truncated))
    }

    /// Opens a segment file: memory-mapped, or read and decrypted into memory when the index is
    /// encrypted.
    private static func readSegmentFile(_ path: String, name: String, key: EncryptionKey?) throws -> MappedRegion {
        guard let key else {
            let handle = try FileHandle(path: path, mode: .read)
            defer { handle.close() }
            return try handle.mapReadOnly()
        }
        return MappedRegion(copying: try SealedFile.read(path, key: key, context: name, what: "segment \(name)"))
    }

    /// Writes `manifest` atomically (sealed when the index is encrypted).
    private func writeManifest(_ manifest: Manifest) throws {
        let bytes = try SealedFile.wrap(manifest.encode(), key: options.encryptionKey, context: Manifest.fileName)
        try FileSystem.writeFileAtomically(path(Manifest.fileName), bytes: bytes)
    }

    /// The in-memory segment of `documents` (no checksum until flushed), or nil when there are none.
    static func buildSegment(_ documents: [IndexDocument]) -> [UInt8]? {
        documents.isEmpty ? nil : SegmentBuilder.build(documents, checksummed: false)
    }

    static func logFileName(_ sequence: UInt64) -> String { "wal-" + paddedHex(sequence) + ".log" }
    static func segmentName(_ number: UInt64) -> String { "seg-" + paddedHex(number) }
    static func deletionFileName(_ segment: String, _ generation: UInt64) -> String { segment + "." + paddedHex(generation) + ".del" }

    private static func paddedHex(_ value: UInt64) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    static func decodeDeletionFile(_ bytes: [UInt8], expectedCount: Int, name: String) throws -> LiveDocuments {
        guard bytes.count >= 4 else { throw StorageError.corrupt("deletion file of \(name) is truncated") }
        let body = Array(bytes[0..<(bytes.count - 4)])
        let stored = bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self)) }
        guard CRC32C.checksum(body) == stored else { throw StorageError.corrupt("deletion file of \(name) fails its checksum") }
        return try body.withUnsafeBytes { try LiveDocuments.decode($0, expectedCount: expectedCount) }
    }

    // MARK: Applying batches

    /// Applies a batch to the in-memory state (the log record is already durable).
    ///
    /// `segment` must be `buildSegment(batch.addedDocuments)`, which callers may build ahead (for
    /// instance while the log record is being synced); so may `deletions` be
    /// `deletions(of: batch, in: slots)`, found ahead on another thread.
    mutating func apply(_ batch: WriteBatch, sequence: UInt64, segment: [UInt8]?, deletions: [Int: [UInt32]]? = nil) throws {
        let deletions = try deletions ?? Self.deletions(of: batch, in: slots)
        for operation in batch.operations {
            if case .setMetadata(let key, let value) = operation { metadata[key] = value }
        }
        for (index, documents) in deletions {
            slots[index].live = slots[index].live.deleting(documents)
        }
        if let bytes = segment {
            let region = MappedRegion(copying: bytes)
            let name = "mem-\(nextMemoryNumber)"
            nextMemoryNumber += 1
            let reader = try SegmentReader(name: name, region: region, verifyChecksum: false)
            slots.append(SegmentSlot(
                reader: reader, region: region, live: LiveDocuments(allLive: reader.documentCount), isOnDisk: false,
                persistedLive: nil, deletionGeneration: 0))
            memoryBytes += bytes.count
        }
        // Drop segments whose documents are all deleted.
        slots.removeAll { $0.live.liveCount == 0 && !merging.contains($0.reader.name) }
        self.sequence = sequence
        try mergeMemorySegments()
    }

    /// The live documents of `slots` that `batch` deletes or replaces, by slot index.
    static func deletions(of batch: WriteBatch, in slots: [SegmentSlot]) throws -> [Int: [UInt32]] {
        var deletions: [Int: [UInt32]] = [:]
        func deleteKey(_ key: String) throws {
            for (index, slot) in slots.enumerated() {
                if let document = try slot.reader.document(withKey: key), slot.live.isLive(document) {
                    deletions[index, default: []].append(document)
                }
            }
        }
        for operation in batch.operations {
            switch operation {
            case .upsert(let document):
                try deleteKey(document.key)
            case .deleteKey(let key):
                try deleteKey(key)
            case .deleteTerm(let field, let term):
                for (index, slot) in slots.enumerated() {
                    guard let reader = slot.reader.field(field), let info = try reader.dictionary.lookup(term) else { continue }
                    var postings = try reader.postings(for: info)
                    while try postings.next() {
                        if slot.live.isLive(postings.document) { deletions[index, default: []].append(postings.document) }
                    }
                }
            case .setMetadata:
                continue
            }
        }
        return deletions
    }

    /// Keeps the number of in-memory segments logarithmic: merges groups of similar size.
    ///
    /// Groups are twice as large as on disk: the flush merges every in-memory segment anyway, so
    /// merging them earlier mostly repeats work (bulk loads of a few batches never merge in memory).
    private mutating func mergeMemorySegments() throws {
        while true {
            let memory = slots.enumerated().filter { !$0.element.isOnDisk }
            guard let group = Self.tieredGroup(memory.map { ($0.offset, $0.element.live.liveCount) }, factor: options.mergeFactor * 2) else { return }
            let sources = group.map { SegmentMerger.Source(reader: slots[$0].reader, live: slots[$0].live) }
            let (bytes, _) = try SegmentMerger.merge(sources, checksummed: false)
            let region = MappedRegion(copying: bytes)
            let name = "mem-\(nextMemoryNumber)"
            nextMemoryNumber += 1
            let reader = try SegmentReader(name: name, region: region, verifyChecksum: false)
            let removedBytes = group.reduce(0) { $0 + slots[$1].region.bytes.count }
            let groupSet = Set(group)
            slots = slots.enumerated().filter { !groupSet.contains($0.offset) }.map(\.element)
            slots.append(SegmentSlot(
                reader: reader, region: region, live: LiveDocuments(allLive: reader.documentCount), isOnDisk: false,
                persistedLive: nil, deletionGeneration: 0))
            memoryBytes += bytes.count - removedBytes
        }
    }

    /// The first group of `factor` segments whose sizes share a power-of-`factor` level.
    static func tieredGroup(_ segments: [(index: Int, size: Int)], factor: Int) -> [Int]? {
        guard factor >= 2 else { return nil }
        var levels: [Int: [Int]] = [:]
        for (index, size) in segments {
            var level = 0
            var bound = factor
            while size >= bound && level < 20 {
                bound *= factor
                level += 1
            }
            levels[level, default: []].append(index)
            if levels[level]!.count >= factor { return levels[level] }
        }
        return nil
    }

    // MARK: Flushing

    /// Writes in-memory segments and changed deletions to disk, writes a new manifest and starts a
    /// new log. A no-op when nothing changed since the last flush.
    mutating func flush() throws {
        let memory = slots.filter { !$0.isOnDisk }
        let dirtyDeletions = slots.contains { $0.isOnDisk && $0.persistedLive !== $0.live }
        guard !memory.isEmpty || dirtyDeletions || metadata != manifest.metadata || sequence != manifest.committedSequence else { return }
        var next = manifest
        var newSlots = slots.filter(\.isOnDisk)
        if !memory.isEmpty {
            let bytes: [UInt8]
            if memory.count == 1 && !memory[0].live.hasDeletions {
                bytes = SegmentFormat.checksummed(Array(memory[0].region.bytes))
            } else {
                bytes = try SegmentMerger.merge(memory.map { SegmentMerger.Source(reader: $0.reader, live: $0.live) }).bytes
            }
            let name = Self.segmentName(next.nextFileNumber)
            next.nextFileNumber += 1
            newSlots.append(try writeSegment(name: name, bytes: bytes))
        }
        for index in newSlots.indices where newSlots[index].persistedLive !== newSlots[index].live {
            let slot = newSlots[index]
            guard slot.live.hasDeletions else { continue }
            let generation = next.nextFileNumber
            next.nextFileNumber += 1
            try writeDeletionFile(for: slot, generation: generation)
            newSlots[index].persistedLive = slot.live
            newSlots[index].deletionGeneration = generation
        }
        next.generation += 1
        next.committedSequence = sequence
        next.metadata = metadata
        next.segments = newSlots.map {
            Manifest.SegmentRecord(name: $0.reader.name, documentCount: $0.reader.documentCount, deletionGeneration: $0.deletionGeneration)
        }
        try writeManifest(next)
        manifest = next
        slots = newSlots
        memoryBytes = 0
        try startNewLog()
        try removeUnreferencedFiles()
    }

    private func writeDeletionFile(for slot: SegmentSlot, generation: UInt64) throws {
        var bytes = slot.live.encode()
        let checksum = CRC32C.checksum(bytes)
        withUnsafeBytes(of: checksum.littleEndian) { bytes.append(contentsOf: $0) }
        let fileName = Self.deletionFileName(slot.reader.name, generation)
        let stored = try SealedFile.wrap(bytes, key: options.encryptionKey, context: fileName)
        let handle = try FileHandle(path: path(fileName), mode: .createTruncate)
        defer { handle.close() }
        try handle.write(stored, at: 0)
        try handle.sync()
    }

    private func writeSegment(name: String, bytes: [UInt8]) throws -> SegmentSlot {
        let final = path(name + ".seg")
        let handle = try FileHandle(path: final + ".tmp", mode: .createTruncate)
        try handle.write(try SealedFile.wrap(bytes, key: options.encryptionKey, context: name), at: 0)
        try handle.sync()
        handle.close()
        try FileSystem.rename(final + ".tmp", to: final)
        // An encrypted segment is not read back and decrypted: its plaintext is at hand.
        let region = options.encryptionKey == nil ? try Self.readSegmentFile(final, name: name, key: nil) : MappedRegion(copying: bytes)
        let segment = try SegmentReader(name: name, region: region, verifyChecksum: false)
        return SegmentSlot(
            reader: segment, region: region, live: LiveDocuments(allLive: segment.documentCount), isOnDisk: true,
            persistedLive: nil, deletionGeneration: 0)
    }

    private mutating func startNewLog() throws {
        let name = Self.logFileName(sequence + 1)
        let old = log
        if old.path == path(name) && old.size == 0 { return }
        log = try WriteAheadLog(path: path(name), key: options.encryptionKey)
        try FileSystem.syncDirectory(directory)
        old.close()
    }

    private func removeUnreferencedFiles() throws {
        var keep: Set<String> = [Manifest.fileName, EncryptionMarker.fileName, "LOCK", (log.path as String).split(separator: "/").last.map(String.init) ?? ""]
        for record in manifest.segments {
            keep.insert(record.name + ".seg")
            if record.deletionGeneration > 0 { keep.insert(Self.deletionFileName(record.name, record.deletionGeneration)) }
        }
        for name in merging { keep.insert(name + ".seg") }
        for name in try FileSystem.list(directory) where !keep.contains(name) && !name.hasSuffix(".merging") {
            try FileSystem.remove(path(name))
        }
    }

    // MARK: Background merges

    var wantsDiskMerge: Bool { planMerge(force: false) != nil }

    func planMerge(force: Bool) -> MergePlan? {
        let candidates = slots.enumerated().filter { $0.element.isOnDisk && !merging.contains($0.element.reader.name) }
        var group: [Int]?
        if force {
            group = candidates.count > 1 || candidates.contains(where: { $0.element.live.hasDeletions })
                ? candidates.map(\.offset) : nil
        } else if let tiered = Self.tieredGroup(candidates.map { ($0.offset, $0.element.live.liveCount) }, factor: options.mergeFactor) {
            group = tiered
        } else if let sparse = candidates.first(where: { $0.element.live.liveCount * 10 < $0.element.live.count * 7 }) {
            group = [sparse.offset]  // more than 30% deleted: rewrite it
        }
        guard let group, !group.isEmpty else { return nil }
        return MergePlan(
            names: group.map { slots[$0].reader.name },
            sources: group.map { SegmentMerger.Source(reader: slots[$0].reader, live: slots[$0].live) })
    }

    /// Replaces the plan's sources by the merged segment, re-applying deletions made meanwhile.
    mutating func installMerge(_ plan: MergePlan, bytes: [UInt8], mapping: [[UInt32?]]) throws {
        let name = Self.segmentName(manifest.nextFileNumber)
        manifest.nextFileNumber += 1
        var merged = try writeSegment(name: name, bytes: bytes)
        var lateDeletions: [UInt32] = []
        for (s, source) in plan.sources.enumerated() {
            guard let slot = slots.first(where: { $0.reader.name == plan.names[s] }) else {
                // The source vanished (all its documents were deleted): everything of it is deleted.
                lateDeletions.append(contentsOf: mapping[s].compactMap { $0 })
                continue
            }
            for document in source.live.deletedSince(in: slot.live) {
                if let target = mapping[s][Int(document)] { lateDeletions.append(target) }
            }
        }
        merged.live = merged.live.deleting(lateDeletions)
        if merged.live.hasDeletions {
            // Persist them now: some may predate the manifest's committed sequence, so the log alone
            // would not bring them back after a crash.
            let generation = manifest.nextFileNumber
            manifest.nextFileNumber += 1
            try writeDeletionFile(for: merged, generation: generation)
            merged.persistedLive = merged.live
            merged.deletionGeneration = generation
        }
        merging.subtract(plan.names)
        let names = Set(plan.names)
        let position = slots.firstIndex { names.contains($0.reader.name) } ?? slots.count
        var newSlots = slots.filter { !names.contains($0.reader.name) }
        newSlots.insert(merged, at: min(position, newSlots.count))
        slots = newSlots
        // Write the manifest that references the merged segment (and drops the sources).
        var next = manifest
        next.generation += 1
        next.segments = slots.filter(\.isOnDisk).map {
            Manifest.SegmentRecord(name: $0.reader.name, documentCount: $0.reader.documentCount, deletionGeneration: $0.deletionGeneration)
        }
        next.committedSequence = manifest.committedSequence
        next.metadata = manifest.metadata
        try writeManifest(next)
        manifest = next
        try removeUnreferencedFiles()
    }
}

/// A committed batch whose documents are freed later, on a thread of the caller's choosing: freeing
/// thousands of documents' term lists takes milliseconds.
final class RetiredBatch: @unchecked Sendable {
    private var batch: WriteBatch?

    init(_ batch: WriteBatch) { self.batch = batch }

    /// Drops the batch (the last reference to its documents, once its committer has returned).
    func free() { batch = nil }
}
