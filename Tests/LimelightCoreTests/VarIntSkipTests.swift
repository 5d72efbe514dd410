import LimelightTestSupport
import Testing

@testable import LimelightCore

/// Stepping over variable-length integers eight bytes at a time lands where decoding them one by
/// one does, whatever their lengths.
@Suite struct VarIntSkipTests {
    @Test func skippingMatchesDecoding() throws {
        var random = SplitMix64(state: 3)
        var writer = ByteWriter()
        var ends: [Int] = []
        for _ in 0..<2000 {
            let bits = Int.random(in: 0...40, using: &random)
            writer.writeVarInt(UInt64.random(in: 0...(UInt64(1) << UInt64(bits)), using: &random))
            ends.append(writer.count)
        }
        let bytes = writer.bytes
        for _ in 0..<500 {
            let start = Int.random(in: 0..<ends.count, using: &random)
            let count = Int.random(in: 0...(ends.count - start - 1), using: &random)
            let from = start == 0 ? 0 : ends[start - 1]
            let expected = count == 0 ? from : ends[start + count - 1]
            let offset = try bytes.withUnsafeBytes { try PostingsIterator.offset(afterVarInts: count, in: $0, from: from) }
            #expect(offset == expected)
        }
        #expect(throws: StorageError.self) {
            try bytes.withUnsafeBytes { try PostingsIterator.offset(afterVarInts: ends.count + 1, in: $0, from: 0) }
        }
    }
}
