/// A set of a segment's documents, one bit each: membership costs a shift and a mask.
struct DocumentBits {
    private var words: [UInt64]

    /// An empty set of documents below `count`.
    init(count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
    }

    /// Whether `document` is in the set.
    @inline(__always)
    func contains(_ document: UInt32) -> Bool {
        words[Int(document) >> 6] & (1 << UInt64(document & 63)) != 0
    }

    /// Puts `document` in the set.
    @inline(__always)
    mutating func insert(_ document: UInt32) {
        words[Int(document) >> 6] |= 1 << UInt64(document & 63)
    }
}
