/// The positions of one term's documents, handed to ``FieldIndexWriter``.
enum TermPositions {
    /// Keyword fields: no positions.
    case none
    /// For each document in order, `freqs[i]` ascending positions.
    case values(UnsafeBufferPointer<UInt32>)
    /// Positions already encoded (as another segment wrote them): document `i`'s bytes end at
    /// `ends[i]`, and start where the previous document's end.
    case encoded(UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>)
}

/// Writes one field's term dictionary, postings and positions, given terms in ascending byte order.
///
/// Term dictionary section: `blockCount u32 | termCount u32 | blockIndex (blockCount × (firstTermOffset
/// u32, blockOffset u32)) | firstTermsLength u32 | firstTerms | blocks`. Each block holds up to
/// ``SegmentFormat/blockSize`` front-coded entries (see ``DictionaryEntry``): the term's suffix after
/// the prefix it shares with the previous term, its document frequency, and its postings and
/// (text fields only) positions offsets as deltas from the previous entry of the block.
///
/// Postings of a term: one entry per document, `varint((docDelta << 1) | (tf == 1))` followed by
/// `varint(tf)` when tf ≠ 1 (the first delta is the document id itself). When the document frequency
/// reaches ``SegmentFormat/skipInterval``, a header comes first, `varint(skipCount << 1 | isBitmap)`:
/// - entries (flag 0): `varint(skip table bytes)`, then per block of documents `lastDoc u32 |
///   byteOffset u32 | positionsOffset u32` (offsets relative to the data start; fixed width, so that
///   advancing searches the table instead of decoding it), then each full block as a
///   ``PackedBlock`` and the documents after the last full block as entries (a term whose offsets
///   outgrow 32 bits has no skip table and only entries);
/// - a bitmap (flag 1, keyword fields whose frequencies are all 1, when it is smaller than the
///   entries, as for terms most documents have): `varint(first document) | varint(byte count)`, then
///   bit i (least significant first) set when document `first + i` has the term.
///
/// Positions (text fields): per document, `tf` delta-coded varints.
struct FieldIndexWriter {
    let kind: FieldKind
    private var blocks = ByteWriter()
    private var firstTerms = ByteWriter()
    private var blockIndex: [(UInt32, UInt32)] = []
    private(set) var postings = ByteWriter()
    private(set) var positions = ByteWriter()
    private(set) var termCount = 0
    private var previousTerm: [UInt8] = []
    private var previousPostingsOffset = 0
    private var previousPositionsOffset = 0
    /// Scratch buffers for the entries and the skip table of terms with a skip table.
    private var skipData = ByteWriter()
    private var skipTable = ByteWriter()

    /// Terms per dictionary block (the current format's unless a test writes an older layout).
    let blockSize: Int

    init(kind: FieldKind, blockSize: Int = SegmentFormat.blockSize) {
        self.kind = kind
        self.blockSize = blockSize
    }

    /// Adds a term with its postings (`documents` ascending, `freqs[i]` the frequency in document i).
    mutating func add(
        term: UnsafeRawBufferPointer, documents: UnsafeBufferPointer<UInt32>, freqs: UnsafeBufferPointer<UInt32>,
        positions termPositions: TermPositions
    ) {
        precondition(!documents.isEmpty)
        if termCount % blockSize == 0 {
            blockIndex.append((UInt32(firstTerms.count), UInt32(blocks.count)))
            firstTerms.writeVarInt(term.count)
            firstTerms.write(bytes: term)
            previousTerm.removeAll(keepingCapacity: true)
            previousPostingsOffset = 0
            previousPositionsOffset = 0
        }
        let shared = previousTerm.withUnsafeBytes { commonPrefixLength($0, term) }
        blocks.writeVarInt(UInt64(term.count - shared) << 4 | UInt64(min(shared, 15)))
        if shared >= 15 { blocks.writeVarInt(shared - 15) }
        blocks.write(bytes: UnsafeRawBufferPointer(rebasing: term[shared...]))
        blocks.writeVarInt(documents.count)
        blocks.writeVarInt(postings.count - previousPostingsOffset)
        previousPostingsOffset = postings.count
        if kind == .text {
            blocks.writeVarInt(positions.count - previousPositionsOffset)
            previousPositionsOffset = positions.count
        }
        if documents.count >= SegmentFormat.skipInterval {
            if kind == .keyword, Self.bitmapIsSmaller(documents: documents, freqs: freqs) {
                writeBitmap(documents)
            } else {
                skipData.bytes.removeAll(keepingCapacity: true)
                let positionsStart = positions.count
                let skips = Self.writeEntries(
                    documents: documents, freqs: freqs, positions: termPositions, packsBlocks: true, into: &skipData, positionsOutput: &positions)
                skipTable.bytes.removeAll(keepingCapacity: true)
                let fits = skips.allSatisfy { _, offset, positionsOffset in offset <= UInt32.max && positionsOffset <= UInt32.max }
                if !fits {
                    // Packed blocks need the skip table to find their positions: without one, entries.
                    skipData.bytes.removeAll(keepingCapacity: true)
                    positions.bytes.removeSubrange(positionsStart...)
                    _ = Self.writeEntries(documents: documents, freqs: freqs, positions: termPositions, into: &skipData, positionsOutput: &positions)
                } else {
                    for (lastDoc, offset, positionsOffset) in skips {
                        skipTable.write(lastDoc)
                        skipTable.write(UInt32(offset))
                        skipTable.write(UInt32(positionsOffset))
                    }
                }
                postings.writeVarInt(UInt64(fits ? skips.count : 0) << 1)
                postings.writeVarInt(skipTable.count)
                postings.write(bytes: skipTable.bytes)
                postings.write(bytes: skipData.bytes)
            }
        } else {
            _ = Self.writeEntries(documents: documents, freqs: freqs, positions: termPositions, into: &postings, positionsOutput: &positions)
        }
        previousTerm.removeAll(keepingCapacity: true)
        previousTerm.append(contentsOf: term)
        termCount += 1
    }

    /// Whether a bitmap of the documents takes fewer bytes than their entries (every frequency must
    /// be 1, as a bitmap has none).
    private static func bitmapIsSmaller(documents: UnsafeBufferPointer<UInt32>, freqs: UnsafeBufferPointer<UInt32>) -> Bool {
        let span = Int(documents[documents.count - 1] - documents[0]) + 1
        let bitmapBytes = (span + 7) / 8
        var entryBytes = 0
        var previous: UInt32 = 0
        for i in 0..<documents.count {
            guard freqs[i] == 1 else { return false }
            let delta = UInt64(i == 0 ? documents[i] : documents[i] - previous) << 1 | 1
            entryBytes += (64 - delta.leadingZeroBitCount + 6) / 7
            previous = documents[i]
            if entryBytes > bitmapBytes + 64 { return true }
        }
        return bitmapBytes < entryBytes
    }

    /// Writes the header and bits of a bitmap term.
    private mutating func writeBitmap(_ documents: UnsafeBufferPointer<UInt32>) {
        let first = documents[0]
        let byteCount = (Int(documents[documents.count - 1] - first) + 8) / 8
        postings.writeVarInt(1)
        postings.writeVarInt(UInt64(first))
        postings.writeVarInt(byteCount)
        let start = postings.count
        postings.bytes.append(contentsOf: repeatElement(0, count: byteCount))
        for document in documents {
            let bit = Int(document - first)
            postings.bytes[start + (bit >> 3)] |= 1 << UInt8(bit & 7)
        }
    }

    /// Writes the documents (and positions) of one term; returns the skip entries. With
    /// `packsBlocks`, every full skip block is a ``PackedBlock``; the documents after the last
    /// full block, and all of them otherwise, are variable-length entries.
    private static func writeEntries(
        documents: UnsafeBufferPointer<UInt32>, freqs: UnsafeBufferPointer<UInt32>,
        positions termPositions: TermPositions, packsBlocks: Bool = false,
        into data: inout ByteWriter, positionsOutput positions: inout ByteWriter
    ) -> [(UInt32, Int, Int)] {
        var skips: [(UInt32, Int, Int)] = []
        let dataStart = data.count
        let positionsStart = positions.count
        let interval = SegmentFormat.skipInterval
        var positionIndex = 0
        func writePositions(of i: Int) {
            switch termPositions {
            case .none:
                break
            case .values(let values):
                var last: UInt32 = 0
                for _ in 0..<Int(freqs[i]) {
                    let position = values[positionIndex]
                    positions.writeVarInt(UInt64(position &- last))
                    last = position
                    positionIndex += 1
                }
            case .encoded(let bytes, let ends):
                let start = i == 0 ? 0 : ends[i - 1]
                positions.write(bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<ends[i]]))
            }
        }
        var i = 0
        while i < documents.count {
            let previous = i == 0 ? 0 : documents[i - 1]
            if packsBlocks && documents.count - i >= interval {
                PackedBlock.write(
                    documents: UnsafeBufferPointer(rebasing: documents[i..<i + interval]), after: previous,
                    freqs: UnsafeBufferPointer(rebasing: freqs[i..<i + interval]), into: &data)
                for block in i..<i + interval { writePositions(of: block) }
                i += interval
            } else {
                let tf = freqs[i]
                data.writeVarInt((UInt64(documents[i] - previous) << 1) | (tf == 1 ? 1 : 0))
                if tf != 1 { data.writeVarInt(UInt64(tf)) }
                writePositions(of: i)
                i += 1
            }
            if i % interval == 0 && i < documents.count {
                skips.append((documents[i - 1], data.count - dataStart, positions.count - positionsStart))
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
