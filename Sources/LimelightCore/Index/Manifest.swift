/// The list of segments, deletion files and committed metadata that make up an index on disk.
///
/// It is replaced atomically (write, sync, rename, sync directory), so an index is always either
/// the old or the new manifest plus the log records after it.
struct Manifest: Equatable, Sendable {
    static let fileName = "MANIFEST"
    static let magic: UInt32 = 0x464D_4C4C  // "LLMF"
    static let version: UInt32 = 1

    struct SegmentRecord: Equatable, Sendable {
        var name: String
        var documentCount: Int
        /// The generation of the segment's deletion file, or 0 when it has no deletions on disk.
        var deletionGeneration: UInt64
    }

    /// Increases with every manifest written.
    var generation: UInt64 = 0
    /// The last log sequence number whose effects are in the segments.
    var committedSequence: UInt64 = 0
    /// The next number to use for a segment or deletion-file name.
    var nextFileNumber: UInt64 = 1
    var segments: [SegmentRecord] = []
    var metadata: [String: [UInt8]] = [:]

    func encode() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(Self.magic)
        writer.write(Self.version)
        writer.write(generation)
        writer.write(committedSequence)
        writer.write(nextFileNumber)
        writer.writeVarInt(segments.count)
        for segment in segments {
            writer.writeString(segment.name)
            writer.writeVarInt(segment.documentCount)
            writer.writeVarInt(segment.deletionGeneration)
        }
        writer.writeVarInt(metadata.count)
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
            writer.writeString(key)
            writer.writeBlob(value)
        }
        let checksum = CRC32C.checksum(writer.bytes)
        writer.write(checksum)
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> Manifest {
        guard bytes.count >= 4 else { throw StorageError.corrupt("manifest is truncated") }
        let body = Array(bytes[0..<(bytes.count - 4)])
        let stored = bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self)) }
        guard CRC32C.checksum(body) == stored else { throw StorageError.corrupt("manifest fails its checksum") }
        return try body.withUnsafeBytes { raw in
            var reader = ByteReader(raw)
            guard try reader.readUInt32() == magic else { throw StorageError.corrupt("manifest has a bad magic number") }
            let version = try reader.readUInt32()
            guard version == Self.version else { throw StorageError.unsupportedVersion("manifest version \(version)") }
            var manifest = Manifest()
            manifest.generation = try reader.readUInt64()
            manifest.committedSequence = try reader.readUInt64()
            manifest.nextFileNumber = try reader.readUInt64()
            let count = try reader.readLength(limit: 1 << 20)
            for _ in 0..<count {
                let name = try reader.readString()
                let documents = try reader.readLength()
                manifest.segments.append(SegmentRecord(name: name, documentCount: documents, deletionGeneration: try reader.readVarInt()))
            }
            let metadataCount = try reader.readLength(limit: 1 << 20)
            for _ in 0..<metadataCount {
                let key = try reader.readString()
                manifest.metadata[key] = try reader.readBlob()
            }
            return manifest
        }
    }
}
