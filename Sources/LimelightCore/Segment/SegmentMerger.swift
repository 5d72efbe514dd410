/// Merges segments into one, dropping deleted documents.
///
/// Each field's sorted dictionaries are merged in a single pass (a k-way merge of term cursors);
/// postings are renumbered and re-encoded, while positions, which do not depend on document ids,
/// are copied as encoded. Stored documents are copied as encoded too. Documents keep their
/// relative order.
enum SegmentMerger {
    struct Source: Sendable {
        var reader: SegmentReader
        var live: LiveDocuments
    }

    /// The new id of a deleted document in ``merge(_:)``'s internal mapping.
    private static let deleted = UInt32.max

    /// The merged segment's bytes, and for each source the new id of each of its documents
    /// (nil for deleted ones). Without `checksummed`, the footer checksum is left 0 (see
    /// ``SegmentWriter/finish(checksummed:)``).
    static func merge(_ sources: [Source], checksummed: Bool = true) throws -> (bytes: [UInt8], mapping: [[UInt32?]]) {
        var mapping: [[UInt32]] = []
        var next: UInt32 = 0
        for source in sources {
            var map = [UInt32](repeating: deleted, count: source.reader.documentCount)
            source.live.forEachLive { document in
                map[Int(document)] = next
                next += 1
            }
            mapping.append(map)
        }
        let documentCount = Int(next)

        var fieldKinds: [String: FieldKind] = [:]
        for source in sources {
            for name in source.reader.fieldNames {
                if let field = source.reader.field(name), fieldKinds[name] == nil { fieldKinds[name] = field.statistics.kind }
            }
        }
        // The key field must be field 0 so that every segment has it at the same place.
        let fieldNames = [keyFieldName] + fieldKinds.keys.filter { $0 != keyFieldName }.sorted()

        var writer = SegmentWriter()
        var statistics: [FieldStatistics] = []
        for (number, name) in fieldNames.enumerated() {
            let kind = fieldKinds[name] ?? .keyword
            let (fieldWriter, stats, lengths) = try mergeField(name, kind: kind, sources: sources, mapping: mapping, documentCount: documentCount)
            let field = UInt16(number)
            writer.addSection(.terms, field: field, fieldWriter.dictionarySection())
            writer.addSection(.postings, field: field, fieldWriter.postings.bytes)
            if kind == .text {
                writer.addSection(.positions, field: field, fieldWriter.positions.bytes)
                writer.addSection(.lengths, field: field, lengths.withUnsafeBytes { Array($0) })
            }
            statistics.append(stats)
        }

        var columnNames = Set<String>()
        for source in sources { columnNames.formUnion(source.reader.columnNames) }
        let numericNames = columnNames.sorted()
        for (i, name) in numericNames.enumerated() {
            var values = [Double](repeating: .nan, count: documentCount)
            for (s, source) in sources.enumerated() {
                guard let column = source.reader.column(name) else { continue }
                for (document, target) in mapping[s].enumerated() where target != deleted {
                    if let value = column.value(UInt32(document)) { values[Int(target)] = value }
                }
            }
            writer.addSection(.numbers, field: UInt16(i), values.withUnsafeBytes { Array($0) })
        }

        var stored = ByteWriter(capacity: sources.reduce(0) { $0 + $1.reader.storedByteCount })
        var offsets = ByteWriter(capacity: (documentCount + 1) * 8)
        var keys = KeyFilter.Builder(capacity: documentCount)
        var keyTable = KeyTable.Builder(capacity: documentCount)
        for (s, source) in sources.enumerated() {
            for (document, target) in mapping[s].enumerated() where target != deleted {
                offsets.write(UInt64(stored.count))
                let entry = try source.reader.storedEntry(UInt32(document))
                var reader = ByteReader(entry)
                let key = try reader.readSlice(try reader.readLength(limit: entry.count))
                keys.insert(key)
                keyTable.append(key)
                stored.write(bytes: entry)
            }
        }
        offsets.write(UInt64(stored.count))
        writer.addSection(.stored, stored.bytes)
        writer.addSection(.storedOffsets, offsets.bytes)
        writer.addSection(.keyFilter, keys.section())
        let keySections = keyTable.sections()
        writer.addSection(.keys, keySections.keys)
        writer.addSection(.keyOffsets, keySections.offsets)
        let meta = SegmentMeta(documentCount: documentCount, fields: statistics, numericFields: numericNames)
        writer.addSection(.meta, meta.encode())
        return (writer.finish(checksummed: checksummed), mapping.map { $0.map { $0 == deleted ? nil : $0 } })
    }

    private static func mergeField(
        _ name: String, kind: FieldKind, sources: [Source], mapping: [[UInt32]], documentCount: Int
    ) throws -> (FieldIndexWriter, FieldStatistics, [UInt16]) {
        var readers: [FieldReader?] = []
        var cursors: [TermCursor] = []
        var active: [Int] = []  // sources with a current term, ascending
        for (s, source) in sources.enumerated() {
            let field = source.reader.field(name)
            readers.append(field)
            let cursor = (field?.dictionary ?? TermDictionary.empty).makeCursor()
            if let field, field.statistics.kind == kind, try cursor.next() { active.append(s) }
            cursors.append(cursor)
        }

        var writer = FieldIndexWriter(kind: kind)
        var hasField = [Bool](repeating: false, count: documentCount)
        var matching: [Int] = []
        var documents: [UInt32] = []
        var freqs: [UInt32] = []
        var positionBytes: [UInt8] = []
        var positionEnds: [Int] = []
        while !active.isEmpty {
            // The smallest current term and the sources at it, in source order (so that the new
            // document ids come out ascending).
            var smallest = active[0]
            matching.removeAll(keepingCapacity: true)
            matching.append(smallest)
            for s in active.dropFirst() {
                let order = compareBytes(cursors[s].term, cursors[smallest].term)
                if order < 0 {
                    smallest = s
                    matching.removeAll(keepingCapacity: true)
                    matching.append(s)
                } else if order == 0 {
                    matching.append(s)
                }
            }
            documents.removeAll(keepingCapacity: true)
            freqs.removeAll(keepingCapacity: true)
            positionBytes.removeAll(keepingCapacity: true)
            positionEnds.removeAll(keepingCapacity: true)
            for s in matching {
                var postings = try readers[s]!.postings(for: cursors[s].info, withPositions: kind == .text)
                try mapping[s].withUnsafeBufferPointer { map in
                    while try postings.next() {
                        guard Int(postings.document) < map.count else {
                            throw StorageError.corrupt("postings of segment \(sources[s].reader.name) point past its documents")
                        }
                        let target = map[Int(postings.document)]
                        if target == deleted { continue }
                        documents.append(target)
                        freqs.append(postings.frequency)
                        hasField[Int(target)] = true
                        if kind == .text {
                            try postings.appendEncodedPositions(to: &positionBytes)
                            positionEnds.append(positionBytes.count)
                        }
                    }
                }
            }
            if !documents.isEmpty {
                let term = cursors[smallest].term
                documents.withUnsafeBufferPointer { documentBuffer in
                    freqs.withUnsafeBufferPointer { freqBuffer in
                        positionBytes.withUnsafeBytes { bytes in
                            positionEnds.withUnsafeBufferPointer { ends in
                                writer.add(
                                    term: term, documents: documentBuffer, freqs: freqBuffer,
                                    positions: kind == .text ? .encoded(bytes, ends: ends) : .none)
                            }
                        }
                    }
                }
            }
            var index = 0
            while index < active.count {
                let s = active[index]
                if matching.contains(s), !(try cursors[s].next()) {
                    active.remove(at: index)
                } else {
                    index += 1
                }
            }
        }

        let withField = hasField.lazy.filter { $0 }.count
        var lengths = kind == .text ? [UInt16](repeating: 0, count: documentCount) : []
        var totalLength: UInt64 = 0
        if kind == .text {
            for (s, field) in readers.enumerated() {
                guard let lengthTable = field?.lengthTable else { continue }
                for (document, target) in mapping[s].enumerated() where target != deleted {
                    let length = lengthTable.length(of: UInt32(document))
                    lengths[Int(target)] = UInt16(min(length, UInt32(UInt16.max)))
                    totalLength += UInt64(length)
                }
            }
        } else {
            totalLength = UInt64(withField)
        }
        let statistics = FieldStatistics(name: name, kind: kind, termCount: writer.termCount, totalLength: totalLength, documentCount: withField)
        return (writer, statistics, lengths)
    }
}
