#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Read access to one field's sorted, front-coded term dictionary (see ``FieldIndexWriter``).
///
/// Exact and prefix lookups binary-search the block index by first term and then scan one block,
/// so a lookup costs O(log(blocks) · prefix length + block size + matches).
public struct TermDictionary: @unchecked Sendable {
    // Safety: an immutable view into a segment's bytes, which outlive it (the segment keeps its
    // region alive while any snapshot references it).
    let bytes: UnsafeRawBufferPointer
    /// Number of blocks.
    let blockCount: Int
    /// Number of terms.
    public let termCount: Int
    private let blockIndexOffset: Int
    private let firstTermsOffset: Int
    private let firstTermsLength: Int
    private let blocksOffset: Int

    init(_ bytes: UnsafeRawBufferPointer) throws {
        self.bytes = bytes
        var reader = ByteReader(bytes)
        blockCount = Int(try reader.readUInt32())
        termCount = Int(try reader.readUInt32())
        guard blockCount <= bytes.count / 8, termCount <= blockCount * SegmentFormat.blockSize,
            termCount > (blockCount - 1) * SegmentFormat.blockSize || blockCount == 0
        else { throw StorageError.corrupt("term dictionary header is inconsistent") }
        blockIndexOffset = reader.offset
        reader.offset += blockCount * 8
        firstTermsLength = Int(try reader.readUInt32())
        firstTermsOffset = reader.offset
        _ = try reader.readSlice(firstTermsLength)
        blocksOffset = reader.offset
    }

    /// An empty dictionary.
    static let empty: TermDictionary = {
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: 12, alignment: 8)
        raw.initializeMemory(as: UInt8.self, repeating: 0)
        return try! TermDictionary(UnsafeRawBufferPointer(raw))
    }()

    private func blockEntry(_ block: Int) -> (termOffset: Int, blockOffset: Int) {
        let base = blockIndexOffset + block * 8
        let term = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: base, as: UInt32.self))
        let offset = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self))
        return (Int(term), Int(offset))
    }

    /// Compares the first term of `block` with `key` (negative: the term sorts first).
    private func compareFirstTerm(of block: Int, with key: UnsafeRawBufferPointer) throws -> Int {
        var reader = ByteReader(bytes, offset: firstTermsOffset + blockEntry(block).termOffset)
        let length = try reader.readLength(limit: firstTermsLength)
        let term = try reader.readSlice(length)
        return compareBytes(term, key)
    }

    /// The last block whose first term is ≤ `key` (0 when every first term is greater).
    private func block(for key: UnsafeRawBufferPointer) throws -> Int {
        var low = 0
        var high = blockCount - 1
        var result = 0
        while low <= high {
            let middle = (low + high) / 2
            if try compareFirstTerm(of: middle, with: key) <= 0 {
                result = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        return result
    }

    /// The postings location of `term`, or nil when the field does not contain it.
    public func lookup(_ term: String) throws -> TermInfo? {
        var key = term
        return try key.withUTF8 { utf8 in
            let keyBytes = UnsafeRawBufferPointer(utf8)
            var found: TermInfo?
            try scan(from: keyBytes) { candidate, info in
                let order = compareBytes(candidate, keyBytes)
                if order == 0 { found = info }
                return order < 0
            }
            return found
        }
    }

    /// Calls `body` with each term that starts with `prefix` and its postings location, in order.
    /// `body` returns false to stop early.
    public func forEachTerm(withPrefix prefix: String, _ body: (UnsafeRawBufferPointer, TermInfo) throws -> Bool) throws {
        var key = prefix
        try key.withUTF8 { utf8 in
            let prefixBytes = UnsafeRawBufferPointer(utf8)
            try scan(from: prefixBytes) { candidate, info in
                if compareBytes(candidate, prefixBytes) < 0 { return true }
                guard hasPrefix(candidate, prefixBytes) else { return false }
                return try body(candidate, info)
            }
        }
    }

    /// Calls `body` with every term in order; `body` returns false to stop.
    public func forEachTerm(_ body: (UnsafeRawBufferPointer, TermInfo) throws -> Bool) throws {
        guard blockCount > 0 else { return }
        try scanBlocks(startingAt: 0, body)
    }

    /// Scans terms from the block that could contain `key` onward, until `body` returns false.
    private func scan(from key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer, TermInfo) throws -> Bool) throws {
        guard blockCount > 0 else { return }
        try scanBlocks(startingAt: try block(for: key), body)
    }

    private func scanBlocks(startingAt firstBlock: Int, _ body: (UnsafeRawBufferPointer, TermInfo) throws -> Bool) throws {
        var term = [UInt8]()
        term.reserveCapacity(64)
        var reader = ByteReader(bytes, offset: blocksOffset + blockEntry(firstBlock).blockOffset)
        var ordinal = firstBlock * SegmentFormat.blockSize
        while ordinal < termCount {
            let shared = try reader.readLength(limit: term.count)
            let suffixLength = try reader.readLength(limit: reader.remaining)
            let suffix = try reader.readSlice(suffixLength)
            term.removeSubrange(shared...)
            term.append(contentsOf: suffix)
            let frequency = try reader.readLength()
            let postings = try reader.readLength(limit: Int.max)
            let positions = try reader.readLength(limit: Int.max)
            let info = TermInfo(ordinal: ordinal, documentFrequency: frequency, postingsOffset: postings, positionsOffset: positions)
            let proceed = try term.withUnsafeBytes { try body($0, info) }
            if !proceed { return }
            ordinal += 1
        }
    }
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

/// Whether `bytes` starts with `prefix`.
@inline(__always)
func hasPrefix(_ bytes: UnsafeRawBufferPointer, _ prefix: UnsafeRawBufferPointer) -> Bool {
    guard bytes.count >= prefix.count else { return false }
    if prefix.isEmpty { return true }
    return memcmp(bytes.baseAddress!, prefix.baseAddress!, prefix.count) == 0
}
