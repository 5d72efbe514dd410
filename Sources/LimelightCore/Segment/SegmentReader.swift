import Synchronization

/// Read access to one field of a segment: its statistics, term dictionary, postings and lengths.
///
/// A class: searches pass a segment's readers around in lists of fields, which then hold one
/// reference each instead of copying every field's dictionary and statistics.
public final class FieldReader: @unchecked Sendable {
    // Safety: immutable views into the segment's bytes, kept alive by the owning SegmentReader.
    /// The field's statistics.
    public let statistics: FieldStatistics
    /// The term dictionary.
    public let dictionary: TermDictionary
    let postings: UnsafeRawBufferPointer
    let positions: UnsafeRawBufferPointer?
    let lengths: UnsafeRawBufferPointer?
    /// The segment's format version (the postings header differs between versions 2 and 3).
    let formatVersion: UInt32

    init(
        statistics: FieldStatistics, dictionary: TermDictionary, postings: UnsafeRawBufferPointer, positions: UnsafeRawBufferPointer?,
        lengths: UnsafeRawBufferPointer?, formatVersion: UInt32
    ) {
        self.statistics = statistics
        self.dictionary = dictionary
        self.postings = postings
        self.positions = positions
        self.lengths = lengths
        self.formatVersion = formatVersion
    }

    /// An iterator over the postings of a term found in this field's dictionary.
    /// - Parameter withPositions: decode positions too (text fields only).
    public func postings(for info: TermInfo, withPositions: Bool = false) throws -> PostingsIterator {
        try PostingsIterator(postings: postings, positions: withPositions ? positions : nil, info: info, formatVersion: formatVersion)
    }

    /// The field's length (in words) in `document`; 0 for keyword fields.
    @inline(__always)
    public func length(of document: UInt32) -> UInt32 { lengthTable.length(of: document) }

    /// The field's lengths as a value, for loops over many documents (which then keep the table
    /// at hand instead of reading it from the reader each time).
    public var lengthTable: FieldLengths { FieldLengths(lengths: lengths) }

    /// The bytes of this field's term dictionary, postings and positions sections.
    public var indexBytes: (terms: Int, postings: Int, positions: Int) {
        (dictionary.bytes.count, postings.count, positions?.count ?? 0)
    }

    /// The average field length over documents that have the field.
    public var averageLength: Double {
        statistics.documentCount == 0 ? 1 : max(1, Double(statistics.totalLength) / Double(statistics.documentCount))
    }
}

/// A field's length (in words) in each document of a segment.
public struct FieldLengths: @unchecked Sendable {
    // Safety: an immutable view into the segment's bytes, kept alive by the owning SegmentReader.
    @usableFromInline let lengths: UnsafeRawBufferPointer?

    /// The field's length in `document`; 0 for keyword fields.
    @inlinable
    public func length(of document: UInt32) -> UInt32 {
        guard let lengths, Int(document) * 2 + 2 <= lengths.count else { return 0 }
        return UInt32(UInt16(littleEndian: lengths.loadUnaligned(fromByteOffset: Int(document) * 2, as: UInt16.self)))
    }
}

/// A column of doubles, one per document (NaN where the document has no value).
public struct NumericColumn: @unchecked Sendable {
    // Safety: an immutable view into the segment's bytes, kept alive by the owning SegmentReader.
    @usableFromInline let bytes: UnsafeRawBufferPointer

    /// The value of `document`, or nil when it has none.
    @inlinable
    public func value(_ document: UInt32) -> Double? {
        let offset = Int(document) * 8
        guard offset + 8 <= bytes.count else { return nil }
        let value = Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        return value.isNaN ? nil : value
    }

    /// The smallest and largest value of the column, and whether some document has none.
    public struct Bounds: Sendable, Equatable {
        /// The smallest value (+infinity when no document has one).
        public var lowest = Double.infinity
        /// The largest value (-infinity when no document has one).
        public var highest = -Double.infinity
        /// Whether some document has no value.
        public var hasMissing = false
    }

    /// The column's bounds, in one pass over its values.
    public func bounds() -> Bounds {
        var result = Bounds()
        for document in 0..<UInt32(bytes.count / 8) {
            if let value = value(document) {
                result.lowest = Swift.min(result.lowest, value)
                result.highest = Swift.max(result.highest, value)
            } else {
                result.hasMissing = true
            }
        }
        return result
    }

    /// The documents below `limit` whose value lies in the range (a bound that is nil is open),
    /// ascending, in one pass over the column.
    public func documents(
        lower: Double?, upper: Double?, includeLower: Bool, includeUpper: Bool, limit: Int
    ) -> [UInt32] {
        guard let (low, high) = Self.closedBounds(lower, upper, includeLower, includeUpper) else { return [] }
        return select(count: min(limit, bytes.count / 8), low, high) { $0 }
    }

    /// The documents of `candidates` (ascending, below the column's count) whose value lies in
    /// the range, in order.
    public func documents(
        among candidates: [UInt32], lower: Double?, upper: Double?, includeLower: Bool, includeUpper: Bool
    ) -> [UInt32] {
        guard let (low, high) = Self.closedBounds(lower, upper, includeLower, includeUpper) else { return [] }
        let valueCount = UInt32(bytes.count / 8)
        return candidates.withUnsafeBufferPointer { candidates in
            select(count: candidates.count, low, high) { index in
                // A candidate past the column has no value: it reads as NaN, which no range holds.
                let document = candidates[index]
                return document < valueCount ? Int(document) : -1
            }
        }
    }

    /// Whether `document` has a value in the range (a bound that is nil is open).
    public func holds(_ document: UInt32, lower: Double?, upper: Double?, includeLower: Bool, includeUpper: Bool) -> Bool {
        guard let value = value(document) else { return false }
        if let lower, includeLower ? !(value >= lower) : !(value > lower) { return false }
        if let upper, includeUpper ? !(value <= upper) : !(value < upper) { return false }
        return true
    }

    /// The range as closed bounds (an open bound moves to the next representable value); nil
    /// when nothing can lie inside. NaN (no value) compares false with both, so it never does.
    static func closedBounds(
        _ lower: Double?, _ upper: Double?, _ includeLower: Bool, _ includeUpper: Bool
    ) -> (Double, Double)? {
        if let lower, lower.isNaN || (!includeLower && lower == .infinity) { return nil }
        if let upper, upper.isNaN || (!includeUpper && upper == -.infinity) { return nil }
        let low = lower.map { includeLower ? $0 : $0.nextUp } ?? -.infinity
        let high = upper.map { includeUpper ? $0 : $0.nextDown } ?? .infinity
        return (low, high)
    }

    /// The documents `document(i)` for i in `0..<count` whose value lies in `low...high`, in
    /// order; `document(i)` is -1 for a document without a slot. Written without branches on
    /// the values, a block at a time, so that a scan of the whole column runs at memory speed.
    @inline(__always)
    private func select(count: Int, _ low: Double, _ high: Double, _ document: (Int) -> Int) -> [UInt32] {
        var result: [UInt32] = []
        let block = 1024
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: block) { kept in
            var start = 0
            while start < count {
                let end = min(start + block, count)
                var found = 0
                for index in start..<end {
                    let slot = document(index)
                    let bits = slot < 0 ? Double.nan.bitPattern
                        : UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: slot &* 8, as: UInt64.self))
                    let value = Double(bitPattern: bits)
                    kept[found] = UInt32(truncatingIfNeeded: slot)
                    // Both comparisons as 0 or 1, combined arithmetically: a branch here would be
                    // mispredicted as often as values fall on either side of the bounds.
                    let aboveLow = unsafeBitCast(value >= low, to: UInt8.self)
                    let belowHigh = unsafeBitCast(value <= high, to: UInt8.self)
                    found &+= Int(aboveLow & belowHigh)
                }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: kept[0..<found]))
                start = end
            }
        }
        return result
    }
}

/// An immutable segment opened for reading (memory-mapped file or in-memory bytes).
///
/// Opening checks the magic numbers, the footer checksum over the whole file and every section's
/// bounds, so a damaged segment is reported as ``StorageError/corrupt(_:)`` rather than read.
public final class SegmentReader: @unchecked Sendable {
    // Safety: every stored property is immutable after init; the region keeps the bytes alive.
    /// The segment's name (its file name without extension, or a memory label).
    public let name: String
    /// A number no other reader opened by this process has, not even after this one is gone:
    /// caches key per-reader state by it rather than by object identity, which a later reader can
    /// reuse, or by a weak reference, which would make every retain of the reader take the
    /// runtime's slow path.
    public let serial: UInt64 = SegmentReader.nextSerial.add(1, ordering: .relaxed).newValue
    private static let nextSerial = Atomic<UInt64>(0)
    /// Number of documents, deleted or not.
    public let documentCount: Int
    private let region: MappedRegion
    private let fieldsByName: [String: FieldReader]
    /// The fields in the segment, by name.
    public var fieldNames: [String] { Array(fieldsByName.keys) }
    private let columns: [String: NumericColumn]
    private let stored: UnsafeRawBufferPointer
    private let storedOffsets: UnsafeRawBufferPointer
    private let keyFilter: KeyFilter
    /// The keys laid out together; nil in a segment written before the table existed.
    private let keyTable: KeyTable?
    private let keyField: FieldReader?
    /// The last list of text fields asked for by name, with their readers (see ``textFields(named:)``).
    private let lastTextFields = Mutex<(names: [String], places: [Int], readers: [FieldReader])?>(nil)
    /// The presence filter and term locator of the text fields of a field list (see
    /// ``prepareTermPresence(ofTextFieldsAmong:)``).
    private let textFieldPresence = Mutex<(names: [String], presence: TermPresence)?>(nil)
    /// Bounds of the columns that filters have been simplified with (see ``columnBounds(_:)``).
    private let knownColumnBounds = Mutex<[String: NumericColumn.Bounds]>([:])
    /// The last list of columns asked for by name, with what was found (see ``columnsWithBounds(named:)``).
    private let lastColumns = Mutex<(names: [String], found: [(column: NumericColumn, bounds: NumericColumn.Bounds)?])?>(nil)
    /// Trigram indexes of the fields whose dictionaries substring scans have needed.
    private let trigramIndexes = Mutex<[String: TrigramIndex]>([:])
    /// The columns that narrow ranges have needed sorted (see ``sortedColumn(_:)``).
    private let sortedColumns = Mutex<[String: SortedColumn]>([:])
    /// The size of the segment in bytes.
    public var byteCount: Int { region.bytes.count }
    /// Bytes per kind of section: "terms", "postings", "positions", "lengths", "numbers", "stored", "keys"…
    public let sectionBytes: [String: Int]

    /// Opens a segment over `region`, verifying its structure and checksum.
    public init(name: String, region: MappedRegion, verifyChecksum: Bool = true) throws {
        self.name = name
        self.region = region
        let bytes = region.bytes
        guard bytes.count >= 8 + SegmentFormat.footerSize else { throw StorageError.corrupt("segment \(name) is truncated") }
        var header = ByteReader(bytes)
        guard try header.readUInt32() == SegmentFormat.magic else { throw StorageError.corrupt("segment \(name) has a bad magic number") }
        let version = try header.readUInt32()
        guard SegmentFormat.readableVersions.contains(version) else { throw StorageError.unsupportedVersion("segment \(name) version \(version)") }
        var footer = ByteReader(bytes, offset: bytes.count - SegmentFormat.footerSize)
        let directoryOffset = Int(clamping: try footer.readUInt64())
        let sectionCount = Int(try footer.readUInt32())
        let checksum = try footer.readUInt32()
        guard try footer.readUInt32() == SegmentFormat.magic else { throw StorageError.corrupt("segment \(name) has a bad footer") }
        if verifyChecksum {
            let covered = UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 8)])
            guard CRC32C.checksum(covered) == checksum else { throw StorageError.corrupt("segment \(name) fails its checksum") }
        }
        guard directoryOffset <= bytes.count - SegmentFormat.footerSize,
            sectionCount <= (bytes.count - SegmentFormat.footerSize - directoryOffset) / SegmentFormat.directoryEntrySize
        else { throw StorageError.corrupt("segment \(name) has a bad section directory") }
        var sections: [SegmentFormat.SectionKey: UnsafeRawBufferPointer] = [:]
        var sectionBytes: [String: Int] = [:]
        var directory = ByteReader(bytes, offset: directoryOffset)
        for _ in 0..<sectionCount {
            let kind = try directory.readByte()
            _ = try directory.readByte()
            let field = try directory.readUInt16()
            let offset = Int(clamping: try directory.readUInt64())
            let length = Int(clamping: try directory.readUInt64())
            guard offset <= directoryOffset, length <= directoryOffset - offset else {
                throw StorageError.corrupt("segment \(name) section out of bounds")
            }
            sections[SegmentFormat.SectionKey(kind: kind, field: field)] = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
            let label = SegmentFormat.SectionKind(rawValue: kind).map { "\($0)" } ?? "unknown"
            sectionBytes[label == "storedOffsets" ? "stored" : label == "keyOffsets" ? "keys" : label, default: 0] += length
        }
        self.sectionBytes = sectionBytes
        func section(_ kind: SegmentFormat.SectionKind, _ field: UInt16 = SegmentFormat.noField) throws -> UnsafeRawBufferPointer {
            guard let found = sections[SegmentFormat.SectionKey(kind: kind.rawValue, field: field)] else {
                throw StorageError.corrupt("segment \(name) lacks a \(kind) section")
            }
            return found
        }
        let meta = try SegmentMeta.decode(try section(.meta))
        documentCount = meta.documentCount
        var fields: [String: FieldReader] = [:]
        for (number, statistics) in meta.fields.enumerated() {
            let field = UInt16(number)
            let lengths: UnsafeRawBufferPointer? = statistics.kind == .text ? try section(.lengths, field) : nil
            if let lengths, lengths.count != documentCount * 2 { throw StorageError.corrupt("segment \(name) field lengths size mismatch") }
            fields[statistics.name] = FieldReader(
                statistics: statistics,
                dictionary: try TermDictionary(
                    try section(.terms, field), hasPositions: statistics.kind == .text, blockSize: SegmentFormat.dictionaryBlockSize(version: version)),
                postings: try section(.postings, field),
                positions: statistics.kind == .text ? try section(.positions, field) : nil,
                lengths: lengths,
                formatVersion: version)
        }
        fieldsByName = fields
        keyField = fields[keyFieldName]
        var columns: [String: NumericColumn] = [:]
        for (number, columnName) in meta.numericFields.enumerated() {
            let column = try section(.numbers, UInt16(number))
            guard column.count == documentCount * 8 else { throw StorageError.corrupt("segment \(name) column \(columnName) size mismatch") }
            columns[columnName] = NumericColumn(bytes: column)
        }
        self.columns = columns
        stored = try section(.stored)
        storedOffsets = try section(.storedOffsets)
        keyFilter = try KeyFilter(try section(.keyFilter))
        if let keys = sections[SegmentFormat.SectionKey(kind: SegmentFormat.SectionKind.keys.rawValue, field: SegmentFormat.noField)] {
            keyTable = try KeyTable(keys: keys, offsets: try section(.keyOffsets), documentCount: documentCount)
        } else {
            keyTable = nil
        }
        guard storedOffsets.count == (documentCount + 1) * 8 else { throw StorageError.corrupt("segment \(name) stored offsets size mismatch") }
    }

    /// The field named `name`, or nil when no document of this segment has it.
    public func field(_ name: String) -> FieldReader? { fieldsByName[name] }

    /// The text fields among `names` that the segment has: their places in `names`, ascending,
    /// and their readers. The last list asked for is remembered: ranked queries ask for the same
    /// list every time, and recognising it (the same array) is cheaper than finding each field.
    public func textFields(named names: [String]) -> (places: [Int], readers: [FieldReader]) {
        if let last = lastTextFields.withLock({ $0 }), last.names == names { return (last.places, last.readers) }
        var places: [Int] = []
        var readers: [FieldReader] = []
        for (place, name) in names.enumerated() {
            guard let field = fieldsByName[name], field.statistics.kind == .text else { continue }
            places.append(place)
            readers.append(field)
        }
        lastTextFields.withLock { $0 = (names, places, readers) }
        return (places, readers)
    }

    /// Builds the presence filter and the term locator of the text fields among `names` (those
    /// ``textFields(named:)`` returns, in that order), which ``termPresence(ofTextFieldsAmong:)``
    /// then returns; a large segment's are built when it is warmed, ahead of ranked queries.
    public func prepareTermPresence(ofTextFieldsAmong names: [String]) throws {
        if textFieldPresence.withLock({ $0?.names == names }) { return }
        let readers = textFields(named: names).readers
        guard readers.count <= 64 else { return }
        let dictionaries = readers.map(\.dictionary)
        let presence = TermPresence(filter: try TermPresenceFilter(dictionaries), locator: try TermLocator(dictionaries))
        textFieldPresence.withLock { $0 = (names, presence) }
    }

    /// The presence filter and term locator of the text fields among `names`, their fields in the
    /// order of ``textFields(named:)``; nil until ``prepareTermPresence(ofTextFieldsAmong:)`` built
    /// them.
    public func termPresence(ofTextFieldsAmong names: [String]) -> TermPresence? {
        textFieldPresence.withLock { $0?.names == names ? $0?.presence : nil }
    }

    /// Builds the trigram indexes of the text fields whose dictionaries are large, ahead of the
    /// first infix or suffix query that would otherwise build them (tens of milliseconds for a
    /// dictionary of 100k terms).
    public func prepareSubstringScans() throws {
        for (name, field) in fieldsByName where field.statistics.kind == .text {
            _ = try trigramIndex(of: name)
        }
    }

    /// The trigram index of a field's dictionary, built on first use and kept with the segment; nil
    /// when the field is absent or its dictionary is small enough to scan whole.
    func trigramIndex(of name: String) throws -> TrigramIndex? {
        guard let field = fieldsByName[name], field.dictionary.termCount >= TrigramIndex.minimumTermCount else { return nil }
        return try trigramIndexes.withLock { indexes in
            if let built = indexes[name] { return built }
            let built = try TrigramIndex(field)
            indexes[name] = built
            return built
        }
    }

    /// The numeric column named `name`, or nil when no document of this segment has it.
    public func column(_ name: String) -> NumericColumn? { columns[name] }

    /// The columns named `names` (aligned with them; nil for those no document has) with their
    /// bounds (see ``columnBounds(_:)``). The last list asked for is remembered, as by
    /// ``textFields(named:)``: ranked queries read the same feature columns every time.
    public func columnsWithBounds(named names: [String]) -> [(column: NumericColumn, bounds: NumericColumn.Bounds)?] {
        if let last = lastColumns.withLock({ $0 }), last.names == names { return last.found }
        let found = names.map { name in columns[name].flatMap { column in columnBounds(name).map { (column, $0) } } }
        lastColumns.withLock { $0 = (names, found) }
        return found
    }

    /// The bounds of the column `name` (nil when no document has it), computed on first use:
    /// a range every document's value lies in (such as "not yet expired") can then be dropped
    /// from a query without reading the column per document.
    public func columnBounds(_ name: String) -> NumericColumn.Bounds? {
        if let known = knownColumnBounds.withLock({ $0[name] }) { return known }
        guard let column = columns[name] else { return nil }
        let bounds = column.bounds()
        knownColumnBounds.withLock { $0[name] = bounds }
        return bounds
    }

    /// The column `name` sorted by value (nil when no document has it), built on first use: a
    /// range that keeps a few of a large segment's documents then reads only those.
    public func sortedColumn(_ name: String) -> SortedColumn? {
        if let known = sortedColumns.withLock({ $0[name] }) { return known }
        guard let column = columns[name] else { return nil }
        let sorted = SortedColumn(column, count: documentCount)
        sortedColumns.withLock { $0[name] = sorted }
        return sorted
    }

    /// The names of the numeric columns.
    public var columnNames: [String] { Array(columns.keys) }

    /// The key and stored bytes of `document`.
    public func storedDocument(_ document: UInt32) throws -> (key: String, stored: [UInt8]) {
        var reader = ByteReader(try storedEntry(document))
        let key = try reader.readString()
        return (key, try reader.readBlob())
    }

    /// Calls `body` with the stored bytes of `document` in place (valid only during the call), so
    /// that decoding them copies nothing first.
    public func withStoredBytes<Result>(of document: UInt32, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        var reader = ByteReader(try storedEntry(document))
        _ = try reader.readBlobSlice()  // the key
        return try body(try reader.readBlobSlice())
    }

    /// The encoded stored entry of `document` (its length-prefixed key, then its length-prefixed
    /// stored bytes), as segments hold it.
    func storedEntry(_ document: UInt32) throws -> UnsafeRawBufferPointer {
        guard Int(document) < documentCount else { throw StorageError.invalidArgument("document \(document) out of range") }
        var offsets = ByteReader(storedOffsets, offset: Int(document) * 8)
        let start = Int(clamping: try offsets.readUInt64())
        let end = Int(clamping: try offsets.readUInt64())
        guard start <= end, end <= stored.count else { throw StorageError.corrupt("segment \(name) stored offsets out of bounds") }
        return UnsafeRawBufferPointer(rebasing: stored[start..<end])
    }

    /// Bytes of the stored documents section.
    var storedByteCount: Int { stored.count }

    /// The key of `document` (its stored bytes are not read).
    public func key(of document: UInt32) throws -> String {
        try withKey(of: document, ByteReader.string(fromUTF8:))
    }

    /// Calls `body` with the UTF-8 bytes of the key of `document` (valid only during the call),
    /// so that a caller taking the key apart needs no string of it whole.
    ///
    /// Inlinable, so that a caller naming a search's hits calls `body` directly, not through a
    /// closure context allocated for each hit.
    @inlinable
    public func withKey<Result>(of document: UInt32, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
        try body(try keyBytes(of: document))
    }

    /// Reads where the keys of `documents` start, one after another, before any of them is used,
    /// so that the cache misses of a search's hits (a key's offset, then its bytes, far apart in
    /// the segment for each hit) are waited for together rather than hit by hit as each is named.
    /// Documents out of range are passed over; a segment without a key table reads nothing.
    public func prefetchKeys(of documents: [UInt32]) {
        guard let keyTable else { return }
        Self.prefetchSink.store(keyTable.firstBytesSum(documents, documentCount: documentCount), ordering: .relaxed)
    }

    /// Where ``prefetchKeys(of:)`` leaves what it read, so that the reads are not optimized away.
    private static let prefetchSink = Atomic<Int>(0)

    /// The UTF-8 bytes of the key of `document`, valid while the reader is.
    @usableFromInline
    func keyBytes(of document: UInt32) throws -> UnsafeRawBufferPointer {
        guard Int(document) < documentCount else { throw StorageError.invalidArgument("document \(document) out of range") }
        if let keyTable { return try keyTable.key(of: document) }
        var reader = ByteReader(try storedEntry(document))
        let count = try reader.readLength(limit: reader.remaining)
        return try reader.readSlice(count)
    }

    /// The local id of the document with `key`, if the segment holds one (deleted or not).
    public func document(withKey key: String) throws -> UInt32? {
        var key = key
        return try key.withUTF8 { try document(withKey: UnsafeRawBufferPointer($0)) }
    }

    /// The local id of the document whose key has UTF-8 bytes `key` (deleted or not), if any.
    func document(withKey key: UnsafeRawBufferPointer) throws -> UInt32? {
        guard keyFilter.mayContain(key), let field = keyField, let info = try field.dictionary.lookup(key) else { return nil }
        var postings = try field.postings(for: info)
        var last: UInt32?
        while try postings.next() { last = postings.document }
        return last
    }
}
