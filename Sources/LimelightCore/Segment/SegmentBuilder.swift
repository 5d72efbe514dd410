/// Builds an immutable segment from documents: inverts terms into sorted dictionaries and
/// postings, records field lengths, numeric columns and stored documents.
enum SegmentBuilder {
    fileprivate struct Accumulator {
        var documents: [UInt32] = []
        var freqs: [UInt32] = []
        var positions: [UInt32] = []
    }

    private struct FieldState {
        var kind: FieldKind
        var terms: [String: Accumulator] = [:]
        var lengths: [UInt16] = []
        var totalLength: UInt64 = 0
        var documentCount = 0
    }

    /// Builds the bytes of a segment holding `documents`, which get ids 0..<count in order.
    /// - Complexity: O(total terms · log(distinct terms)).
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
            fields[0].terms[document.key, default: Accumulator()].append(doc: doc, position: 0)
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
                let kind = fields[number].kind
                for occurrence in field.terms {
                    fields[number].terms[occurrence.term, default: Accumulator()]
                        .append(doc: doc, position: kind == .text ? occurrence.position : 0)
                }
                if kind == .text {
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
        for (number, state) in fields.enumerated() {
            var fieldWriter = FieldIndexWriter(kind: state.kind)
            var sorted = state.terms.map { (Array($0.key.utf8), $0.value) }
            sorted.sort { $0.0.lexicographicallyPrecedes($1.0) }
            for (term, accumulator) in sorted {
                fieldWriter.add(term: term, documents: accumulator.documents, freqs: accumulator.freqs, positions: accumulator.positions)
            }
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
}

extension SegmentBuilder.Accumulator {
    fileprivate mutating func append(doc: UInt32, position: UInt32) {
        if let last = documents.last, last == doc {
            freqs[freqs.count - 1] += 1
        } else {
            documents.append(doc)
            freqs.append(1)
        }
        positions.append(position)
    }
}
