/// A Bloom filter over a segment's document keys, so that looking up a key a segment does not hold
/// (every key of a bulk load of new items) costs a few bit tests instead of a dictionary search.
///
/// Section layout: `probeCount u32 | bits (a power-of-two number of 64-bit little-endian words)`.
/// About 10 bits per key and 4 probes: roughly one false positive in 80 lookups.
struct KeyFilter {
    private static let probeCount = 4
    private static let bitsPerKey = 10

    /// The filter's bits (empty: the filter admits every key).
    private let words: UnsafeRawBufferPointer
    private let mask: UInt64

    /// Opens the filter stored in `section`.
    init(_ section: UnsafeRawBufferPointer) throws {
        var reader = ByteReader(section)
        guard try reader.readUInt32() == UInt32(Self.probeCount) else { throw StorageError.corrupt("key filter has an unknown probe count") }
        words = UnsafeRawBufferPointer(rebasing: section[reader.offset...])
        let bitCount = words.count * 8
        guard bitCount == 0 || (words.count % 8 == 0 && bitCount & (bitCount - 1) == 0) else {
            throw StorageError.corrupt("key filter size is not a power of two")
        }
        mask = UInt64(max(bitCount, 1) - 1)
    }

    /// Whether the segment may hold `key` (false: it certainly does not).
    func mayContain(_ key: UnsafeRawBufferPointer) -> Bool {
        guard !words.isEmpty else { return true }
        var (probe, step) = Self.probes(key)
        for _ in 0..<Self.probeCount {
            let bit = probe & mask
            let word = UInt64(littleEndian: words.loadUnaligned(fromByteOffset: Int(bit >> 6) * 8, as: UInt64.self))
            if word & (1 << (bit & 63)) == 0 { return false }
            probe = probe &+ step
        }
        return true
    }

    /// Collects keys into a filter sized for a known number of keys.
    struct Builder {
        private var words: [UInt64]
        private let mask: UInt64

        /// A builder for up to about `capacity` keys.
        init(capacity: Int) {
            var bitCount = 64
            while bitCount < capacity * KeyFilter.bitsPerKey { bitCount *= 2 }
            words = [UInt64](repeating: 0, count: bitCount / 64)
            mask = UInt64(bitCount - 1)
        }

        /// Adds a key.
        mutating func insert(_ key: UnsafeRawBufferPointer) {
            var (probe, step) = KeyFilter.probes(key)
            for _ in 0..<KeyFilter.probeCount {
                let bit = probe & mask
                words[Int(bit >> 6)] |= 1 << (bit & 63)
                probe = probe &+ step
            }
        }

        /// Adds a key given as a string.
        mutating func insert(_ key: String) {
            var key = key
            key.withUTF8 { insert(UnsafeRawBufferPointer($0)) }
        }

        /// The section bytes.
        func section() -> [UInt8] {
            var out = ByteWriter(capacity: 4 + words.count * 8)
            out.write(UInt32(KeyFilter.probeCount))
            for word in words { out.write(word) }
            return out.bytes
        }
    }

    /// The first probe and the step between probes (double hashing; the step is odd).
    @inline(__always)
    fileprivate static func probes(_ key: UnsafeRawBufferPointer) -> (UInt64, UInt64) {
        let hash = byteHash(key)
        return (hash, (hash >> 32 | hash << 32) | 1)
    }
}
