/// Iterates one term's postings: document ids in ascending order with term frequencies, and on
/// request the positions of the current document.
///
/// Decoding is bounds-checked: corrupt postings end the iteration with an error, never a crash.
public struct PostingsIterator {
    private var reader: ByteReader
    private var positionsReader: ByteReader?
    private let dataStart: Int
    private let positionsStart: Int
    private var skips: [(lastDocument: UInt32, offset: Int, positionsOffset: Int)] = []
    private var skipIndex = 0
    /// Documents left to decode.
    private var remaining: Int
    private let total: Int
    private var pendingPositions = 0
    /// The current document id (valid after `next()` returned true).
    public private(set) var document: UInt32 = 0
    /// The current document's term frequency.
    public private(set) var frequency: UInt32 = 0
    private var started = false

    init(postings: UnsafeRawBufferPointer, positions: UnsafeRawBufferPointer?, info: TermInfo) throws {
        reader = ByteReader(postings, offset: info.postingsOffset)
        total = info.documentFrequency
        remaining = info.documentFrequency
        if info.documentFrequency >= SegmentFormat.skipInterval {
            let count = try reader.readLength(limit: info.documentFrequency)
            skips.reserveCapacity(count)
            for _ in 0..<count {
                let last = UInt32(truncatingIfNeeded: try reader.readVarInt())
                let offset = try reader.readLength(limit: Int.max)
                let positionsOffset = try reader.readLength(limit: Int.max)
                skips.append((last, offset, positionsOffset))
            }
        }
        dataStart = reader.offset
        if let positions {
            positionsReader = ByteReader(positions, offset: info.positionsOffset)
        }
        positionsStart = info.positionsOffset
    }

    /// Number of documents in the list.
    public var documentFrequency: Int { total }

    /// Advances to the next document; false at the end.
    public mutating func next() throws -> Bool {
        guard remaining > 0 else { return false }
        let entry = try reader.readVarInt()
        let delta = UInt32(truncatingIfNeeded: entry >> 1)
        if entry & 1 == 1 {
            frequency = 1
        } else {
            frequency = UInt32(truncatingIfNeeded: try reader.readVarInt())
            guard frequency > 0 else { throw StorageError.corrupt("zero term frequency in postings") }
        }
        if started {
            let (sum, overflow) = document.addingReportingOverflow(delta)
            guard !overflow, delta > 0 else { throw StorageError.corrupt("postings are not ascending") }
            document = sum
        } else {
            document = delta
            started = true
        }
        if positionsReader != nil {
            try skipPendingPositions()
            pendingPositions = Int(frequency)
        }
        remaining -= 1
        return true
    }

    /// Advances to the first document ≥ `target`; false when there is none.
    /// - Complexity: O(log skips + skip interval).
    public mutating func advance(to target: UInt32) throws -> Bool {
        if started && document >= target { return true }
        // Use the skip table to jump over whole blocks.
        var block = skipIndex
        while block < skips.count && skips[block].lastDocument < target { block += 1 }
        if block > skipIndex, (!started || skips[block - 1].lastDocument >= document) {
            let skip = skips[block - 1]
            reader.offset = dataStart + skip.offset
            if positionsReader != nil { positionsReader!.offset = positionsStart + skip.positionsOffset }
            pendingPositions = 0
            document = skip.lastDocument
            started = true
            remaining = total - block * SegmentFormat.skipInterval
            skipIndex = block
        }
        while try next() {
            if document >= target { return true }
        }
        return false
    }

    private mutating func skipPendingPositions() throws {
        guard pendingPositions > 0, let reader = positionsReader else { return }
        let buffer = reader.buffer
        var offset = reader.offset
        while pendingPositions > 0 {
            guard offset < buffer.count else { throw StorageError.corrupt("truncated positions") }
            if buffer[offset] < 0x80 { pendingPositions -= 1 }
            offset += 1
        }
        positionsReader!.offset = offset
    }

    /// The positions of the current document, in ascending order (text fields only; empty otherwise).
    public mutating func positions() throws -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(pendingPositions)
        try appendPositions(to: &result)
        return result
    }

    /// Appends the positions of the current document, in ascending order, to `output` (text fields
    /// only; nothing otherwise). Reuse one buffer across documents to avoid allocating.
    public mutating func appendPositions(to output: inout [UInt32]) throws {
        guard var reader = positionsReader else { return }
        var last: UInt32 = 0
        while pendingPositions > 0 {
            last = last &+ UInt32(truncatingIfNeeded: try reader.readVarInt())
            output.append(last)
            pendingPositions -= 1
        }
        positionsReader = reader
    }

    /// Appends the current document's positions to `output` exactly as they are encoded (for merging,
    /// where positions do not change), without decoding them.
    mutating func appendEncodedPositions(to output: inout [UInt8]) throws {
        guard let reader = positionsReader else { return }
        let buffer = reader.buffer
        let start = reader.offset
        var offset = start
        var remaining = pendingPositions
        while remaining > 0 {
            guard offset < buffer.count else { throw StorageError.corrupt("truncated positions") }
            if buffer[offset] < 0x80 { remaining -= 1 }
            offset += 1
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<offset]))
        positionsReader!.offset = offset
        pendingPositions = 0
    }
}
