/// Numbers distinct byte strings densely (0, 1, 2, … in order of first appearance), keeping their
/// bytes in one arena: an open-addressing hash table over UTF-8 bytes, so that inverting a
/// segment's terms creates no `String` or array per term.
struct TermTable {
    /// Every term's bytes, back to back.
    private var arena: [UInt8] = []
    /// Term `n` occupies `arena[starts[n]..<starts[n + 1]]`.
    private var starts: [Int] = [0]
    /// Hash slots: term number + 1, or 0 when empty. The count is a power of two.
    private var slots: [UInt32]
    /// The full hash of each term, to skip most byte comparisons.
    private var hashes: [UInt32] = []

    /// Creates an empty table.
    init() { slots = [UInt32](repeating: 0, count: 64) }

    /// Number of distinct terms.
    var count: Int { hashes.count }

    /// The number of `term`, adding it when new.
    @inline(__always)
    mutating func number(of term: UnsafeRawBufferPointer) -> UInt32 {
        let hash = Self.hash(term)
        var mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let candidate = Int(entry - 1)
            if hashes[candidate] == hash && equals(candidate, term) { return UInt32(candidate) }
            slot = (slot + 1) & mask
        }
        let number = UInt32(hashes.count)
        arena.append(contentsOf: term)
        starts.append(arena.count)
        hashes.append(hash)
        slots[slot] = number + 1
        if hashes.count * 2 > slots.count {
            grow()
            mask = slots.count - 1
        }
        return number
    }

    /// Calls `body` with the bytes of term `number`.
    @inline(__always)
    func withTerm<Result>(_ number: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try arena.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[starts[number]..<starts[number + 1]])) }
    }

    /// The term numbers in ascending byte order of their terms.
    ///
    /// Sorts by each term's first eight bytes as one big-endian integer (zero-padded), which orders
    /// like the bytes themselves, and compares whole terms only on ties.
    func sortedNumbers() -> [Int] {
        arena.withUnsafeBytes { bytes in
            starts.withUnsafeBufferPointer { starts in
                func term(_ number: Int) -> UnsafeRawBufferPointer {
                    UnsafeRawBufferPointer(rebasing: bytes[starts[number]..<starts[number + 1]])
                }
                var keyed: [(prefix: UInt64, number: Int)] = (0..<count).map { number in
                    let term = term(number)
                    var prefix: UInt64 = 0
                    for index in 0..<8 { prefix = prefix << 8 | UInt64(index < term.count ? term[index] : 0) }
                    return (prefix, number)
                }
                keyed.sort { a, b in
                    a.prefix != b.prefix ? a.prefix < b.prefix : compareBytes(term(a.number), term(b.number)) < 0
                }
                return keyed.map(\.number)
            }
        }
    }

    private func equals(_ number: Int, _ term: UnsafeRawBufferPointer) -> Bool {
        let start = starts[number]
        guard starts[number + 1] - start == term.count else { return false }
        return arena.withUnsafeBytes { compareBytes(UnsafeRawBufferPointer(rebasing: $0[start..<start + term.count]), term) == 0 }
    }

    private mutating func grow() {
        var grown = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for number in 0..<hashes.count {
            var slot = Int(hashes[number]) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = UInt32(number + 1)
        }
        slots = grown
    }

    /// The table's 32-bit hash of `bytes`.
    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        UInt32(truncatingIfNeeded: byteHash(bytes))
    }
}
