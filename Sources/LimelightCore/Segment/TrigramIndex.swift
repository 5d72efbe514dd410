/// Which terms of a field's dictionary contain each three-byte sequence, so that a substring scan
/// (infix and suffix wildcards) reads only the terms that can match instead of the whole
/// dictionary. Built in memory from a segment's dictionary the first time a field needs it.
struct TrigramIndex: Sendable {
    /// Dictionaries smaller than this are scanned whole: building an index would cost more.
    static let minimumTermCount = 2048

    /// Distinct trigrams, ascending (three bytes in the low 24 bits).
    private let keys: [UInt32]
    /// `ordinals[starts[i]..<starts[i + 1]]` are the terms holding `keys[i]`.
    private let starts: [UInt32]
    /// Term ordinals, ascending within each trigram.
    private let ordinals: [UInt32]

    /// Indexes every term of `dictionary`.
    /// - Complexity: O(t log t) for t trigram occurrences.
    init(_ dictionary: TermDictionary) throws {
        var pairs: [UInt64] = []
        var scanner = TermScanner(dictionary, block: 0)
        defer { scanner.deallocate() }
        while try scanner.next() {
            let term = scanner.term
            guard term.count >= 3 else { continue }
            let ordinal = UInt64(scanner.info.ordinal)
            for index in 0...(term.count - 3) {
                pairs.append(Self.key(term, index) << 32 | ordinal)
            }
        }
        pairs.sort()
        var keys: [UInt32] = []
        var starts: [UInt32] = []
        var ordinals: [UInt32] = []
        ordinals.reserveCapacity(pairs.count)
        var previous = UInt64.max
        for pair in pairs where pair != previous {
            let key = UInt32(pair >> 32)
            if keys.last != key {
                keys.append(key)
                starts.append(UInt32(ordinals.count))
            }
            ordinals.append(UInt32(truncatingIfNeeded: pair))
            previous = pair
        }
        starts.append(UInt32(ordinals.count))
        self.keys = keys
        self.starts = starts
        self.ordinals = ordinals
    }

    private static func key(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        UInt64(bytes[index]) << 16 | UInt64(bytes[index + 1]) << 8 | UInt64(bytes[index + 2])
    }

    /// The ordinals, ascending, of the terms holding every trigram of `substring` (at least three
    /// bytes): a superset of the terms that contain it.
    func candidates(containing substring: [UInt8]) -> [UInt32] {
        var lists: [Range<Int>] = []
        substring.withUnsafeBytes { bytes in
            for index in 0...(bytes.count - 3) {
                let key = UInt32(Self.key(bytes, index))
                let slot = DocumentSets.lowerBound(keys, key, from: 0)
                guard slot < keys.count, keys[slot] == key else {
                    lists = []
                    return
                }
                lists.append(Int(starts[slot])..<Int(starts[slot + 1]))
            }
        }
        guard !lists.isEmpty else { return [] }
        lists.sort { $0.count < $1.count }
        var result = Array(ordinals[lists[0]])
        for list in lists.dropFirst() where !result.isEmpty {
            let others = Array(ordinals[list])
            result = DocumentSets.intersect(result, others)
        }
        return result
    }
}
