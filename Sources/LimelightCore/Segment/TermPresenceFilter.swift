/// Which of several text fields of a segment may hold a term, or a term starting with a prefix,
/// answered from one cache line: a blocked Bloom filter over (term, field) pairs and (leading
/// bytes, field) pairs, built in memory from the fields' dictionaries.
///
/// A ranked query looks each word up in every ranked field a segment has; a rare word is usually
/// in one or two of them, and each dictionary search costs a few cache misses. The filter says in
/// one which fields certainly lack the term, or any term starting with a typed prefix (never
/// wrongly), so only the others are searched. The prefix entries hold the first
/// ``prefixLength`` bytes of each term at least that long: a longer prefix is tested by those.
/// Twelve bits per entry and three probes: about one false "may hold" in 50. A warmed segment finds
/// whole words through the ``TermLocator`` built beside the filter, which answers exactly; the
/// filter's term entries serve when the locator cannot be built (entries past 32 bits).
public struct TermPresenceFilter: Sendable {
    /// 512-bit blocks, eight words each.
    private let words: [UInt64]
    private let blockMask: UInt64
    /// The number of fields (at most 64).
    public let fieldCount: Int

    private static let bitsPerEntry = 12

    /// The length in bytes of the prefixes the filter holds: prefixes of this length or longer
    /// can be tested (shorter ones start too many words to be worth it).
    public static let prefixLength = 4

    /// Builds the filter of `dictionaries` (at most 64; a field's place is its index).
    public init(_ dictionaries: [TermDictionary]) throws {
        precondition(dictionaries.count <= 64, "a presence filter covers at most 64 fields")
        // Terms sharing their leading bytes are adjacent, so each field's distinct prefixes are
        // found in one pass; their hashes are kept until the filter, sized by their count, is made.
        var prefixHashes: [[UInt64]] = []
        var entries = 0
        for dictionary in dictionaries {
            var hashes: [UInt64] = []
            try Self.forEachDistinctPrefix(in: dictionary) { hashes.append(Self.prefixHash($0)) }
            entries += dictionary.termCount + hashes.count
            prefixHashes.append(hashes)
        }
        var blockCount = 1
        while blockCount * 512 < entries * Self.bitsPerEntry { blockCount *= 2 }
        var words = [UInt64](repeating: 0, count: blockCount * 8)
        let blockMask = UInt64(blockCount - 1)
        func insert(_ hash: UInt64, field: Int) {
            let base = Int((hash >> 32) & blockMask) * 8
            let (first, second, third) = Self.bits(hash, field: field)
            for bit in [first, second, third] { words[base + bit >> 6] |= 1 << UInt64(bit & 63) }
        }
        for (field, dictionary) in dictionaries.enumerated() {
            try dictionary.forEachTerm { term, _ in
                insert(byteHash(term), field: field)
                return true
            }
            for hash in prefixHashes[field] { insert(hash, field: field) }
        }
        self.words = words
        self.blockMask = blockMask
        fieldCount = dictionaries.count
    }

    /// Calls `body` with each distinct ``prefixLength``-byte prefix of the dictionary's terms.
    private static func forEachDistinctPrefix(in dictionary: TermDictionary, _ body: (UnsafeRawBufferPointer) -> Void) throws {
        var previous: [UInt8] = []
        try dictionary.forEachTerm { term, _ in
            guard term.count >= prefixLength else { return true }
            let prefix = UnsafeRawBufferPointer(rebasing: term[..<prefixLength])
            if !previous.elementsEqual(prefix) {
                previous = Array(prefix)
                body(prefix)
            }
            return true
        }
    }

    /// The hash of a prefix entry, distinct from the term of the same bytes.
    @inline(__always)
    private static func prefixHash(_ prefix: UnsafeRawBufferPointer) -> UInt64 {
        byteHash(prefix) ^ 0x5851_F42D_4C95_7F2D
    }

    /// Bit `i` is set when field `i` may hold `term` (clear: it certainly does not).
    public func fields(mayHolding term: String) -> UInt64 {
        var term = term
        return term.withUTF8 { fields(mayHolding: UnsafeRawBufferPointer($0)) }
    }

    /// ``fields(mayHolding:)-(String)`` of a term's UTF-8 bytes.
    public func fields(mayHolding term: UnsafeRawBufferPointer) -> UInt64 {
        fields(matchingHash: byteHash(term))
    }

    /// Bit `i` is set when field `i` may hold a term starting with `prefix` (clear: it certainly
    /// holds none); every bit is set for a prefix shorter than ``prefixLength`` bytes.
    public func fields(mayHoldingTermsStartingWith prefix: String) -> UInt64 {
        var prefix = prefix
        return prefix.withUTF8 { utf8 in
            guard utf8.count >= Self.prefixLength else { return .max }
            return fields(matchingHash: Self.prefixHash(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[..<Self.prefixLength])))
        }
    }

    /// The fields whose three bits for `hash` are all set.
    private func fields(matchingHash hash: UInt64) -> UInt64 {
        let base = Int((hash >> 32) & blockMask) * 8
        var result: UInt64 = 0
        words.withUnsafeBufferPointer { words in
            @inline(__always) func isSet(_ bit: Int) -> Bool { words[base + bit >> 6] & (1 << UInt64(bit & 63)) != 0 }
            for field in 0..<fieldCount {
                let (first, second, third) = Self.bits(hash, field: field)
                if isSet(first) && isSet(second) && isSet(third) { result |= 1 << UInt64(field) }
            }
        }
        return result
    }

    /// The three bits, within a 512-bit block, of a term's hash in one field.
    @inline(__always)
    private static func bits(_ hash: UInt64, field: Int) -> (Int, Int, Int) {
        let mixed = (hash ^ (UInt64(field + 1) &* 0x9E37_79B9_7F4A_7C15)) &* 0xD6E8_FEB8_6659_FD93
        return (Int(mixed & 511), Int((mixed >> 9) & 511), Int((mixed >> 18) & 511))
    }

    /// The memory the filter takes, in bytes.
    public var byteCount: Int { words.count * 8 }
}
