import LimelightTestSupport
import Testing

@testable import LimelightCore

/// Format 6's packed blocks: every width of gaps and frequencies reads back as written, and a block
/// that is damaged is reported, never misread.
@Suite struct PackedBlockTests {
    /// 32 ascending documents after `previous` with the given largest gap, and frequencies with the
    /// given largest value.
    private func block(after previous: UInt32, largestGap: UInt32, largestFrequency: UInt32) -> (documents: [UInt32], freqs: [UInt32]) {
        var documents: [UInt32] = []
        var last = previous
        for index in 0..<PackedBlock.count {
            last += index == 7 ? largestGap : UInt32(1 + index % 3)
            documents.append(last)
        }
        var freqs: [UInt32] = []
        for index in 0..<PackedBlock.count {
            if index == 20 {
                freqs.append(largestFrequency)
            } else {
                freqs.append(largestFrequency > 1 && index % 2 == 1 ? 2 : 1)
            }
        }
        return (documents, freqs)
    }

    private func written(_ documents: [UInt32], after previous: UInt32, _ freqs: [UInt32]) -> [UInt8] {
        var writer = ByteWriter()
        writer.write(UInt8(0xEE))  // a byte before the block, so that offsets are not 0
        documents.withUnsafeBufferPointer { documents in
            freqs.withUnsafeBufferPointer { freqs in PackedBlock.write(documents: documents, after: previous, freqs: freqs, into: &writer) }
        }
        return writer.bytes
    }

    @Test(arguments: [(UInt32(3), 1), (300, 2), (70_000, 4)], [(UInt32(1), 0), (2, 1), (300, 2), (70_000, 4)])
    func everyWidthReadsBack(_ gap: (UInt32, Int), _ frequency: (UInt32, Int)) throws {
        let previous: UInt32 = 1_000
        let (documents, freqs) = block(after: previous, largestGap: gap.0, largestFrequency: frequency.0)
        let bytes = written(documents, after: previous, freqs)
        try bytes.withUnsafeBytes { buffer in
            let layout = try PackedBlock(in: buffer, at: 1)
            #expect(layout.deltaWidth == gap.1)
            #expect(layout.frequencyWidth == frequency.1)
            #expect(layout.end == buffer.count)
            // Scanning from each document to each target lands on the first document at or after it.
            for start in [0, 5, 31] {
                for target in [documents[start], documents[start] + 1, documents[min(start + 9, 31)], documents[31]] where target <= documents[31] {
                    var current = start == 0 ? previous : documents[start - 1]
                    let index = try layout.scan(buffer, from: start, current: &current, target: target)
                    let expected = documents.firstIndex { $0 >= target }!
                    #expect(index == expected && current == documents[expected])
                }
            }
            var past = documents[30]
            #expect(try layout.scan(buffer, from: 31, current: &past, target: documents[31] + 1) == PackedBlock.count)
            #expect(past == documents[31])
            for index in 0..<PackedBlock.count { #expect(try layout.frequency(buffer, index) == freqs[index]) }
            #expect(layout.frequencySum(buffer, 3..<25) == Int(freqs[3..<25].reduce(0, +)))
        }
    }

    @Test func damagedBlocksAreReported() throws {
        let (documents, freqs) = block(after: 0, largestGap: 300, largestFrequency: 2)
        let bytes = written(documents, after: 0, freqs)
        // A header with a width of 3 bytes, or of none for the gaps.
        for header: UInt8 in [0x13, 0x10, 0x35] {
            var damaged = bytes
            damaged[1] = header
            #expect(throws: StorageError.self) { try damaged.withUnsafeBytes { _ = try PackedBlock(in: $0, at: 1) } }
        }
        // A block cut short, or starting past the end.
        #expect(throws: StorageError.self) { try Array(bytes.dropLast()).withUnsafeBytes { _ = try PackedBlock(in: $0, at: 1) } }
        #expect(throws: StorageError.self) { try bytes.withUnsafeBytes { _ = try PackedBlock(in: $0, at: bytes.count) } }
        // A gap of 0 (documents not ascending), and a gap that overflows a document id.
        var zeroGap = bytes
        let fourthGap = 2 + 2 * 4  // after the byte before the block and the header, 2 bytes a gap
        zeroGap[fourthGap] = 0
        zeroGap[fourthGap + 1] = 0
        try zeroGap.withUnsafeBytes { buffer in
            let layout = try PackedBlock(in: buffer, at: 1)
            var current: UInt32 = 0
            #expect(throws: StorageError.self) { _ = try layout.scan(buffer, from: 0, current: &current, target: .max) }
            var nearTheTop = UInt32.max - 100
            #expect(throws: StorageError.self) { _ = try layout.scan(buffer, from: 7, current: &nearTheTop, target: .max) }
        }
    }
}
