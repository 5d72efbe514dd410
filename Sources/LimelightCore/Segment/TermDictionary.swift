#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Read access to one field's sorted, front-coded term dictionary (see ``FieldIndexWriter``).
///
/// Exact and prefix lookups binary-search the blocks by first term and then scan one block, so a
/// lookup costs O(log(blocks) + block size + matches). The search compares the first eight bytes
/// of the blocks' first terms, kept in one compact array read at open, and reads a first term
/// itself only when those agree. Exact lookups compare the key against the front-coded entries in
/// place and allocate nothing.
public struct TermDictionary: @unchecked Sendable {
    // Safety: an immutable view into a segment's bytes, which outlive it (the segment keeps its
    // region alive while any snapshot references it).
    let bytes: UnsafeRawBufferPointer
    /// Number of blocks.
    let blockCount: Int
    /// Number of terms.
    public let termCount: Int
    /// Whether entries carry a positions offset (text fields).
    let hasPositions: Bool
    /// Terms per block (see ``SegmentFormat/dictionaryBlockSize(version:)``).
    let blockSize: Int
    private let blockIndexOffset: Int
    private let firstTermsOffset: Int
    private let firstTermsLength: Int
    private let blocksOffset: Int
    /// The ``leadingKey(_:)`` of each block's first term: searching this array touches a few
    /// cache lines, where reading the first terms takes two scattered reads per step.
    private let blockKeys: [UInt64]

    init(_ bytes: UnsafeRawBufferPointer, hasPositions: Bool, blockSize: Int = SegmentFormat.blockSize) throws {
        self.bytes = bytes
        self.hasPositions = hasPositions
        self.blockSize = blockSize
        var reader = ByteReader(bytes)
        blockCount = Int(try reader.readUInt32())
        termCount = Int(try reader.readUInt32())
        guard blockCount <= bytes.count / 8, termCount <= blockCount * blockSize,
            termCount > (blockCount - 1) * blockSize || blockCount == 0
        else { throw StorageError.corrupt("term dictionary header is inconsistent") }
        blockIndexOffset = reader.offset
        reader.offset += blockCount * 8
        firstTermsLength = Int(try reader.readUInt32())
        firstTermsOffset = reader.offset
        _ = try reader.readSlice(firstTermsLength)
        blocksOffset = reader.offset
        var keys: [UInt64] = []
        keys.reserveCapacity(blockCount)
        for block in 0..<blockCount {
            keys.append(Self.leadingKey(try Self.firstTerm(of: block, in: bytes, blockIndexOffset, firstTermsOffset, firstTermsLength)))
        }
        blockKeys = keys
    }

    /// The first eight bytes of `term` as a big-endian integer, zero-padded. When two terms' keys
    /// differ they order the terms (a shorter term's padding sorts before any byte but 0, and a term
    /// it is a prefix of sorts after it too); when they are equal, the terms must be compared.
    @inline(__always)
    static func leadingKey(_ term: UnsafeRawBufferPointer) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<8 { key = key << 8 | UInt64(index < term.count ? term[index] : 0) }
        return key
    }

    /// An empty dictionary.
    static let empty: TermDictionary = {
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 12, alignment: 8)
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        return try! TermDictionary(UnsafeRawBufferPointer(raw), hasPositions: false)
    }()

    /// The first term of `block` (a static form, for the initializer). The block index holds each
    /// block's `firstTermOffset u32 | blockOffset u32`.
    private static func firstTerm(
        of block: Int, in bytes: UnsafeRawBufferPointer, _ blockIndexOffset: Int, _ firstTermsOffset: Int, _ firstTermsLength: Int
    ) throws -> UnsafeRawBufferPointer {
        let termOffset = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: blockIndexOffset + block * 8, as: UInt32.self)))
        var reader = ByteReader(bytes, offset: firstTermsOffset + termOffset)
        return try reader.readSlice(try reader.readLength(limit: firstTermsLength))
    }

    /// The last block whose first term is ≤ `key` (0 when every first term is greater).
    private func block(for key: UnsafeRawBufferPointer) throws -> Int {
        let target = Self.leadingKey(key)
        return try blockKeys.withUnsafeBufferPointer { keys in
            var low = 0
            var high = blockCount - 1
            var result = 0
            while low <= high {
                let middle = (low + high) / 2
                let isAtMost = keys[middle] != target
                    ? keys[middle] < target
                    : compareBytes(try Self.firstTerm(of: middle, in: bytes, blockIndexOffset, firstTermsOffset, firstTermsLength), key) <= 0
                if isAtMost {
                    result = middle
                    low = middle + 1
                } else {
                    high = middle - 1
                }
            }
            return result
        }
    }

    /// A reader of the entries of `block`, positioned at its first entry.
    private func entryReader(at block: Int) -> ByteReader {
        let offset = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: blockIndexOffset + block * 8 + 4, as: UInt32.self))
        return ByteReader(bytes, offset: blocksOffset + Int(offset))
    }

    /// The postings location of `term`, or nil when the field does not contain it.
    public func lookup(_ term: String) throws -> TermInfo? {
        var key = term
        return try key.withUTF8 { try lookup(UnsafeRawBufferPointer($0)) }
    }

    /// The postings location of the term with UTF-8 bytes `key`, or nil. Allocates nothing.
    ///
    /// Walks the block that could hold `key`, tracking how many leading bytes of the current term
    /// equal `key`; front coding tells from each entry's shared-prefix length alone whether the term
    /// still sorts before `key`, so only suffixes at the matched depth are compared.
    func lookup(_ key: UnsafeRawBufferPointer) throws -> TermInfo? {
        guard blockCount > 0 else { return nil }
        let block = try block(for: key)
        var reader = entryReader(at: block)
        var entry = DictionaryEntry()
        var matched = 0
        var termLength = 0
        let first = block * blockSize
        for ordinal in first..<min(termCount, first + blockSize) {
            try entry.read(from: &reader, previousLength: termLength, hasPositions: hasPositions)
            termLength = entry.shared + entry.suffix.count
            if entry.shared < matched { return nil }  // differs from key at `shared`, and sorts after it
            if entry.shared > matched { continue }  // still sorts before key
            let rest = key.count - matched
            let common = commonPrefixLength(entry.suffix, UnsafeRawBufferPointer(rebasing: key[matched...]))
            matched += common
            if common == entry.suffix.count {
                if common == rest { return entry.info(ordinal: ordinal) }
                continue  // a proper prefix of key
            }
            if common == rest || entry.suffix[common] > key[matched] { return nil }
        }
        return nil
    }

    /// Calls `body` with each term that starts with `prefix` and its postings location, in order.
    /// `body` returns false to stop early.
    public func forEachTerm(withPrefix prefix: String, _ body: (UnsafeRawBufferPointer, TermInfo) throws -> Bool) throws {
        guard blockCount > 0 else { return }
        var key = prefix
        try key.withUTF8 { utf8 in
            let prefixBytes = UnsafeRawBufferPointer(utf8)
            var scanner = TermScanner(self, block: try block(for: prefixBytes))
            defer { scanner.deallocate() }
            while try scanner.next() {
                if compareBytes(scanner.term, prefixBytes) < 0 { continue }
                guard hasPrefix(scanner.term, prefixBytes) else { return }
                if !(try body(scanner.term, scanner.info)) { return }
            }
        }
    }

    /// Calls `body` with every term in order; `body` returns false to stop.
    public func forEachTerm(_ body: (UnsafeRawBufferPointer, TermInfo) throws -> Bool) throws {
        var scanner = TermScanner(self, block: 0)
        defer { scanner.deallocate() }
        while try scanner.next() {
            if !(try body(scanner.term, scanner.info)) { return }
        }
    }

    /// A cursor before the first term.
    func makeCursor() -> TermCursor { TermCursor(self, block: 0) }

    /// A reader of every entry from the start of `block` (for ``TermScanner``).
    fileprivate func cursorStart(_ block: Int) -> (ByteReader, ordinal: Int) {
        guard blockCount > 0 else { return (ByteReader(bytes, offset: bytes.count), termCount) }
        return (entryReader(at: block), block * blockSize)
    }
}

/// One decoded dictionary entry: `header varint | suffix | documentFrequency varint |
/// postingsDelta varint | positionsDelta varint (text fields)`, where the header is
/// `suffixLength << 4 | min(shared, 15)`, followed by `varint(shared - 15)` when shared ≥ 15.
/// Offsets are deltas from the previous entry of the same block (the first entry's from 0).
struct DictionaryEntry {
    var shared = 0
    var suffix = UnsafeRawBufferPointer(start: nil, count: 0)
    var documentFrequency = 0
    var postingsOffset = 0
    var positionsOffset = 0

    /// Reads the next entry of a block; `previousLength` is the length of the previous term
    /// (0 at a block start, where offsets restart too).
    @inline(__always)
    mutating func read(from reader: inout ByteReader, previousLength: Int, hasPositions: Bool) throws {
        let header = try reader.readLength(limit: Int.max)
        shared = header & 15
        if shared == 15 { shared += try reader.readLength(limit: previousLength) }
        guard shared <= previousLength else { throw StorageError.corrupt("term dictionary entry shares more than its predecessor") }
        suffix = try reader.readSlice(header >> 4)
        documentFrequency = try reader.readLength()
        postingsOffset += try reader.readLength(limit: Int(Int32.max))
        if hasPositions { positionsOffset += try reader.readLength(limit: Int(Int32.max)) }
    }

    /// Starts a new block: offsets restart from 0.
    mutating func startBlock() {
        self = DictionaryEntry()
    }

    func info(ordinal: Int) -> TermInfo {
        TermInfo(ordinal: ordinal, documentFrequency: documentFrequency, postingsOffset: postingsOffset, positionsOffset: positionsOffset)
    }
}

/// Walks a dictionary's terms in order, rebuilding each term in a buffer of its own. A value, so
/// that scans in a local variable run without dynamic exclusivity checks.
struct TermScanner {
    private let dictionary: TermDictionary
    private var reader: ByteReader
    private var entry = DictionaryEntry()
    /// The ordinal of the term the next call to ``next()`` reads.
    private(set) var nextOrdinal: Int
    private var storage: UnsafeMutableRawBufferPointer
    /// The current term's bytes (valid until the next call to ``next()``).
    private(set) var term = UnsafeRawBufferPointer(start: nil, count: 0)
    /// The current term's dictionary entry.
    private(set) var info = TermInfo(ordinal: 0, documentFrequency: 0, postingsOffset: 0, positionsOffset: 0)

    /// A scanner positioned before the first term of `block`; call ``deallocate()`` when done.
    init(_ dictionary: TermDictionary, block: Int) {
        self.dictionary = dictionary
        (reader, nextOrdinal) = dictionary.cursorStart(block)
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: 64, alignment: 1)
    }

    /// Frees the term buffer.
    func deallocate() { storage.deallocate() }

    /// The block of the term the next call to ``next()`` reads.
    var block: Int { nextOrdinal / dictionary.blockSize }

    /// Moves before the first term of `block`.
    mutating func move(toBlock block: Int) {
        (reader, nextOrdinal) = dictionary.cursorStart(block)
        entry = DictionaryEntry()
        term = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// Moves to the next term; false after the last.
    @inline(__always)
    mutating func next() throws -> Bool {
        guard nextOrdinal < dictionary.termCount else { return false }
        var previousLength = term.count
        if nextOrdinal % dictionary.blockSize == 0 {
            entry.startBlock()
            previousLength = 0
        }
        try entry.read(from: &reader, previousLength: previousLength, hasPositions: dictionary.hasPositions)
        let length = entry.shared + entry.suffix.count
        if length > storage.count {
            let grown = UnsafeMutableRawBufferPointer.allocate(byteCount: max(length, storage.count * 2), alignment: 1)
            grown.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[..<entry.shared]))
            storage.deallocate()
            storage = grown
        }
        UnsafeMutableRawBufferPointer(rebasing: storage[entry.shared..<length]).copyMemory(from: entry.suffix)
        term = UnsafeRawBufferPointer(rebasing: storage[..<length])
        info = entry.info(ordinal: nextOrdinal)
        nextOrdinal += 1
        return true
    }
}

/// A ``TermScanner`` with reference identity, for the k-way merge of dictionaries, which keeps
/// cursors in a heap and compares their current terms in place.
final class TermCursor {
    private var scanner: TermScanner

    init(_ dictionary: TermDictionary, block: Int) { scanner = TermScanner(dictionary, block: block) }

    deinit { scanner.deallocate() }

    /// The current term's bytes (valid until the next call to ``next()``).
    var term: UnsafeRawBufferPointer { scanner.term }
    /// The current term's dictionary entry.
    var info: TermInfo { scanner.info }

    /// Moves to the next term; false after the last.
    func next() throws -> Bool { try scanner.next() }
}

/// Lexicographic comparison of two byte strings (negative, zero or positive).
@inline(__always)
func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
        let result = memcmp(pa, pb, common)
        if result != 0 { return Int(result) }
    }
    return a.count - b.count
}

/// The number of leading bytes `a` and `b` have in common.
@inline(__always)
func commonPrefixLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let limit = min(a.count, b.count)
    var index = 0
    while index < limit && a[index] == b[index] { index += 1 }
    return index
}

/// Whether `bytes` starts with `prefix`.
@inline(__always)
func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= prefix.count else { return false }
    if prefix.isEmpty { return true }
    return memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0
}
