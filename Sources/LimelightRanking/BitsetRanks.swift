/// Running counts of a bitset's set bits, so that a set bit's rank among them (the place of its
/// document in a list of the set ones) is one load and a population count.
enum BitsetRanks {
    /// How many bits of `words` are set before each word.
    static func runningCounts(_ words: [UInt64]) -> [UInt32] {
        var counts: [UInt32] = []
        counts.reserveCapacity(words.count)
        var before: UInt32 = 0
        for word in words {
            counts.append(before)
            before += UInt32(word.nonzeroBitCount)
        }
        return counts
    }
}
