/// The append-only write-ahead log: every committed batch is one checksummed record, synced to
/// disk before the commit returns.
///
/// Record layout: `magic u32 | payloadLength u32 | crc32c u32 | sequence u64 | payload`, where the
/// checksum covers the sequence number and the payload. On open, a torn or corrupt tail (a record
/// cut short or failing its checksum, with nothing valid after it) is cut off cleanly; damage in
/// the middle of the log is reported as ``StorageError/corruptLog(path:offset:intactRecordsAfter:)``.
///
/// With an encryption key, each payload is sealed (AES-GCM) and bound to its sequence number; the
/// checksum covers the sealed bytes, so torn tails are found the same way.
final class WriteAheadLog: @unchecked Sendable {
    // Safety: only used by the engine's writer while it holds the writer lock.

    static let magic: UInt32 = 0x4C4C_5752
    static let headerSize = 20
    /// Records larger than this are rejected as corrupt on replay (and refused on append).
    static let maximumRecordSize = 1 << 30

    /// A record read back from the log.
    struct Record {
        var sequence: UInt64
        var batch: WriteBatch
    }

    /// What replaying found.
    struct ReplayResult {
        var records: [Record]
        /// Bytes cut from a torn tail (0 when the log was clean).
        var truncatedBytes: Int
    }

    let path: String
    private let handle: FileHandle
    private let key: EncryptionKey?
    private(set) var size: Int

    /// Opens (creating if needed) the log at `path` without reading it; `key` seals its records.
    init(path: String, key: EncryptionKey?) throws {
        self.path = path
        self.key = key
        handle = try FileHandle(path: path, mode: .createOrOpen)
        size = try handle.size()
    }

    func close() { handle.close() }

    /// Reads every intact record, cutting a torn tail. With `repair`, damage in the middle is cut too
    /// (losing the records after it) instead of failing.
    ///
    /// Documents logged by their stored bytes are rebuilt with `deriver`; without one, such a
    /// record fails the replay with ``StorageError/documentDeriverRequired(path:)``, and a record of
    /// a newer log format with ``StorageError/unsupportedVersion(_:)`` (nothing is cut).
    func replay(repair: Bool, deriver: DocumentDeriver? = nil) throws -> ReplayResult {
        let bytes = try handle.read(count: size, at: 0)
        var records: [Record] = []
        var offset = 0
        var failure: Int?
        try bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                guard let (record, length) = try Self.parseRecord(raw, at: offset, key: key, deriver: deriver, path: path) else {
                    failure = offset
                    break
                }
                records.append(record)
                offset += length
            }
        }
        guard let failedAt = failure else { return ReplayResult(records: records, truncatedBytes: 0) }
        let intactAfter = bytes.withUnsafeBytes { Self.countIntactRecords($0, after: failedAt, key: key, deriver: deriver) }
        if intactAfter > 0 && !repair {
            throw StorageError.corruptLog(path: path, offset: failedAt, intactRecordsAfter: intactAfter)
        }
        try handle.truncate(to: failedAt)
        try handle.sync()
        let cut = size - failedAt
        size = failedAt
        return ReplayResult(records: records, truncatedBytes: cut)
    }

    /// Parses the record at `offset`; nil when it is torn, fails its checksum or does not decode.
    /// - Throws: for an intact record (its checksum holds) that this engine cannot read rather
    ///   than a damaged one, so that it is refused instead of cut:
    ///   ``StorageError/documentDeriverRequired(path:)`` when it needs a deriver and there is none,
    ///   ``StorageError/unsupportedVersion(_:)`` when a newer engine wrote it.
    private static func parseRecord(
        _ raw: UnsafeRawBufferPointer, at offset: Int, key: EncryptionKey?, deriver: DocumentDeriver?, path: String
    ) throws -> (Record, Int)? {
        var reader = ByteReader(raw, offset: offset)
        guard reader.remaining >= headerSize,
            (try? reader.readUInt32()) == magic,
            let length = try? reader.readUInt32(), Int(length) <= maximumRecordSize,
            let checksum = try? reader.readUInt32(),
            reader.remaining >= 8 + Int(length)
        else { return nil }
        let covered = UnsafeRawBufferPointer(rebasing: raw[reader.offset..<reader.offset + 8 + Int(length)])
        guard CRC32C.checksum(covered) == checksum else { return nil }
        guard let sequence = try? reader.readUInt64(),
            let stored = try? reader.readSlice(Int(length))
        else { return nil }
        func decode(_ payload: UnsafeRawBufferPointer) throws -> WriteBatch? {
            do {
                return try BatchCodec.decode(payload, deriver: deriver)
            } catch StorageError.documentDeriverRequired {
                throw StorageError.documentDeriverRequired(path: path)
            } catch StorageError.unsupportedVersion(let what) {
                throw StorageError.unsupportedVersion("\(what) in \(path) (written by a newer version of Limelight)")
            } catch {
                return nil
            }
        }
        let batch: WriteBatch?
        if let key {
            guard let plaintext = key.open(stored, context: recordContext(sequence)) else { return nil }
            batch = try plaintext.withUnsafeBytes(decode)
        } else {
            batch = try decode(stored)
        }
        guard let batch else { return nil }
        return (Record(sequence: sequence, batch: batch), headerSize + Int(length))
    }

    /// Counts records after `offset` that carry a valid magic and checksum (evidence that the damage
    /// is not a torn tail).
    private static func countIntactRecords(_ raw: UnsafeRawBufferPointer, after offset: Int, key: EncryptionKey?, deriver: DocumentDeriver?) -> Int {
        var count = 0
        var position = offset + 1
        while position + headerSize <= raw.count {
            if raw.loadUnaligned(fromByteOffset: position, as: UInt32.self) == magic.littleEndian,
                let parsed = try? parseRecord(raw, at: position, key: key, deriver: deriver, path: "")
            {
                count += 1
                position += parsed.1
            } else {
                position += 1
            }
        }
        return count
    }

    /// What a sealed record's payload is bound to: its sequence number, so that records cannot be
    /// reordered or replayed under another number.
    private static func recordContext(_ sequence: UInt64) -> String { "limelight log record \(sequence)" }

    /// Appends one record and syncs it to disk.
    func append(sequence: UInt64, payload plaintext: [UInt8]) throws {
        let payload = try key.map { try $0.seal(plaintext, context: Self.recordContext(sequence)) } ?? plaintext
        guard payload.count <= Self.maximumRecordSize else {
            throw StorageError.invalidArgument("batch of \(payload.count) bytes exceeds the 1 GiB limit")
        }
        var writer = ByteWriter(capacity: payload.count + Self.headerSize)
        writer.write(Self.magic)
        writer.write(UInt32(payload.count))
        writer.write(UInt32(0))
        writer.write(sequence)
        writer.write(bytes: payload)
        var record = writer.bytes
        let checksum = record.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[12...])) }
        withUnsafeBytes(of: checksum.littleEndian) { raw in
            for i in 0..<4 { record[8 + i] = raw[i] }
        }
        do {
            try handle.write(record, at: size)
            try handle.sync()
        } catch {
            // Leave no partial record behind: cut back to the last good size.
            try? handle.truncate(to: size)
            throw error
        }
        size += record.count
    }
}
