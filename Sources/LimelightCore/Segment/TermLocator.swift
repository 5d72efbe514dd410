#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The dictionary entries of every term of several text fields of a segment, found from memory
/// in one hash probe: an exact map from a term to its entry in each field holding it, built from
/// the fields' dictionaries.
///
/// A ranked query looks each whole word up in every ranked field. A dictionary search walks a
/// front-coded block, decoding entries until the term: a few cache misses and some hundred
/// nanoseconds, several times per word. Here a term's bytes and all its entries lie together,
/// reached through one slot of an open-addressing table: a lookup costs about two cache misses,
/// whatever the number of fields. The bytes are compared, so an answer is exact.
///
/// Built when a large segment is warmed, beside its ``TermPresenceFilter``; entries whose ordinal,
/// frequency or offsets outgrow 32 bits (segments of gigabytes) leave the locator unbuilt, and
/// lookups then search the dictionaries.
public struct TermLocator: Sendable {
    /// Open-addressing slots, a power of two: `hash tag << 32 | record offset + 1` (0: empty).
    private let slots: [UInt64]
    private let slotMask: Int
    /// The records, one per term, each starting on a word: `byte count | entry count << 16`,
    /// the term's bytes padded to a word, then per entry `field, ordinal, document frequency,
    /// postings offset, positions offset`.
    private let records: [UInt32]
    /// The number of fields (the places that entries name).
    public let fieldCount: Int
    /// The number of distinct terms.
    public let termCount: Int

    /// The words of one entry in a record.
    private static let entryWords = 5

    /// Builds the locator of `dictionaries` (a field's place is its index), or nil when an entry
    /// or the records outgrow 32 bits.
    public init?(_ dictionaries: [TermDictionary]) throws {
        let upperBound = dictionaries.reduce(0) { $0 + $1.termCount }
        var capacity = 16
        while capacity * 3 < upperBound * 4 { capacity *= 2 }  // at most three quarters full
        var slots = [UInt64](repeating: 0, count: capacity)
        var records: [UInt32] = []
        records.reserveCapacity(upperBound * 8)
        var termCount = 0
        // The dictionaries are sorted alike: merged, each term comes once with all its fields.
        let cursors = dictionaries.map { $0.makeCursor() }
        var live = try cursors.map { try $0.next() }
        var holding: [Int] = []  // the fields at the current term
        while true {
            var smallest: Int?
            for field in cursors.indices where live[field] {
                if let current = smallest, compareBytes(cursors[field].term, cursors[current].term) >= 0 { continue }
                smallest = field
            }
            guard let first = smallest else { break }
            let term = cursors[first].term
            let start = records.count
            guard term.count <= 0xFFFF, start < Int(UInt32.max) else { return nil }
            records.append(0)
            var word: UInt32 = 0
            for (index, byte) in term.enumerated() {
                word |= UInt32(byte) << (UInt32(index & 3) * 8)
                if index & 3 == 3 {
                    records.append(word.littleEndian)  // the bytes in order in memory
                    word = 0
                }
            }
            if term.count & 3 != 0 { records.append(word.littleEndian) }
            holding.removeAll(keepingCapacity: true)
            for field in first..<cursors.count where live[field] && (field == first || compareBytes(cursors[field].term, term) == 0) {
                let info = cursors[field].info
                for value in [field, info.ordinal, info.documentFrequency, info.postingsOffset, info.positionsOffset] {
                    guard let word = UInt32(exactly: value) else { return nil }
                    records.append(word)
                }
                holding.append(field)
            }
            records[start] = UInt32(term.count) | UInt32(holding.count) << 16
            let hash = byteHash(term)
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            slots[slot] = (hash >> 32) << 32 | UInt64(start + 1)
            termCount += 1
            // The first field last: `term` is its cursor's buffer, which moving overwrites.
            for field in holding.reversed() { live[field] = try cursors[field].next() }
        }
        self.slots = slots
        slotMask = capacity - 1
        self.records = records
        fieldCount = dictionaries.count
        self.termCount = termCount
    }

    /// The entry of `term` in each field (aligned with the dictionaries built from; nil where a
    /// field lacks it).
    public func entries(of term: String) -> [TermInfo?] {
        var term = term
        return term.withUTF8 { entries(of: UnsafeRawBufferPointer($0)) }
    }

    /// ``entries(of:)-(String)`` of a term's UTF-8 bytes.
    public func entries(of term: UnsafeRawBufferPointer) -> [TermInfo?] {
        var result = [TermInfo?](repeating: nil, count: fieldCount)
        guard let start = recordStart(of: term) else { return result }
        records.withUnsafeBufferPointer { records in
            let entries = Int(records[start] >> 16)
            var place = start + 1 + (term.count + 3) / 4
            for _ in 0..<entries {
                result[Int(records[place])] = TermInfo(
                    ordinal: Int(records[place + 1]), documentFrequency: Int(records[place + 2]),
                    postingsOffset: Int(records[place + 3]), positionsOffset: Int(records[place + 4]))
                place += Self.entryWords
            }
        }
        return result
    }

    /// The index in ``records`` of the record of `term`, or nil when no field holds it.
    private func recordStart(of term: UnsafeRawBufferPointer) -> Int? {
        let hash = byteHash(term)
        let tag = hash >> 32
        return slots.withUnsafeBufferPointer { slots in
            records.withUnsafeBufferPointer { records in
                var slot = Int(truncatingIfNeeded: hash) & slotMask
                while slots[slot] != 0 {
                    let value = slots[slot]
                    if value >> 32 == tag {
                        let start = Int(truncatingIfNeeded: value & 0xFFFF_FFFF) - 1
                        if Int(records[start] & 0xFFFF) == term.count,
                            term.isEmpty || memcmp(UnsafeRawPointer(records.baseAddress! + start + 1), term.baseAddress!, term.count) == 0
                        {
                            return start
                        }
                    }
                    slot = (slot + 1) & slotMask
                }
                return nil
            }
        }
    }

    /// The memory the locator takes, in bytes.
    public var byteCount: Int { slots.count * 8 + records.capacity * 4 }
}

/// What a warmed segment knows from memory about which of its text fields hold a term.
public struct TermPresence: Sendable {
    /// Which fields may hold a term or a term starting with a prefix.
    public let filter: TermPresenceFilter
    /// Where each whole term is; nil when its entries outgrow the locator.
    public let locator: TermLocator?
}
