/// Which terms of a field's dictionary contain each three-byte sequence, so that a substring scan
/// (infix and suffix wildcards) reads only the terms that can match instead of the whole
/// dictionary. Built in memory from a segment's dictionary the first time a field needs it; it
/// keeps a decoded copy of the dictionary too, since the terms a substring selects are scattered
/// and reading each from its front-coded block would cost more than testing it, and the span of
/// documents each term's postings cover, so that a search over a window of documents opens only
/// the postings that reach into it.
struct TrigramIndex: Sendable {
    /// Dictionaries smaller than this are scanned whole: building an index would cost more.
    static let minimumTermCount = 256

    /// Distinct trigrams, ascending (three bytes in the low 24 bits).
    private let keys: [UInt32]
    /// `ordinals[starts[i]..<starts[i + 1]]` are the terms holding `keys[i]`.
    private let starts: [UInt32]
    /// Term ordinals, ascending within each trigram.
    private let ordinals: [UInt32]
    /// The same ordinals, each trigram's ordered by the first document of the term's postings: a
    /// window of documents near the start of the segment reads only the first few.
    private let ordinalsByFirstDocument: [UInt32]
    /// Every term's bytes, one after the other in dictionary order.
    private let termBytes: [UInt8]
    /// `termBytes[termEnds[i - 1]..<termEnds[i]]` is the term of ordinal i (from 0 for the first).
    private let termEnds: [UInt32]
    /// Every term's dictionary entry, by ordinal.
    private let infos: [TermInfo]
    /// The first and last document of every term's postings, by ordinal.
    private let spans: [ClosedRange<UInt32>]

    /// Indexes every term of `field`.
    /// - Complexity: O(t log t) for t trigram occurrences, plus reading every posting once.
    init(_ field: FieldReader) throws {
        let dictionary = field.dictionary
        var pairs: [UInt64] = []
        var spans: [ClosedRange<UInt32>] = []
        spans.reserveCapacity(dictionary.termCount)
        var termBytes: [UInt8] = []
        var termEnds: [UInt32] = []
        var infos: [TermInfo] = []
        termEnds.reserveCapacity(dictionary.termCount)
        infos.reserveCapacity(dictionary.termCount)
        var scanner = TermScanner(dictionary, block: 0)
        defer { scanner.deallocate() }
        while try scanner.next() {
            let term = scanner.term
            termBytes.append(contentsOf: term)
            termEnds.append(UInt32(termBytes.count))
            infos.append(scanner.info)
            spans.append(try Self.span(of: scanner.info, in: field))
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
        var ordinalsByFirstDocument = ordinals
        for slot in keys.indices {
            ordinalsByFirstDocument[Int(starts[slot])..<Int(starts[slot + 1])].sort {
                (spans[Int($0)].lowerBound, $0) < (spans[Int($1)].lowerBound, $1)
            }
        }
        self.ordinalsByFirstDocument = ordinalsByFirstDocument
        self.keys = keys
        self.starts = starts
        self.ordinals = ordinals
        self.termBytes = termBytes
        self.termEnds = termEnds
        self.infos = infos
        self.spans = spans
    }

    /// The first and last document of a term's postings.
    private static func span(of info: TermInfo, in field: FieldReader) throws -> ClosedRange<UInt32> {
        var postings = try field.postings(for: info)
        guard try postings.next() else { throw StorageError.corrupt("a dictionary term has no postings") }
        let first = postings.document
        var last = first
        while try postings.next() { last = postings.document }
        return first...last
    }

    /// Terms of the index, by ordinal, with their entries and the spans of their postings.
    struct Terms {
        fileprivate let index: TrigramIndex
        fileprivate let ordinals: ArraySlice<UInt32>
        /// Whether the terms come in the order of their postings' first documents (otherwise in
        /// dictionary order).
        let isByFirstDocument: Bool

        /// The number of terms.
        var count: Int { ordinals.count }
        /// The entry of the `number`th term.
        func info(_ number: Int) -> TermInfo { index.infos[Int(ordinals[ordinals.startIndex + number])] }
        /// The first and last document of the `number`th term's postings.
        func span(_ number: Int) -> ClosedRange<UInt32> { index.spans[Int(ordinals[ordinals.startIndex + number])] }
    }

    /// The terms that hold every trigram of `substring` (at least three bytes) and pass `matches`,
    /// in dictionary order. When `isContainment` says that `matches` accepts exactly the terms
    /// containing `substring`, a three-byte substring's terms are its trigram's list as it stands,
    /// in the order of their first documents, and no term is tested.
    func terms(containing substring: [UInt8], isContainment: Bool, _ matches: (UnsafeRawBufferPointer) -> Bool) -> Terms {
        if isContainment && substring.count == 3 {
            let range = substring.withUnsafeBytes { self.list(ofTrigramAt: 0, in: $0) }
            return Terms(index: self, ordinals: range.map { ordinalsByFirstDocument[$0] } ?? [], isByFirstDocument: range != nil)
        }
        var kept = candidates(containing: substring)
        termBytes.withUnsafeBytes { bytes in
            kept.removeAll { ordinal in
                let index = Int(ordinal)
                let start = index == 0 ? 0 : Int(termEnds[index - 1])
                return !matches(UnsafeRawBufferPointer(rebasing: bytes[start..<Int(termEnds[index])]))
            }
        }
        return Terms(index: self, ordinals: kept[...], isByFirstDocument: false)
    }

    private static func key(_ bytes: UnsafeRawBufferPointer, _ index: Int) -> UInt64 {
        UInt64(bytes[index]) << 16 | UInt64(bytes[index + 1]) << 8 | UInt64(bytes[index + 2])
    }

    /// Where in `ordinals` (and `ordinalsByFirstDocument`) the terms holding the trigram at `index`
    /// of `bytes` are; nil when no term holds it.
    private func list(ofTrigramAt index: Int, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let key = UInt32(Self.key(bytes, index))
        let slot = DocumentSets.lowerBound(keys, key, from: 0)
        guard slot < keys.count, keys[slot] == key else { return nil }
        return Int(starts[slot])..<Int(starts[slot + 1])
    }

    /// The ordinals, ascending, of the terms holding every trigram of `substring` (at least three
    /// bytes): a superset of the terms that contain it. The shortest list drives; each of its
    /// ordinals is looked up in the others, which are never copied.
    private func candidates(containing substring: [UInt8]) -> [UInt32] {
        var lists: [Range<Int>] = []
        let found = substring.withUnsafeBytes { bytes in
            for index in 0...(bytes.count - 3) {
                guard let range = self.list(ofTrigramAt: index, in: bytes) else { return false }
                lists.append(range)
            }
            return true
        }
        guard found, !lists.isEmpty else { return [] }
        lists.sort { $0.count < $1.count }
        var result = Array(ordinals[lists[0]])
        for list in lists.dropFirst() where !result.isEmpty {
            var kept = 0
            var low = list.lowerBound
            for index in result.indices {
                let ordinal = result[index]
                low = DocumentSets.lowerBound(ordinals, ordinal, in: low..<list.upperBound)
                if low < list.upperBound && ordinals[low] == ordinal {
                    result[kept] = ordinal
                    kept += 1
                }
            }
            result.removeLast(result.count - kept)
        }
        return result
    }
}
