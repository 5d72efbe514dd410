/// Constants and layout of an immutable segment file.
///
/// A segment is one byte sequence, memory-mapped on disk or held in memory:
///
/// ```
/// magic "LLSG" u32 | version u32
/// sections…                       (each aligned to 8 bytes)
/// directory: count × (kind u8, pad u8, field u16, offset u64, length u64)
/// footer:    directoryOffset u64 | sectionCount u32 | crc32c u32 | magic u32
/// ```
///
/// The checksum covers every byte before it (segments held only in memory leave it 0). Sections: one `meta`; per indexed field a term
/// dictionary, postings and (text fields) positions and field lengths; per numeric field a column
/// of doubles; the stored documents and their offsets; a Bloom filter of the keys (``KeyFilter``);
/// the keys laid out together (``KeyTable``; segments written before it have none, which every
/// version reads: the key also begins each stored document).
enum SegmentFormat {
    static let magic: UInt32 = 0x4753_4C4C  // "LLSG" little-endian
    /// Version 6: each full skip block of a term's postings is a ``PackedBlock`` (the document
    /// gaps, then the frequencies, each at one byte width for the block) instead of
    /// variable-length entries, so that reading postings does not branch on every byte.
    /// Version 5: postings skip blocks of 32 documents (128 before), so that advancing a frequent
    /// term's postings to a document decodes a quarter as many entries (the phrase "the ietf" moves
    /// the postings of "the" to each document of "ietf"), and skip entries of fixed width, so that
    /// a jump searches the table instead of decoding every entry it passes. Version 4:
    /// term-dictionary blocks of 16 terms (32 before), so that an exact lookup decodes half as many
    /// entries. Version 3: postings of frequent terms start with a header that tells a skip table
    /// (with its byte length, so it is read lazily) from a bitmap (see ``FieldIndexWriter``).
    /// Version 2: dictionary entries with packed prefix headers and delta-coded offsets; a key
    /// filter.
    static let version: UInt32 = 6
    /// The versions this build reads: 2 differs from 3 only in the postings header, 3 from 4 only
    /// in the dictionary's block size, 4 from 5 only in the postings' skip tables, and 5 from 6
    /// only in the postings' packed blocks.
    static let readableVersions: ClosedRange<UInt32> = 2...6
    static let footerSize = 20
    static let directoryEntrySize = 20
    /// Terms per term-dictionary block in the segments this build writes.
    static let blockSize = 16

    /// Terms per term-dictionary block in a segment of format `version`.
    static func dictionaryBlockSize(version: UInt32) -> Int { version >= 4 ? blockSize : 32 }
    /// Documents per postings skip block in the segments this build writes.
    static let skipInterval = 32

    /// Documents per postings skip block in a segment of format `version`.
    static func skipInterval(version: UInt32) -> Int { hasFixedWidthSkips(version: version) ? skipInterval : 128 }

    /// Whether the skip entries of a segment of format `version` have fixed width (last document,
    /// byte offset and positions offset, each a little-endian `UInt32`: ``fixedSkipEntrySize``
    /// bytes), so that they can be searched; earlier formats have variable-length entries.
    static func hasFixedWidthSkips(version: UInt32) -> Bool { version >= 5 }

    /// Whether the full skip blocks of postings with a skip table are ``PackedBlock``s in a segment
    /// of format `version`.
    static func hasPackedBlocks(version: UInt32) -> Bool { version >= 6 }

    /// Bytes of a fixed-width skip entry.
    static let fixedSkipEntrySize = 12
    /// The field number used by sections that belong to no field.
    static let noField: UInt16 = 0xFFFF

    /// `bytes`, a whole segment, with its footer checksum computed and filled in.
    static func checksummed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        let checksumOffset = bytes.count - 8
        let checksum = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[..<checksumOffset])) }
        withUnsafeBytes(of: checksum.littleEndian) { raw in
            for i in 0..<4 { bytes[checksumOffset + i] = raw[i] }
        }
        return bytes
    }

    enum SectionKind: UInt8 {
        case meta = 0
        case terms = 1
        case postings = 2
        case positions = 3
        case lengths = 4
        case numbers = 5
        case stored = 6
        case storedOffsets = 7
        case keyFilter = 8
        case keys = 9
        case keyOffsets = 10
    }

    struct SectionKey: Hashable {
        var kind: UInt8
        var field: UInt16
    }
}

/// Per-field statistics of a segment, used for BM25 normalisation.
public struct FieldStatistics: Sendable, Equatable {
    /// The field's name.
    public var name: String
    /// How it is indexed.
    public var kind: FieldKind
    /// Number of distinct terms.
    public var termCount: Int
    /// Sum of the field's lengths over all documents.
    public var totalLength: UInt64
    /// Number of documents that have the field.
    public var documentCount: Int

    /// Creates statistics.
    public init(name: String, kind: FieldKind, termCount: Int, totalLength: UInt64, documentCount: Int) {
        self.name = name
        self.kind = kind
        self.termCount = termCount
        self.totalLength = totalLength
        self.documentCount = documentCount
    }
}

/// Where a term's postings are, as stored in the term dictionary.
public struct TermInfo: Sendable, Equatable {
    /// The term's ordinal in its field's sorted dictionary.
    public var ordinal: Int
    /// Number of documents containing the term.
    public var documentFrequency: Int
    /// Offset of the postings in the field's postings section.
    public var postingsOffset: Int
    /// Offset of the positions in the field's positions section (text fields).
    public var positionsOffset: Int
}
