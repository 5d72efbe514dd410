/// Sorts 64-bit keys whose high half is a document number (and whose low half is a payload: an
/// index, a frequency) by document, keeping keys with the same document in their order: a least
/// significant digit radix sort over the bits the document numbers use.
///
/// Merging many terms' postings and summing a word's contributions per document list up to
/// thousands of such keys per query; a radix sort over the one to three bytes of a segment's
/// document numbers takes a fraction of the time of a comparison sort.
public enum DocumentKeySort {
    /// Sorts `keys` by their high 32 bits, stably. The passes cover the bits of the highest
    /// document present (so a corrupt document number beyond the segment is ordered too).
    public static func sort(_ keys: inout [UInt64]) {
        guard keys.count > 1 else { return }
        guard keys.count >= 256 else {
            // Short lists: a comparison sort (the standard library's is documented as stable)
            // costs less than the digit counts.
            keys.sort { $0 >> 32 < $1 >> 32 }
            return
        }
        let highest = (keys.max() ?? 0) >> 32
        let bits = max(1, UInt64.bitWidth - highest.leadingZeroBitCount)
        let passes = (bits + 10) / 11
        let width = (bits + passes - 1) / passes
        let radix = 1 << width
        let mask = UInt64(radix - 1)
        var buffer = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: radix)
        for pass in 0..<passes {
            let shift = UInt64(32 + pass * width)
            for index in counts.indices { counts[index] = 0 }
            for key in keys { counts[Int((key >> shift) & mask)] += 1 }
            var total = 0
            for index in counts.indices {
                let count = counts[index]
                counts[index] = total
                total += count
            }
            for key in keys {
                let digit = Int((key >> shift) & mask)
                buffer[counts[digit]] = key
                counts[digit] += 1
            }
            swap(&keys, &buffer)
        }
    }
}
