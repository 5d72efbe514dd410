/// Writes one field's term dictionary, postings and positions, given terms in ascending byte order.
///
/// Term dictionary section: `blockCount u32 | termCount u32 | blockIndex (blockCount × (firstTermOffset
/// u32, blockOffset u32)) | firstTermsLength u32 | firstTerms | blocks`. Each block holds up to
/// ``SegmentFormat/blockSize`` front-coded entries: `shared varint | suffixLength varint | suffix |
/// documentFrequency varint | postingsOffset varint | positionsOffset varint`.
///
/// Postings of a term: when the document frequency reaches ``SegmentFormat/skipInterval``, a skip
/// table first (`count varint`, then per block of documents `lastDoc varint | byteOffset varint |
/// positionsOffset varint`, offsets relative to the data start), then one entry per document:
/// `varint((docDelta << 1) | (tf == 1))` followed by `varint(tf)` when tf ≠ 1. The first delta is the
/// document id itself. Positions (text fields): per document, `tf` delta-coded varints.
struct FieldIndexWriter {
    let kind: FieldKind
    private var blocks = ByteWriter()
    private var firstTerms = ByteWriter()
    private var blockIndex: [(UInt32, UInt32)] = []
    private(set) var postings = ByteWriter()
    private(set) var positions = ByteWriter()
    private(set) var termCount = 0
    private var previousTerm: [UInt8] = []

    init(kind: FieldKind) { self.kind = kind }

    /// Adds a term with its postings. `positions` holds, for each document in order, `freqs[i]`
    /// positions (ignored for keyword fields).
    mutating func add(term: [UInt8], documents: [UInt32], freqs: [UInt32], positions termPositions: [UInt32]) {
        documents.withUnsafeBufferPointer { documents in
            freqs.withUnsafeBufferPointer { freqs in
                termPositions.withUnsafeBufferPointer { positions in
                    add(term: term, documents: documents, freqs: freqs, positions: positions)
                }
            }
        }
    }

    /// Adds a term with its postings (see the array form).
    mutating func add(
        term: [UInt8], documents: UnsafeBufferPointer<UInt32>, freqs: UnsafeBufferPointer<UInt32>,
        positions termPositions: UnsafeBufferPointer<UInt32>
    ) {
        precondition(!documents.isEmpty)
        if termCount % SegmentFormat.blockSize == 0 {
            blockIndex.append((UInt32(firstTerms.count), UInt32(blocks.count)))
            firstTerms.writeVarInt(term.count)
            firstTerms.write(bytes: term)
            previousTerm.removeAll(keepingCapacity: true)
        }
        var shared = 0
        let limit = min(previousTerm.count, term.count)
        while shared < limit && previousTerm[shared] == term[shared] { shared += 1 }
        blocks.writeVarInt(shared)
        blocks.writeVarInt(term.count - shared)
        blocks.write(bytes: term[shared...])
        blocks.writeVarInt(documents.count)
        blocks.writeVarInt(postings.count)
        blocks.writeVarInt(kind == .text ? positions.count : 0)
        if documents.count >= SegmentFormat.skipInterval {
            var data = ByteWriter(capacity: documents.count * 2)
            let skips = Self.writeEntries(kind: kind, documents: documents, freqs: freqs, positions: termPositions, into: &data, positionsOutput: &positions)
            postings.writeVarInt(skips.count)
            for (lastDoc, offset, positionsOffset) in skips {
                postings.writeVarInt(UInt64(lastDoc))
                postings.writeVarInt(offset)
                postings.writeVarInt(positionsOffset)
            }
            postings.write(bytes: data.bytes)
        } else {
            _ = Self.writeEntries(kind: kind, documents: documents, freqs: freqs, positions: termPositions, into: &postings, positionsOutput: &positions)
        }
        previousTerm.removeAll(keepingCapacity: true)
        previousTerm.append(contentsOf: term)
        termCount += 1
    }

    /// Writes the document entries (and positions) of one term; returns the skip entries.
    private static func writeEntries(
        kind: FieldKind, documents: UnsafeBufferPointer<UInt32>, freqs: UnsafeBufferPointer<UInt32>,
        positions termPositions: UnsafeBufferPointer<UInt32>, into data: inout ByteWriter, positionsOutput positions: inout ByteWriter
    ) -> [(UInt32, Int, Int)] {
        var skips: [(UInt32, Int, Int)] = []
        let dataStart = data.count
        let positionsStart = positions.count
        var previous: UInt32 = 0
        var positionIndex = 0
        for i in 0..<documents.count {
            let document = documents[i]
            let delta = i == 0 ? document : document - previous
            let tf = freqs[i]
            data.writeVarInt((UInt64(delta) << 1) | (tf == 1 ? 1 : 0))
            if tf != 1 { data.writeVarInt(UInt64(tf)) }
            if kind == .text {
                var last: UInt32 = 0
                for _ in 0..<Int(tf) {
                    let position = termPositions[positionIndex]
                    positions.writeVarInt(UInt64(position &- last))
                    last = position
                    positionIndex += 1
                }
            }
            previous = document
            if (i + 1) % SegmentFormat.skipInterval == 0 && i + 1 < documents.count {
                skips.append((document, data.count - dataStart, positions.count - positionsStart))
            }
        }
        return skips
    }

    /// The finished term dictionary section.
    func dictionarySection() -> [UInt8] {
        var out = ByteWriter(capacity: blocks.count + firstTerms.count + blockIndex.count * 8 + 16)
        out.write(UInt32(blockIndex.count))
        out.write(UInt32(termCount))
        for (termOffset, blockOffset) in blockIndex {
            out.write(termOffset)
            out.write(blockOffset)
        }
        out.write(UInt32(firstTerms.count))
        out.write(bytes: firstTerms.bytes)
        out.write(bytes: blocks.bytes)
        return out.bytes
    }
}
