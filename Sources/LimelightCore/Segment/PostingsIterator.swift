/// Iterates one term's postings: document ids in ascending order with term frequencies, and on
/// request the positions of the current document.
///
/// Decoding is bounds-checked: corrupt postings end the iteration with an error, never a crash.
public struct PostingsIterator {
    private var reader: ByteReader
    private var positionsReader: ByteReader?
    private let dataStart: Int
    private let positionsStart: Int
    /// The skip table, `skipIndex` entries of it passed. A variable-length table (formats before
    /// 5) is read in order: `skipReader` is at entry `skipIndex + 1` once `nextSkip` (entry
    /// `skipIndex`) is decoded. A fixed-width one is searched (see ``lastFixedSkip(before:)``).
    private var skipReader: ByteReader
    private let skipCount: Int
    /// Where a fixed-width skip table starts (``SegmentFormat/fixedSkipEntrySize`` bytes an entry, format 5 on);
    /// -1 for the variable-length tables of earlier formats, read in order through `skipReader`.
    private let fixedSkipStart: Int
    /// Documents per skip block (see ``SegmentFormat/skipInterval(version:)``).
    private let skipInterval: Int
    private var skipIndex = 0
    private var nextSkip: (lastDocument: UInt32, offset: Int, positionsOffset: Int) = (0, 0, 0)
    /// Bitmap postings: where the bits start, the document of bit 0, the number of bits and the next
    /// bit to look at (`bitCount` is 0 for entry postings).
    private let bitmapStart: Int
    private let bitmapFirstDocument: UInt32
    private let bitCount: Int
    private var nextBit = 0
    /// Packed blocks (format 6 on): how many full skip blocks are ``PackedBlock``s (0 in earlier
    /// formats and for lists without a whole skip table), the one the iterator is in
    /// (`packedBlockCount` once past them, in the variable-length entries that end the list), its
    /// layout, and the current document's index in it (-1 before its first).
    private let packedBlockCount: Int
    private var block = 0
    private var packedBlock = PackedBlock.none
    private var indexInBlock = -1
    /// The last document of the packed block the iterator is in, from the skip table (the largest
    /// document id when the table does not say), so that advancing within it skips the search.
    private var packedBlockLast = UInt32.max
    /// In packed blocks, positions are found only when read: the positions reader (once
    /// `positionsToSkip` are stepped over) is at the start of document `positionsIndex` of packed
    /// block `positionsBlock`, and the frequencies of the documents from there give how many to skip.
    private var positionsBlock = 0
    private var positionsIndex = 0
    /// Documents left to decode in the variable-length entries (set on reaching them after packed blocks).
    private var remaining: Int
    private let total: Int
    /// Positions of the current document not read yet.
    private var pendingPositions = 0
    /// Positions of earlier documents, before the reader's offset, still to step over.
    private var positionsToSkip = 0
    /// The current document id (valid after `next()` returned true).
    public private(set) var document: UInt32 = 0
    /// The current document's term frequency.
    public private(set) var frequency: UInt32 = 0
    private var started = false

    /// - Parameter formatVersion: the segment's format version; version 2 skip tables have no
    ///   header flag and no byte length, and versions before 5 skip 128 documents a block.
    init(postings: UnsafeRawBufferPointer, positions: UnsafeRawBufferPointer?, info: TermInfo, formatVersion: UInt32 = SegmentFormat.version) throws {
        reader = ByteReader(postings, offset: info.postingsOffset)
        total = info.documentFrequency
        remaining = info.documentFrequency
        var skipCount = 0
        var bitmap = (start: 0, first: UInt32(0), bits: 0)
        var fixedSkipStart = -1
        skipInterval = SegmentFormat.skipInterval(version: formatVersion)
        if info.documentFrequency >= skipInterval {
            if formatVersion < 3 {
                skipCount = try reader.readLength(limit: info.documentFrequency)
                skipReader = reader
                for _ in 0..<skipCount * 3 { _ = try reader.readVarInt() }
            } else {
                let header = try reader.readVarInt()
                skipCount = Int(clamping: header >> 1)
                guard skipCount <= info.documentFrequency else { throw StorageError.corrupt("skip table longer than its postings") }
                if header & 1 == 1 {
                    let first = try reader.readVarInt()
                    let byteCount = try reader.readLength(limit: reader.remaining)
                    guard first <= UInt64(UInt32.max), byteCount > 0 else { throw StorageError.corrupt("bitmap postings out of range") }
                    bitmap = (reader.offset, UInt32(first), byteCount * 8)
                    skipCount = 0
                }
                let tableLength = bitmap.bits == 0 ? try reader.readLength(limit: reader.remaining) : 0
                if SegmentFormat.hasFixedWidthSkips(version: formatVersion) && bitmap.bits == 0 {
                    guard tableLength == skipCount * SegmentFormat.fixedSkipEntrySize else { throw StorageError.corrupt("skip table of the wrong length") }
                    fixedSkipStart = reader.offset
                }
                skipReader = reader
                reader.offset += tableLength
            }
        } else {
            skipReader = reader
        }
        self.skipCount = skipCount
        self.fixedSkipStart = fixedSkipStart
        (bitmapStart, bitmapFirstDocument, bitCount) = bitmap
        dataStart = reader.offset
        // Blocks are packed only in lists with their whole skip table, which tells where each
        // block's positions start.
        let packs = SegmentFormat.hasPackedBlocks(version: formatVersion) && bitmap.bits == 0 && info.documentFrequency >= skipInterval
            && fixedSkipStart >= 0 && skipCount == (info.documentFrequency - 1) / skipInterval
        packedBlockCount = packs ? info.documentFrequency / skipInterval : 0
        if skipCount > 0 && fixedSkipStart < 0 { nextSkip = try Self.readSkip(&skipReader) }
        if let positions {
            positionsReader = ByteReader(positions, offset: info.positionsOffset)
        }
        positionsStart = info.positionsOffset
        if packedBlockCount > 0 { try enterPackedBlock(at: dataStart) }
    }

    /// The last document of block `index` in a fixed-width skip table.
    @inline(__always)
    private func fixedSkipLastDocument(_ index: Int) -> UInt32 {
        UInt32(littleEndian: skipReader.buffer.loadUnaligned(fromByteOffset: fixedSkipStart + index * SegmentFormat.fixedSkipEntrySize, as: UInt32.self))
    }

    /// Entry `index` of a fixed-width skip table.
    private func fixedSkip(_ index: Int) -> (lastDocument: UInt32, offset: Int, positionsOffset: Int) {
        let start = fixedSkipStart + index * SegmentFormat.fixedSkipEntrySize
        let buffer = skipReader.buffer
        return (
            fixedSkipLastDocument(index),
            Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self))),
            Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: start + 8, as: UInt32.self)))
        )
    }

    /// The last entry of a fixed-width skip table from `skipIndex` on whose block ends before
    /// `target` (nil when there is none): galloping from `skipIndex`, then bisecting, so that a
    /// long jump reads a few entries, not every one passed.
    private func lastFixedSkip(before target: UInt32) -> Int? {
        guard skipIndex < skipCount, fixedSkipLastDocument(skipIndex) < target else { return nil }
        var below = skipIndex  // its block ends before the target
        var step = 1
        var above = below + 1  // the first entry not known to end before the target
        while above < skipCount && fixedSkipLastDocument(above) < target {
            below = above
            step *= 2
            above = below + step
        }
        above = min(above, skipCount)
        while above - below > 1 {
            let middle = (below + above) / 2
            if fixedSkipLastDocument(middle) < target { below = middle } else { above = middle }
        }
        return below
    }

    private static func readSkip(_ reader: inout ByteReader) throws -> (lastDocument: UInt32, offset: Int, positionsOffset: Int) {
        let last = UInt32(truncatingIfNeeded: try reader.readVarInt())
        let offset = try reader.readLength(limit: Int.max)
        let positionsOffset = try reader.readLength(limit: Int.max)
        return (last, offset, positionsOffset)
    }

    /// Makes the packed block at `offset` (block number `block`) the current one, before its first document.
    private mutating func enterPackedBlock(at offset: Int) throws {
        packedBlock = try PackedBlock(in: reader.buffer, at: offset)
        packedBlockLast = block < skipCount && fixedSkipStart >= 0 ? fixedSkipLastDocument(block) : .max
        indexInBlock = -1
    }

    /// Number of documents in the list.
    public var documentFrequency: Int { total }

    /// Advances to the next document; false at the end.
    public mutating func next() throws -> Bool {
        if bitCount > 0 { return nextInBitmap() }
        // Every document is at or after 0: the next one.
        if block < packedBlockCount { return try scanBlocks(to: 0) }
        return try scanEntries(to: 0)
    }

    /// The next set bit of a bitmap, as the current document.
    @inline(never)
    private mutating func nextInBitmap() -> Bool {
        let buffer = reader.buffer
        var bit = nextBit
        while bit < bitCount {
            let byteIndex = bit >> 3
            let rest = buffer[bitmapStart + byteIndex] >> UInt8(bit & 7)
            if rest == 0 {
                bit = (byteIndex + 1) << 3
                continue
            }
            bit += rest.trailingZeroBitCount
            let (sum, overflow) = bitmapFirstDocument.addingReportingOverflow(UInt32(truncatingIfNeeded: bit))
            guard !overflow else { break }
            document = sum
            frequency = 1
            started = true
            nextBit = bit + 1
            return true
        }
        nextBit = bitCount
        return false
    }

    /// Advances to the first document ≥ `target`; false when there is none.
    /// - Complexity: O(log skips passed + skip interval) (O(skips passed + skip interval) in
    ///   segments before format 5); O(distance / 8) for bitmaps.
    public mutating func advance(to target: UInt32) throws -> Bool {
        if started && document >= target { return true }
        if target <= packedBlockLast && block < packedBlockCount { return try scanBlocks(to: target) }
        if bitCount > 0 {
            if target > bitmapFirstDocument { nextBit = max(nextBit, Int(min(UInt64(target - bitmapFirstDocument), UInt64(bitCount)))) }
            return nextInBitmap()
        }
        // Use the skip table to jump over whole blocks: the last entry below the target tells
        // where the block holding it starts.
        var jump: (lastDocument: UInt32, offset: Int, positionsOffset: Int)?
        if fixedSkipStart >= 0 {
            if let index = lastFixedSkip(before: target) {
                jump = fixedSkip(index)
                skipIndex = index + 1
            }
        } else {
            while skipIndex < skipCount && nextSkip.lastDocument < target {
                jump = nextSkip
                skipIndex += 1
                if skipIndex < skipCount { nextSkip = try Self.readSkip(&skipReader) }
            }
        }
        if let skip = jump, !started || skip.lastDocument >= document {
            reader.offset = dataStart + skip.offset
            if positionsReader != nil { positionsReader!.offset = positionsStart + skip.positionsOffset }
            pendingPositions = 0
            positionsToSkip = 0
            document = skip.lastDocument
            started = true
            remaining = total - skipIndex * skipInterval
            if packedBlockCount > 0 {
                block = skipIndex
                if block < packedBlockCount { try enterPackedBlock(at: reader.offset) }
                (positionsBlock, positionsIndex) = (block, 0)
            }
        }
        if block < packedBlockCount { return try scanBlocks(to: target) }
        return try scanEntries(to: target)
    }

    /// Reads the packed blocks from the current document until one reaches `target`, then the
    /// variable-length entries after them if none does: the inner loop of ``next()`` and
    /// ``advance(to:)`` in a packed block. Positions are left alone: reading a document's finds them.
    private mutating func scanBlocks(to target: UInt32) throws -> Bool {
        let buffer = reader.buffer
        while block < packedBlockCount {
            let layout = packedBlock
            var current = document
            let from = indexInBlock + 1
            var found: Int
            if block == 0 && from == 0 {
                // A list's first document is stored as it is, and may be 0.
                current = layout.delta(buffer, 0)
                found = current >= target ? 0 : try layout.scan(buffer, from: 1, current: &current, target: target)
            } else {
                found = try layout.scan(buffer, from: from, current: &current, target: target)
            }
            document = current
            started = true
            if found < PackedBlock.count {
                indexInBlock = found
                frequency = try layout.frequency(buffer, found)
                return true
            }
            // Past the block: on to the next, or to the entries after the last.
            block += 1
            skipIndex = block
            if block < packedBlockCount {
                try enterPackedBlock(at: layout.end)
            } else {
                reader.offset = layout.end
                remaining = total - block * skipInterval
                // The entries after the blocks (if any) have a skip entry for where their positions start.
                if positionsReader != nil && block - 1 < skipCount {
                    positionsReader!.offset = positionsStart + fixedSkip(block - 1).positionsOffset
                    (positionsToSkip, pendingPositions) = (0, 0)
                }
            }
        }
        return try scanEntries(to: target)
    }

    /// Decodes entries until one reaches `target`, with the iterator's state in locals: the inner
    /// loop of ``next()`` and ``advance(to:)``. The positions of the documents passed are skipped
    /// only if a later document's positions are read.
    private mutating func scanEntries(to target: UInt32) throws -> Bool {
        let buffer = reader.buffer
        var offset = reader.offset
        var current = document
        var isStarted = started
        var left = remaining
        var skipped = positionsToSkip
        var pending = pendingPositions
        let hasPositions = positionsReader != nil
        defer {
            reader.offset = offset
            remaining = left
            positionsToSkip = skipped
            pendingPositions = pending
        }
        while left > 0 {
            let entry = try ByteReader.varInt(in: buffer, at: &offset)
            var entryFrequency: UInt32 = 1
            if entry & 1 == 0 {
                entryFrequency = UInt32(truncatingIfNeeded: try ByteReader.varInt(in: buffer, at: &offset))
                guard entryFrequency > 0 else { throw StorageError.corrupt("zero term frequency in postings") }
            }
            let delta = UInt32(truncatingIfNeeded: entry >> 1)
            if isStarted {
                let (sum, overflow) = current.addingReportingOverflow(delta)
                guard !overflow, delta > 0 else { throw StorageError.corrupt("postings are not ascending") }
                current = sum
            } else {
                current = delta
                isStarted = true
            }
            if hasPositions {
                skipped += pending
                pending = Int(entryFrequency)
            }
            left -= 1
            if current >= target {
                document = current
                frequency = entryFrequency
                started = true
                return true
            }
        }
        return false
    }

    /// Moves the positions reader to the current document's positions, past those of the documents
    /// stepped over since positions were last read.
    private mutating func skipToCurrentPositions() throws {
        if block < packedBlockCount && indexInBlock >= 0 && (positionsBlock != block || positionsIndex <= indexInBlock) && positionsReader != nil {
            if positionsBlock != block {
                // Blocks were passed: the skip table tells where this one's positions start.
                positionsReader!.offset = positionsStart + fixedSkip(block - 1).positionsOffset
                (positionsToSkip, positionsBlock, positionsIndex) = (0, block, 0)
            }
            positionsToSkip += packedBlock.frequencySum(reader.buffer, positionsIndex..<indexInBlock)
            pendingPositions = Int(frequency)
            positionsIndex = indexInBlock + 1
        }
        guard positionsToSkip > 0, let reader = positionsReader else { return }
        positionsReader!.offset = try Self.offset(afterVarInts: positionsToSkip, in: reader.buffer, from: reader.offset)
        positionsToSkip = 0
    }

    /// The offset just past `count` variable-length integers starting at `offset`: eight bytes at a
    /// time while the word holds fewer ends of integers (bytes below 0x80) than are left to pass.
    static func offset(afterVarInts count: Int, in buffer: UnsafeRawBufferPointer, from offset: Int) throws -> Int {
        var left = count
        var offset = offset
        while offset + 8 <= buffer.count {
            let word = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let ends = 8 - (word & 0x8080_8080_8080_8080).nonzeroBitCount
            guard ends < left else { break }
            left -= ends
            offset += 8
        }
        while left > 0 {
            guard offset < buffer.count else { throw StorageError.corrupt("truncated positions") }
            if buffer[offset] < 0x80 { left -= 1 }
            offset += 1
        }
        return offset
    }

    /// The positions of the current document, in ascending order (text fields only; empty otherwise).
    public mutating func positions() throws -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(Int(frequency))
        try appendPositions(to: &result)
        return result
    }

    /// Appends the positions of the current document, in ascending order, to `output` (text fields
    /// only; nothing otherwise). Reuse one buffer across documents to avoid allocating.
    public mutating func appendPositions(to output: inout [UInt32]) throws {
        try skipToCurrentPositions()
        guard let reader = positionsReader else { return }
        let buffer = reader.buffer
        var offset = reader.offset
        var last: UInt32 = 0
        for _ in 0..<pendingPositions {
            last = last &+ UInt32(truncatingIfNeeded: try ByteReader.varInt(in: buffer, at: &offset))
            output.append(last)
        }
        pendingPositions = 0
        positionsReader!.offset = offset
    }

    /// Calls `body` with the current document's positions in ascending order until it returns
    /// false (text fields only); the positions not visited are skipped when the iterator moves on.
    @inline(__always)
    mutating func forEachPosition(_ body: (UInt32) throws -> Bool) throws {
        try skipToCurrentPositions()
        guard let reader = positionsReader else { return }
        let buffer = reader.buffer
        var offset = reader.offset
        var last: UInt32 = 0
        var left = pendingPositions
        while left > 0 {
            last = last &+ UInt32(truncatingIfNeeded: try ByteReader.varInt(in: buffer, at: &offset))
            left -= 1
            if !(try body(last)) { break }
        }
        positionsReader!.offset = offset
        positionsToSkip = left
        pendingPositions = 0
    }

    /// Appends the current document's positions to `output` exactly as they are encoded (for merging,
    /// where positions do not change), without decoding them.
    mutating func appendEncodedPositions(to output: inout [UInt8]) throws {
        try skipToCurrentPositions()
        guard let reader = positionsReader else { return }
        let buffer = reader.buffer
        let start = reader.offset
        let offset = try Self.offset(afterVarInts: pendingPositions, in: buffer, from: start)
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<offset]))
        positionsReader!.offset = offset
        pendingPositions = 0
    }
}
