/// Assembles the sections of a segment into its final bytes (see ``SegmentFormat``).
struct SegmentWriter {
    private var out = ByteWriter(capacity: 1 << 16)
    private var directory: [(SegmentFormat.SectionKey, Int, Int)] = []

    init() {
        out.write(SegmentFormat.magic)
        out.write(SegmentFormat.version)
    }

    mutating func addSection(_ kind: SegmentFormat.SectionKind, field: UInt16 = SegmentFormat.noField, _ bytes: [UInt8]) {
        out.align(to: 8)
        directory.append((SegmentFormat.SectionKey(kind: kind.rawValue, field: field), out.count, bytes.count))
        out.write(bytes: bytes)
    }

    /// The segment's bytes. Without `checksummed` the footer's checksum is left 0 (segments kept
    /// only in memory); ``SegmentFormat/checksummed(_:)`` fills it in before such bytes are written.
    consuming func finish(checksummed: Bool = true) -> [UInt8] {
        out.align(to: 8)
        let directoryOffset = out.count
        for (key, offset, length) in directory {
            out.write(key.kind)
            out.write(UInt8(0))
            out.write(key.field)
            out.write(UInt64(offset))
            out.write(UInt64(length))
        }
        out.write(UInt64(directoryOffset))
        out.write(UInt32(directory.count))
        out.write(checksummed ? CRC32C.checksum(out.bytes) : 0)
        out.write(SegmentFormat.magic)
        return out.bytes
    }
}

/// The per-segment description written in the `meta` section.
struct SegmentMeta {
    var documentCount: Int
    var fields: [FieldStatistics]
    var numericFields: [String]

    func encode() -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt32(documentCount))
        writer.writeVarInt(fields.count)
        for field in fields {
            writer.writeString(field.name)
            writer.write(field.kind.rawValue)
            writer.writeVarInt(field.termCount)
            writer.writeVarInt(field.totalLength)
            writer.writeVarInt(field.documentCount)
        }
        writer.writeVarInt(numericFields.count)
        for name in numericFields { writer.writeString(name) }
        return writer.bytes
    }

    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> SegmentMeta {
        var reader = ByteReader(bytes)
        let documentCount = Int(try reader.readUInt32())
        let fieldCount = try reader.readLength(limit: 1 << 16)
        var fields: [FieldStatistics] = []
        for _ in 0..<fieldCount {
            let name = try reader.readString()
            guard let kind = FieldKind(rawValue: try reader.readByte()) else {
                throw StorageError.corrupt("unknown kind of field \(name)")
            }
            let termCount = try reader.readLength()
            let totalLength = try reader.readVarInt()
            let documents = try reader.readLength()
            fields.append(FieldStatistics(name: name, kind: kind, termCount: termCount, totalLength: totalLength, documentCount: documents))
        }
        let numericCount = try reader.readLength(limit: 1 << 16)
        var numeric: [String] = []
        for _ in 0..<numericCount { numeric.append(try reader.readString()) }
        return SegmentMeta(documentCount: documentCount, fields: fields, numericFields: numeric)
    }
}
