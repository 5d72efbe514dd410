/// The documents' keys of a segment, laid out together apart from their stored bytes, so that
/// naming a search's hits reads a compact table (a megabyte or two for tens of thousands of
/// documents, which stays in the CPU caches between queries) instead of one stored entry per hit
/// spread over the whole stored section.
///
/// Sections: `keys`, the keys' UTF-8 bytes one after another; `keyOffsets`, `documentCount + 1`
/// little-endian u64 offsets into it (document `d`'s key spans `offsets[d]..<offsets[d + 1]`).
/// Segments written before the table existed have neither section; their keys are read from the
/// stored entries, which begin with them.
struct KeyTable {
    private let bytes: UnsafeRawBufferPointer
    private let offsets: UnsafeRawBufferPointer

    /// Opens the table of a segment of `documentCount` documents.
    init(keys: UnsafeRawBufferPointer, offsets: UnsafeRawBufferPointer, documentCount: Int) throws {
        guard offsets.count == (documentCount + 1) * 8 else { throw StorageError.corrupt("key offsets size mismatch") }
        let end = UInt64(littleEndian: offsets.loadUnaligned(fromByteOffset: documentCount * 8, as: UInt64.self))
        guard end == UInt64(keys.count) else { throw StorageError.corrupt("key offsets do not end with the keys") }
        bytes = keys
        self.offsets = offsets
    }

    /// The UTF-8 bytes of the key of `document` (below the document count).
    @inline(__always)
    func key(of document: UInt32) throws -> UnsafeRawBufferPointer {
        let start = UInt64(littleEndian: offsets.loadUnaligned(fromByteOffset: Int(document) * 8, as: UInt64.self))
        let end = UInt64(littleEndian: offsets.loadUnaligned(fromByteOffset: Int(document) * 8 + 8, as: UInt64.self))
        guard start <= end, end <= UInt64(bytes.count) else { throw StorageError.corrupt("key of document \(document) out of bounds") }
        return UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(end)])
    }

    /// The sum of the first byte of the keys of `documents` (those below the document count; an
    /// empty key adds nothing), read before any key is used: see ``SegmentReader/prefetchKeys(of:)``.
    func firstBytesSum(_ documents: [UInt32], documentCount: Int) -> Int {
        var sum = 0
        for document in documents where Int(document) < documentCount {
            let start = Int(UInt64(littleEndian: offsets.loadUnaligned(fromByteOffset: Int(document) * 8, as: UInt64.self)))
            if start < bytes.count { sum &+= Int(bytes[start]) }
        }
        return sum
    }

    /// Lays out keys, in document order, as the two sections.
    struct Builder {
        private var bytes: ByteWriter
        private var offsets: ByteWriter

        /// A builder for `count` keys.
        init(capacity count: Int) {
            bytes = ByteWriter(capacity: count * 24)
            offsets = ByteWriter(capacity: (count + 1) * 8)
        }

        /// Adds the next document's key.
        mutating func append(_ key: UnsafeRawBufferPointer) {
            offsets.write(UInt64(bytes.count))
            bytes.write(bytes: key)
        }

        /// Adds the next document's key, given as a string.
        mutating func append(_ key: String) {
            var key = key
            key.withUTF8 { append(UnsafeRawBufferPointer($0)) }
        }

        /// The `keys` and `keyOffsets` sections.
        func sections() -> (keys: [UInt8], offsets: [UInt8]) {
            var offsets = offsets
            offsets.write(UInt64(bytes.count))
            return (bytes.bytes, offsets.bytes)
        }
    }
}
