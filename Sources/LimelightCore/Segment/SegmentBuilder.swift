/// Builds an immutable segment from documents: inverts terms into sorted dictionaries and
/// postings, records field lengths, numeric columns and stored documents.
///
/// Inversion keeps, per field, one dictionary from term to a dense term number and three flat
/// arrays of occurrences (term number, document, position). A counting sort by term number then
/// yields every term's postings in document order without allocating per term.
enum SegmentBuilder {
    private struct FieldState {
        var kind: FieldKind
        var termNumbers: [String: UInt32] = [:]
        var terms: [String] = []
        var occurrenceTerms: [UInt32] = []
        var occurrenceDocuments: [UInt32] = []
        var occurrencePositions: [UInt32] = []
        var lengths: [UInt16] = []
        var totalLength: UInt64 = 0
        var documentCount = 0

        init(kind: FieldKind) { self.kind = kind }

        mutating func add(_ term: String, document: UInt32, position: UInt32) {
            let number: UInt32
            if let existing = termNumbers[term] {
                number = existing
            } else {
                number = UInt32(terms.count)
                termNumbers[term] = number
                terms.append(term)
            }
            occurrenceTerms.append(number)
            occurrenceDocuments.append(document)
            if kind == .text { occurrencePositions.append(position) }
        }
    }

    /// Builds the bytes of a segment holding `documents`, which get ids 0..<count in order.
    /// - Complexity: O(occurrences + distinct terms · log(distinct terms)).
    static func build(_ documents: [IndexDocument]) -> [UInt8] {
        var fieldNames: [String] = [keyFieldName]
        var fieldNumbers: [String: Int] = [keyFieldName: 0]
        var fields: [FieldState] = [FieldState(kind: .keyword)]
        var numbers: [String: [Double]] = [:]
        var stored = ByteWriter(capacity: documents.count * 64)
        var storedOffsets = ByteWriter(capacity: (documents.count + 1) * 8)
        let count = documents.count

        for (index, document) in documents.enumerated() {
            let doc = UInt32(index)
            fields[0].add(document.key, document: doc, position: 0)
            fields[0].documentCount += 1
            for field in document.fields where field.field != keyFieldName {
                let number: Int
                if let existing = fieldNumbers[field.field] {
                    number = existing
                } else {
                    number = fields.count
                    fieldNumbers[field.field] = number
                    fieldNames.append(field.field)
                    fields.append(FieldState(kind: field.kind))
                }
                for occurrence in field.terms {
                    fields[number].add(occurrence.term, document: doc, position: occurrence.position)
                }
                if fields[number].kind == .text {
                    if fields[number].lengths.isEmpty { fields[number].lengths = [UInt16](repeating: 0, count: count) }
                    let total = UInt32(fields[number].lengths[index]) + field.length
                    fields[number].lengths[index] = UInt16(min(total, UInt32(UInt16.max)))
                }
                fields[number].totalLength += UInt64(field.length)
                fields[number].documentCount += 1
            }
            for (name, value) in document.numbers {
                if numbers[name] == nil { numbers[name] = [Double](repeating: .nan, count: count) }
                numbers[name]![index] = value
            }
            storedOffsets.write(UInt64(stored.count))
            stored.writeString(document.key)
            stored.writeBlob(document.stored)
        }
        storedOffsets.write(UInt64(stored.count))

        var writer = SegmentWriter()
        var statistics: [FieldStatistics] = []
        for number in fields.indices {
            let fieldWriter = invert(fields[number])
            let state = fields[number]
            let field = UInt16(number)
            writer.addSection(.terms, field: field, fieldWriter.dictionarySection())
            writer.addSection(.postings, field: field, fieldWriter.postings.bytes)
            if state.kind == .text {
                writer.addSection(.positions, field: field, fieldWriter.positions.bytes)
                let lengths = state.lengths.isEmpty ? [UInt16](repeating: 0, count: count) : state.lengths
                writer.addSection(.lengths, field: field, lengths.withUnsafeBytes { Array($0) })
            }
            statistics.append(FieldStatistics(
                name: fieldNames[number], kind: state.kind, termCount: fieldWriter.termCount,
                totalLength: state.totalLength, documentCount: state.documentCount))
            fields[number] = FieldState(kind: state.kind)  // release the occurrence arrays early
        }
        let numericNames = numbers.keys.sorted()
        for (i, name) in numericNames.enumerated() {
            writer.addSection(.numbers, field: UInt16(i), numbers[name]!.withUnsafeBytes { Array($0) })
        }
        writer.addSection(.stored, stored.bytes)
        writer.addSection(.storedOffsets, storedOffsets.bytes)
        let meta = SegmentMeta(documentCount: count, fields: statistics, numericFields: numericNames)
        writer.addSection(.meta, meta.encode())
        return writer.finish()
    }

    /// Sorts a field's occurrences by term (counting sort, stable) and writes its postings.
    private static func invert(_ state: FieldState) -> FieldIndexWriter {
        let termCount = state.terms.count
        var starts = [Int](repeating: 0, count: termCount + 1)
        for term in state.occurrenceTerms { starts[Int(term) + 1] += 1 }
        for i in 0..<termCount { starts[i + 1] += starts[i] }
        var cursor = starts
        let total = state.occurrenceTerms.count
        var sortedDocuments = [UInt32](repeating: 0, count: total)
        var sortedPositions = [UInt32](repeating: 0, count: state.kind == .text ? total : 0)
        for i in 0..<total {
            let term = Int(state.occurrenceTerms[i])
            let slot = cursor[term]
            cursor[term] += 1
            sortedDocuments[slot] = state.occurrenceDocuments[i]
            if state.kind == .text { sortedPositions[slot] = state.occurrencePositions[i] }
        }
        var order = Array(0..<termCount)
        let termBytes = state.terms.map { Array($0.utf8) }
        order.sort { termBytes[$0].lexicographicallyPrecedes(termBytes[$1]) }

        var writer = FieldIndexWriter(kind: state.kind)
        var documents: [UInt32] = []
        var freqs: [UInt32] = []
        for term in order {
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
            documents.withUnsafeBufferPointer { documentBuffer in
                freqs.withUnsafeBufferPointer { freqBuffer in
                    sortedPositions.withUnsafeBufferPointer { positionBuffer in
                        let positions = state.kind == .text
                            ? UnsafeBufferPointer(rebasing: positionBuffer[starts[term]..<starts[term + 1]])
                            : UnsafeBufferPointer(rebasing: positionBuffer[0..<0])
                        writer.add(term: termBytes[term], documents: documentBuffer, freqs: freqBuffer, positions: positions)
                    }
                }
            }
        }
        return writer
    }
}
