/// Builds an immutable segment from documents: inverts terms into sorted dictionaries and
/// postings, records field lengths, numeric columns and stored documents.
///
/// Inversion keeps, per field, a ``TermTable`` from term bytes to a dense term number and three
/// flat arrays of occurrences (term number, document, position). A counting sort by term number
/// then yields every term's postings in document order without allocating per term.
enum SegmentBuilder {
    private struct FieldState {
        var kind: FieldKind
        var terms = TermTable()
        var occurrenceTerms: [UInt32] = []
        var occurrenceDocuments: [UInt32] = []
        var occurrencePositions: [UInt32] = []
        var lengths: [UInt16] = []
        var totalLength: UInt64 = 0
        var documentCount = 0

        init(kind: FieldKind) { self.kind = kind }

        @inline(__always)
        mutating func add(_ term: String, document: UInt32, position: UInt32) {
            occurrenceTerms.append(number(of: term))
            occurrenceDocuments.append(document)
            if kind == .text { occurrencePositions.append(position) }
        }

        /// Adds a field's occurrences in one document (one access to this state for all of them).
        mutating func add(_ occurrences: UnsafeBufferPointer<TermOccurrence>, document: UInt32) {
            let isText = kind == .text
            for index in occurrences.indices {
                occurrenceTerms.append(number(of: occurrences[index].term))
                occurrenceDocuments.append(document)
                if isText { occurrencePositions.append(occurrences[index].position) }
            }
        }

        /// The term number of `term` in this field, read from its UTF-8 bytes in place (a term
        /// without contiguous UTF-8 is copied first).
        @inline(__always)
        private mutating func number(of term: String) -> UInt32 {
            if let number = term.utf8.withContiguousStorageIfAvailable({ terms.number(of: UnsafeRawBufferPointer($0)) }) { return number }
            var copy = term
            return copy.withUTF8 { terms.number(of: UnsafeRawBufferPointer($0)) }
        }
    }

    /// Builds the bytes of a segment holding `documents`, which get ids 0..<count in order.
    /// Without `checksummed`, the footer checksum is left 0 (see ``SegmentWriter/finish(checksummed:)``).
    /// - Complexity: O(occurrences + distinct terms · log(distinct terms)).
    static func build(_ documents: [IndexDocument], checksummed: Bool = true) -> [UInt8] {
        assemble(invertedSections(documents), documentSections(documents), checksummed: checksummed)
    }

    /// The sections of a segment's fields (dictionaries, postings, positions and lengths) and their
    /// statistics: the inverted half of ``build(_:checksummed:)``, which can run on one thread
    /// while ``documentSections(_:)`` runs on another.
    struct InvertedSections: Sendable {
        fileprivate var sections: [(kind: SegmentFormat.SectionKind, field: UInt16, bytes: [UInt8])] = []
        fileprivate var statistics: [FieldStatistics] = []
        fileprivate var documentCount = 0
    }

    /// The sections of a segment's documents (stored documents and their offsets, the key filter,
    /// the key table and the numeric columns): the other half of ``build(_:checksummed:)``.
    struct DocumentSections: Sendable {
        fileprivate var stored: [UInt8] = []
        fileprivate var storedOffsets: [UInt8] = []
        fileprivate var keyFilter: [UInt8] = []
        fileprivate var keys: (keys: [UInt8], offsets: [UInt8]) = ([], [])
        fileprivate var columns: [(name: String, bytes: [UInt8])] = []
    }

    /// Inverts the documents' fields.
    static func invertedSections(_ documents: [IndexDocument]) -> InvertedSections {
        var fieldNames: [String] = [keyFieldName]
        var fieldNumbers: [String: Int] = [keyFieldName: 0]
        var fields: [FieldState] = [FieldState(kind: .keyword)]
        var recentNumbers: [Int] = []
        let count = documents.count

        documents.withUnsafeBufferPointer { documents in
            for index in documents.indices {
                let doc = UInt32(index)
                fields[0].add(documents[index].key, document: doc, position: 0)
                fields[0].documentCount += 1
                documents[index].occurrences.withUnsafeBufferPointer { occurrences in
                    documents[index].fieldSpans.withUnsafeBufferPointer { documentFields in
                        for slot in documentFields.indices where documentFields[slot].field != keyFieldName {
                            // Documents usually list the same fields in the same order: try the field
                            // seen at this place in the previous document before hashing the name.
                            let number: Int
                            if slot < recentNumbers.count, fieldNames[recentNumbers[slot]] == documentFields[slot].field {
                                number = recentNumbers[slot]
                            } else if let existing = fieldNumbers[documentFields[slot].field] {
                                number = existing
                            } else {
                                number = fields.count
                                fieldNumbers[documentFields[slot].field] = number
                                fieldNames.append(documentFields[slot].field)
                                fields.append(FieldState(kind: documentFields[slot].kind))
                            }
                            if slot < recentNumbers.count { recentNumbers[slot] = number } else { recentNumbers.append(number) }
                            // A field holding words is at least one long, so that a length of 0
                            // tells that a document has no word in it (ranked phrase search relies on it).
                            let span = documentFields[slot]
                            let length = span.terms.isEmpty ? span.length : max(span.length, 1)
                            fields[number].add(UnsafeBufferPointer(rebasing: occurrences[span.terms]), document: doc)
                            if fields[number].kind == .text {
                                if fields[number].lengths.isEmpty { fields[number].lengths = [UInt16](repeating: 0, count: count) }
                                let total = UInt32(fields[number].lengths[index]) + length
                                fields[number].lengths[index] = UInt16(min(total, UInt32(UInt16.max)))
                            }
                            fields[number].totalLength += UInt64(length)
                            fields[number].documentCount += 1
                        }
                    }
                }
            }
        }

        var result = InvertedSections(documentCount: count)
        for number in fields.indices {
            let fieldWriter = invert(fields[number])
            let state = fields[number]
            let field = UInt16(number)
            result.sections.append((.terms, field, fieldWriter.dictionarySection()))
            result.sections.append((.postings, field, fieldWriter.postings.bytes))
            if state.kind == .text {
                result.sections.append((.positions, field, fieldWriter.positions.bytes))
                let lengths = state.lengths.isEmpty ? [UInt16](repeating: 0, count: count) : state.lengths
                result.sections.append((.lengths, field, lengths.withUnsafeBytes { Array($0) }))
            }
            result.statistics.append(FieldStatistics(
                name: fieldNames[number], kind: state.kind, termCount: fieldWriter.termCount,
                totalLength: state.totalLength, documentCount: state.documentCount))
            fields[number] = FieldState(kind: state.kind)  // release the occurrence arrays early
        }
        return result
    }

    /// Lays out the documents' stored bytes, keys and numbers.
    static func documentSections(_ documents: [IndexDocument]) -> DocumentSections {
        let count = documents.count
        var columnNumbers: [String: Int] = [:]
        var columns: [[Double]] = []
        var stored = ByteWriter(capacity: count * 64)
        var storedOffsets = ByteWriter(capacity: (count + 1) * 8)
        var keys = KeyFilter.Builder(capacity: count)
        var keyTable = KeyTable.Builder(capacity: count)
        for (index, document) in documents.enumerated() {
            for (name, value) in document.numbers {
                let column: Int
                if let existing = columnNumbers[name] {
                    column = existing
                } else {
                    column = columns.count
                    columnNumbers[name] = column
                    columns.append([Double](repeating: .nan, count: count))
                }
                columns[column][index] = value
            }
            storedOffsets.write(UInt64(stored.count))
            keys.insert(document.key)
            keyTable.append(document.key)
            stored.writeString(document.key)
            stored.writeBlob(document.stored)
        }
        storedOffsets.write(UInt64(stored.count))
        return DocumentSections(
            stored: stored.bytes, storedOffsets: storedOffsets.bytes, keyFilter: keys.section(), keys: keyTable.sections(),
            columns: columnNumbers.keys.sorted().map { name in (name, columns[columnNumbers[name]!].withUnsafeBytes { Array($0) }) })
    }

    /// The segment made of both halves, built from the same documents.
    static func assemble(_ inverted: InvertedSections, _ documents: DocumentSections, checksummed: Bool) -> [UInt8] {
        var writer = SegmentWriter()
        for section in inverted.sections { writer.addSection(section.kind, field: section.field, section.bytes) }
        for (i, column) in documents.columns.enumerated() { writer.addSection(.numbers, field: UInt16(i), column.bytes) }
        writer.addSection(.stored, documents.stored)
        writer.addSection(.storedOffsets, documents.storedOffsets)
        writer.addSection(.keyFilter, documents.keyFilter)
        writer.addSection(.keys, documents.keys.keys)
        writer.addSection(.keyOffsets, documents.keys.offsets)
        let meta = SegmentMeta(documentCount: inverted.documentCount, fields: inverted.statistics, numericFields: documents.columns.map(\.name))
        writer.addSection(.meta, meta.encode())
        return writer.finish(checksummed: checksummed)
    }

    /// Sorts a field's occurrences by term (counting sort, stable) and writes its postings.
    private static func invert(_ state: FieldState) -> FieldIndexWriter {
        let termCount = state.terms.count
        let isText = state.kind == .text
        var starts = [Int](repeating: 0, count: termCount + 1)
        for term in state.occurrenceTerms { starts[Int(term) + 1] += 1 }
        for i in 0..<termCount { starts[i + 1] += starts[i] }
        var cursor = starts
        let total = state.occurrenceTerms.count
        var sortedDocuments = [UInt32](repeating: 0, count: total)
        var sortedPositions = [UInt32](repeating: 0, count: isText ? total : 0)
        for i in 0..<total {
            let term = Int(state.occurrenceTerms[i])
            let slot = cursor[term]
            cursor[term] += 1
            sortedDocuments[slot] = state.occurrenceDocuments[i]
            if isText { sortedPositions[slot] = state.occurrencePositions[i] }
        }

        var writer = FieldIndexWriter(kind: state.kind)
        var documents: [UInt32] = []
        var freqs: [UInt32] = []
        sortedPositions.withUnsafeBufferPointer { positionBuffer in
            for term in state.terms.sortedNumbers() {
                documents.removeAll(keepingCapacity: true)
                freqs.removeAll(keepingCapacity: true)
                for slot in starts[term]..<starts[term + 1] {
                    let document = sortedDocuments[slot]
                    if documents.last == document {
                        freqs[freqs.count - 1] += 1
                    } else {
                        documents.append(document)
                        freqs.append(1)
                    }
                }
                let positions: TermPositions = isText ? .values(UnsafeBufferPointer(rebasing: positionBuffer[starts[term]..<starts[term + 1]])) : .none
                state.terms.withTerm(term) { termBytes in
                    documents.withUnsafeBufferPointer { documentBuffer in
                        freqs.withUnsafeBufferPointer { freqBuffer in
                            writer.add(term: termBytes, documents: documentBuffer, freqs: freqBuffer, positions: positions)
                        }
                    }
                }
            }
        }
        return writer
    }
}
