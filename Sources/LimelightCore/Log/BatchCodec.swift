/// Encodes write batches into log-record payloads and back.
///
/// Format: `version u8, opCount varint, ops…`; each op starts with a tag byte. Version 2 adds
/// the derived upsert (`key, stored`), a document whose terms and numbers the engine's
/// ``DocumentDeriver`` rebuilds on replay; version 1 records still decode.
enum BatchCodec {
    static let version: UInt8 = 2

    private enum Tag: UInt8 {
        case upsert = 1, deleteKey = 2, deleteTerm = 3, setMetadata = 4, precondition = 5, derivedUpsert = 6
    }

    /// The payload of `batch`; with `derivable`, documents marked
    /// ``IndexDocument/isDerivedFromStored`` are recorded by key and stored bytes alone.
    static func encode(_ batch: WriteBatch, derivable: Bool = false) -> [UInt8] {
        var writer = ByteWriter(capacity: 256)
        writer.write(version)
        writer.writeVarInt(batch.operations.count)
        for operation in batch.operations {
            switch operation {
            case .upsert(let document) where derivable && document.isDerivedFromStored:
                writer.write(Tag.derivedUpsert.rawValue)
                writer.writeString(document.key)
                writer.writeBlob(document.stored)
            case .upsert(let document):
                writer.write(Tag.upsert.rawValue)
                encode(document, into: &writer)
            case .deleteKey(let key):
                writer.write(Tag.deleteKey.rawValue)
                writer.writeString(key)
            case .deleteTerm(let field, let term):
                writer.write(Tag.deleteTerm.rawValue)
                writer.writeString(field)
                writer.writeString(term)
            case .setMetadata(let key, let value):
                writer.write(Tag.setMetadata.rawValue)
                writer.writeString(key)
                if let value {
                    writer.write(UInt8(1))
                    writer.writeBlob(value)
                } else {
                    writer.write(UInt8(0))
                }
            }
        }
        return writer.bytes
    }

    static func encode(_ document: IndexDocument, into writer: inout ByteWriter) {
        writer.writeString(document.key)
        writer.writeVarInt(document.fieldSpans.count)
        for span in document.fieldSpans {
            writer.writeString(span.field)
            writer.write(span.kind.rawValue)
            writer.writeVarInt(UInt64(span.length))
            writer.writeVarInt(span.terms.count)
            for occurrence in document.terms(of: span) {
                writer.writeString(occurrence.term)
                writer.writeVarInt(UInt64(occurrence.position))
            }
        }
        writer.writeVarInt(document.numbers.count)
        for (name, value) in document.numbers.sorted(by: { $0.key < $1.key }) {
            writer.writeString(name)
            writer.write(value)
        }
        writer.writeBlob(document.stored)
    }

    /// Decodes a payload; derived upserts are rebuilt with `deriver`.
    /// - Throws: ``StorageError/documentDeriverRequired(path:)`` (with an empty path) for a derived
    ///   upsert without a deriver; other errors when the payload is damaged.
    static func decode(_ bytes: UnsafeRawBufferPointer, deriver: DocumentDeriver? = nil) throws -> WriteBatch {
        var reader = ByteReader(bytes)
        let version = try reader.readByte()
        guard version == 1 || version == Self.version else { throw StorageError.unsupportedVersion("log record version \(version)") }
        let count = try reader.readLength(limit: reader.remaining)
        var operations: [WriteOperation] = []
        operations.reserveCapacity(count)
        for _ in 0..<count {
            guard let tag = Tag(rawValue: try reader.readByte()) else {
                throw StorageError.corrupt("unknown operation tag in log record")
            }
            switch tag {
            case .upsert: operations.append(.upsert(try decodeDocument(&reader)))
            case .derivedUpsert:
                guard version >= 2 else { throw StorageError.corrupt("derived document in a version 1 log record") }
                let key = try reader.readString()
                let stored = try reader.readBlob()
                guard let deriver else { throw StorageError.documentDeriverRequired(path: "") }
                var document = try deriver(key, stored)
                guard document.key == key else { throw StorageError.corrupt("log record's document \(key) derives under another key") }
                document.isDerivedFromStored = true
                operations.append(.upsert(document))
            case .deleteKey: operations.append(.deleteKey(try reader.readString()))
            case .deleteTerm:
                let field = try reader.readString()
                operations.append(.deleteTerm(field: field, term: try reader.readString()))
            case .setMetadata:
                let key = try reader.readString()
                let present = try reader.readByte()
                operations.append(.setMetadata(key: key, value: present == 1 ? try reader.readBlob() : nil))
            case .precondition:
                throw StorageError.corrupt("unexpected precondition in log record")
            }
        }
        guard reader.isAtEnd else { throw StorageError.corrupt("trailing bytes in log record") }
        return WriteBatch(operations)
    }

    static func decodeDocument(_ reader: inout ByteReader) throws -> IndexDocument {
        let key = try reader.readString()
        let fieldCount = try reader.readLength(limit: reader.remaining)
        var document = IndexDocument(key: key)
        document.reserveCapacity(fields: fieldCount, terms: 0)
        for _ in 0..<fieldCount {
            let name = try reader.readString()
            guard let kind = FieldKind(rawValue: try reader.readByte()) else {
                throw StorageError.corrupt("unknown field kind for field \(name)")
            }
            let length = UInt32(truncatingIfNeeded: try reader.readVarInt())
            let termCount = try reader.readLength(limit: reader.remaining)
            try document.appendField(name, kind: kind, length: length) { terms in
                for _ in 0..<termCount {
                    let term = try reader.readString()
                    terms.append(term, position: UInt32(truncatingIfNeeded: try reader.readVarInt()))
                }
            }
        }
        let numberCount = try reader.readLength(limit: reader.remaining)
        var numbers: [String: Double] = [:]
        for _ in 0..<numberCount {
            let name = try reader.readString()
            numbers[name] = try reader.readDouble()
        }
        document.numbers = numbers
        document.stored = try reader.readBlob()
        return document
    }
}
