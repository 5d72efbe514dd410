/// Merges segments into one, dropping deleted documents.
///
/// Terms are merged field by field from the sorted dictionaries; postings are decoded, renumbered
/// and re-encoded. Documents keep their relative order.
enum SegmentMerger {
    struct Source: Sendable {
        var reader: SegmentReader
        var live: LiveDocuments
    }

    /// The merged segment's bytes, and for each source the new id of each of its documents
    /// (nil for deleted ones).
    static func merge(_ sources: [Source]) throws -> (bytes: [UInt8], mapping: [[UInt32?]]) {
        var mapping: [[UInt32?]] = []
        var next: UInt32 = 0
        for source in sources {
            var map = [UInt32?](repeating: nil, count: source.reader.documentCount)
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
                for (document, target) in mapping[s].enumerated() {
                    if let target, let value = column.value(UInt32(document)) { values[Int(target)] = value }
                }
            }
            writer.addSection(.numbers, field: UInt16(i), values.withUnsafeBytes { Array($0) })
        }

        var stored = ByteWriter()
        var offsets = ByteWriter(capacity: (documentCount + 1) * 8)
        for (s, source) in sources.enumerated() {
            for (document, target) in mapping[s].enumerated() where target != nil {
                let entry = try source.reader.storedDocument(UInt32(document))
                offsets.write(UInt64(stored.count))
                stored.writeString(entry.key)
                stored.writeBlob(entry.stored)
            }
        }
        offsets.write(UInt64(stored.count))
        writer.addSection(.stored, stored.bytes)
        writer.addSection(.storedOffsets, offsets.bytes)
        let meta = SegmentMeta(documentCount: documentCount, fields: statistics, numericFields: numericNames)
        writer.addSection(.meta, meta.encode())
        return (writer.finish(), mapping)
    }

    private static func mergeField(
        _ name: String, kind: FieldKind, sources: [Source], mapping: [[UInt32?]], documentCount: Int
    ) throws -> (FieldIndexWriter, FieldStatistics, [UInt16]) {
        // Collect every (term, source, info) and sort by term then source, so each term's postings
        // come out in ascending new-document order.
        var entries: [(term: [UInt8], source: Int, info: TermInfo)] = []
        var readers: [FieldReader?] = []
        for (s, source) in sources.enumerated() {
            let field = source.reader.field(name)
            readers.append(field)
            guard let field, field.statistics.kind == kind else { continue }
            try field.dictionary.forEachTerm { term, info in
                entries.append((Array(term), s, info))
                return true
            }
        }
        entries.sort { $0.term == $1.term ? $0.source < $1.source : $0.term.lexicographicallyPrecedes($1.term) }

        var writer = FieldIndexWriter(kind: kind)
        var lengths = kind == .text ? [UInt16](repeating: 0, count: documentCount) : []
        var hasField = [Bool](repeating: false, count: documentCount)
        var index = 0
        var documents: [UInt32] = []
        var freqs: [UInt32] = []
        var positions: [UInt32] = []
        while index < entries.count {
            let term = entries[index].term
            documents.removeAll(keepingCapacity: true)
            freqs.removeAll(keepingCapacity: true)
            positions.removeAll(keepingCapacity: true)
            while index < entries.count && entries[index].term == term {
                let entry = entries[index]
                let field = readers[entry.source]!
                var postings = try field.postings(for: entry.info, withPositions: kind == .text)
                while try postings.next() {
                    guard Int(postings.document) < mapping[entry.source].count else {
                        throw StorageError.corrupt("postings of segment \(sources[entry.source].reader.name) point past its documents")
                    }
                    guard let target = mapping[entry.source][Int(postings.document)] else { continue }
                    documents.append(target)
                    freqs.append(postings.frequency)
                    hasField[Int(target)] = true
                    if kind == .text { positions.append(contentsOf: try postings.positions()) }
                }
                index += 1
            }
            if !documents.isEmpty {
                writer.add(term: term, documents: documents, freqs: freqs, positions: positions)
            }
        }
        var totalLength: UInt64 = 0
        if kind == .text {
            for (s, field) in readers.enumerated() {
                guard let field else { continue }
                for (document, target) in mapping[s].enumerated() {
                    if let target {
                        let length = field.length(of: UInt32(document))
                        lengths[Int(target)] = UInt16(min(length, UInt32(UInt16.max)))
                        totalLength += UInt64(length)
                    }
                }
            }
        } else {
            totalLength = UInt64(hasField.lazy.filter { $0 }.count)
        }
        let statistics = FieldStatistics(
            name: name, kind: kind, termCount: writer.termCount, totalLength: totalLength,
            documentCount: hasField.lazy.filter { $0 }.count)
        return (writer, statistics, lengths)
    }
}
