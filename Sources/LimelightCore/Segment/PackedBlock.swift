/// A full skip block of a term's postings (``SegmentFormat/skipInterval`` documents) in segments of
/// format 6 on, laid out so that it is read without a branch per byte:
///
/// ```
/// header u8: deltaWidth | frequencyWidth << 4
/// deltas:      count × deltaWidth bytes (little-endian), each document minus the one before it
///              (the first minus the block before's last, or the document itself in a list's first block)
/// frequencies: count × frequencyWidth bytes, each term frequency minus 1 (none when every one is 1)
/// ```
///
/// A width is 1, 2 or 4 bytes, the fewest that hold the block's largest value (0 for frequencies
/// that are all 1). Variable-length entries spend a branch on each byte's continuation bit and on
/// each entry's frequency flag, which a frequent word's varied gaps and frequencies make hard to
/// predict; here a block's values share one width and the frequencies lie apart.
struct PackedBlock {
    /// Documents in a block.
    static let count = SegmentFormat.skipInterval

    /// Where the deltas start in the postings.
    let deltas: Int
    /// Bytes per delta: 1, 2 or 4.
    let deltaWidth: Int
    /// Where the frequencies start.
    let frequencies: Int
    /// Bytes per frequency: 0 (every frequency is 1), 1, 2 or 4.
    let frequencyWidth: Int

    /// Where the next block (or the entries after the last block) starts.
    var end: Int { frequencies + Self.count * frequencyWidth }

    /// A placeholder for iterators that hold no packed blocks.
    static let none = PackedBlock(deltas: 0, deltaWidth: 1, frequencies: 0, frequencyWidth: 0)

    private init(deltas: Int, deltaWidth: Int, frequencies: Int, frequencyWidth: Int) {
        self.deltas = deltas
        self.deltaWidth = deltaWidth
        self.frequencies = frequencies
        self.frequencyWidth = frequencyWidth
    }

    /// Reads the header of the block at `offset` and checks that the whole block lies in `buffer`.
    init(in buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        guard offset >= 0, offset < buffer.count else { throw StorageError.corrupt("postings block past the end of its section") }
        let header = buffer[offset]
        let deltaWidth = Int(header & 0xF)
        let frequencyWidth = Int(header >> 4)
        guard [1, 2, 4].contains(deltaWidth), [0, 1, 2, 4].contains(frequencyWidth) else {
            throw StorageError.corrupt("postings block header \(header) has no valid widths")
        }
        self.init(
            deltas: offset + 1, deltaWidth: deltaWidth,
            frequencies: offset + 1 + Self.count * deltaWidth, frequencyWidth: frequencyWidth)
        guard end <= buffer.count else { throw StorageError.corrupt("postings block runs past the end of its section") }
    }

    /// Value `index` of a run of `width`-byte values starting at `start`.
    @inline(__always)
    private static func value(_ buffer: UnsafeRawBufferPointer, _ start: Int, _ index: Int, width: Int) -> UInt32 {
        let offset = start &+ index &* width
        switch width {
        case 1: return UInt32(buffer.load(fromByteOffset: offset, as: UInt8.self))
        case 2: return UInt32(UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        default: return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
    }

    /// Delta `index` of the block.
    @inline(__always)
    func delta(_ buffer: UnsafeRawBufferPointer, _ index: Int) -> UInt32 {
        Self.value(buffer, deltas, index, width: deltaWidth)
    }

    /// The term frequency of document `index` of the block.
    @inline(__always)
    func frequency(_ buffer: UnsafeRawBufferPointer, _ index: Int) throws -> UInt32 {
        guard frequencyWidth > 0 else { return 1 }
        let (frequency, overflow) = Self.value(buffer, frequencies, index, width: frequencyWidth).addingReportingOverflow(1)
        guard !overflow else { throw StorageError.corrupt("term frequency out of range in postings") }
        return frequency
    }

    /// The sum of the term frequencies of documents `range` of the block: the positions they hold.
    func frequencySum(_ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
        switch frequencyWidth {
        case 0: return range.count
        case 1: return range.count &+ sum(UInt8.self, buffer, range)
        case 2: return range.count &+ sum(UInt16.self, buffer, range)
        default: return range.count &+ sum(UInt32.self, buffer, range)
        }
    }

    @inline(__always)
    private func sum<Value: FixedWidthInteger & UnsignedInteger>(_: Value.Type, _ buffer: UnsafeRawBufferPointer, _ range: Range<Int>) -> Int {
        var sum = 0
        for index in range {
            sum &+= Int(Value(littleEndian: buffer.loadUnaligned(fromByteOffset: frequencies &+ index &* MemoryLayout<Value>.size, as: Value.self)))
        }
        return sum
    }

    /// The first document of the block from `index` on that is at least `target`: its index, with
    /// `current` (the document before `index` on the way in) set to it; or ``count`` with
    /// `current` the block's last document. Every delta from `index` on must be positive.
    @inline(__always)
    func scan(_ buffer: UnsafeRawBufferPointer, from index: Int, current: inout UInt32, target: UInt32) throws -> Int {
        switch deltaWidth {
        case 1: return try scan(UInt8.self, buffer, from: index, current: &current, target: target)
        case 2: return try scan(UInt16.self, buffer, from: index, current: &current, target: target)
        default: return try scan(UInt32.self, buffer, from: index, current: &current, target: target)
        }
    }

    @inline(__always)
    private func scan<Delta: FixedWidthInteger & UnsignedInteger>(
        _: Delta.Type, _ buffer: UnsafeRawBufferPointer, from index: Int, current: inout UInt32, target: UInt32
    ) throws -> Int {
        var document = current
        var index = index
        defer { current = document }
        while index < Self.count {
            let delta = UInt32(Delta(littleEndian: buffer.loadUnaligned(fromByteOffset: deltas &+ index &* MemoryLayout<Delta>.size, as: Delta.self)))
            let (sum, overflow) = document.addingReportingOverflow(delta)
            guard !overflow, delta > 0 else { throw StorageError.corrupt("postings are not ascending") }
            document = sum
            if document >= target { return index }
            index &+= 1
        }
        return index
    }

    /// Appends the block of `documents` (ascending, ``count`` of them, the first after `previous`
    /// unless it starts a list, when `previous` is 0) with their `freqs`.
    static func write(documents: UnsafeBufferPointer<UInt32>, after previous: UInt32, freqs: UnsafeBufferPointer<UInt32>, into data: inout ByteWriter) {
        precondition(documents.count == count && freqs.count == count)
        var largestDelta: UInt32 = 0
        var last = previous
        for document in documents {
            largestDelta = max(largestDelta, document - last)
            last = document
        }
        let largestFrequency = freqs.reduce(0) { max($0, $1 - 1) }
        let deltaWidth = width(of: largestDelta)
        let frequencyWidth = largestFrequency == 0 ? 0 : width(of: largestFrequency)
        data.write(UInt8(deltaWidth | frequencyWidth << 4))
        last = previous
        for document in documents {
            write(document - last, width: deltaWidth, into: &data)
            last = document
        }
        if frequencyWidth > 0 {
            for frequency in freqs { write(frequency - 1, width: frequencyWidth, into: &data) }
        }
    }

    /// The fewest bytes of 1, 2 and 4 that hold `value`.
    private static func width(of value: UInt32) -> Int {
        value <= UInt32(UInt8.max) ? 1 : value <= UInt32(UInt16.max) ? 2 : 4
    }

    private static func write(_ value: UInt32, width: Int, into data: inout ByteWriter) {
        switch width {
        case 1: data.write(UInt8(value))
        case 2: data.write(UInt16(value))
        default: data.write(value)
        }
    }
}
