import Foundation
import LimelightCore

/// What the engine stores for each record: the index it belongs to, when it was indexed, its
/// kind, and the item itself in the stored-item encoding.
public struct StoredRecord: Sendable, Hashable {
    /// The named index ("" for the default index).
    public var indexName: String
    /// The record's kind.
    public var kind: RecordKind
    /// When the record was (last) indexed.
    public var indexedAt: Date
    /// The item.
    public var item: StoredItem

    /// Creates a record.
    public init(indexName: String, kind: RecordKind = .item, indexedAt: Date, item: StoredItem) {
        self.indexName = indexName
        self.kind = kind
        self.indexedAt = indexedAt
        self.item = item
    }

    /// The engine key: index name and identifier, separated by a NUL (which neither may contain
    /// meaningfully).
    public static func key(indexName: String, kind: RecordKind = .item, identifier: String) -> String {
        (kind == .item ? "" : kind.rawValue + "\u{1}") + indexName + "\u{0}" + identifier
    }

    /// This record's engine key.
    public var key: String { Self.key(indexName: indexName, kind: kind, identifier: item.uniqueIdentifier) }

    /// The expiration instant.
    public var expirationDate: Date { item.expirationDate(indexedAt: indexedAt) }

    /// The bytes the engine stores for this record.
    public func encode() -> [UInt8] {
        var writer = LimelightCore.ByteWriter(capacity: 256)
        writer.write(UInt8(1))
        writer.writeString(indexName)
        writer.writeString(kind.rawValue)
        writer.write(indexedAt.timeIntervalSince1970)
        writer.writeBlob(StoredItemCodec.encode(item))
        return writer.bytes
    }

    /// The encoded item (``StoredItemCodec``) inside the bytes the engine stores, without decoding
    /// it; nil when the bytes are damaged.
    static func itemBytes(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var reader = LimelightCore.ByteReader(bytes)
        do {
            guard try reader.readByte() == 1 else { return nil }
            _ = try reader.readBlobSlice()  // the index name
            _ = try reader.readBlobSlice()  // the kind
            _ = try reader.readDouble()
            return try reader.readBlobSlice()
        } catch {
            return nil
        }
    }

    /// Decodes a record from the bytes the engine stores; without `attributes`, its item carries
    /// none (``StoredItemCodec/decodeWithoutAttributes(_:)``).
    public static func decode(_ bytes: [UInt8], attributes: Bool = true) throws -> StoredRecord {
        try bytes.withUnsafeBytes { try decode($0, attributes: attributes) }
    }

    /// ``decode(_:attributes:)`` of borrowed bytes (a record in a memory-mapped segment, say).
    public static func decode(_ bytes: UnsafeRawBufferPointer, attributes: Bool = true) throws -> StoredRecord {
        var reader = LimelightCore.ByteReader(bytes)
        let version = try reader.readByte()
        guard version == 1 else { throw StorageError.unsupportedVersion("stored record version \(version)") }
        let indexName = try reader.readString()
        guard let kind = RecordKind(rawValue: try reader.readString()) else { throw StorageError.corrupt("unknown record kind") }
        let indexedAt = Date(timeIntervalSince1970: try reader.readDouble())
        let itemBytes = try reader.readBlobSlice()
        let item = try attributes ? StoredItemCodec.decode(itemBytes) : StoredItemCodec.decodeWithoutAttributes(itemBytes)
        return StoredRecord(indexName: indexName, kind: kind, indexedAt: indexedAt, item: item)
    }
}

extension SegmentReader {
    /// The record stored for `document`, decoded in place; without `attributes`, its item carries
    /// none.
    func record(_ document: UInt32, attributes: Bool = true) throws -> StoredRecord {
        try withStoredBytes(of: document) { try StoredRecord.decode($0, attributes: attributes) }
    }
}
