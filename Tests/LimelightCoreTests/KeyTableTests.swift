@testable import LimelightCore
import Testing

/// A segment lists its documents' keys together (``KeyTable``); a segment written before the
/// table existed has none, and its keys are read from its stored documents.
@Suite struct KeyTableTests {
    private let keys = ["app\u{1F}mail-1", "", "ünïcödé 東京", String(repeating: "k", count: 300), "z"]

    private func segment(_ bytes: [UInt8]) throws -> SegmentReader {
        try SegmentReader(name: "test", region: MappedRegion(copying: bytes))
    }

    private func built() -> [UInt8] {
        SegmentBuilder.build(keys.map { document($0, title: "title of \($0)") })
    }

    /// The segment's sections, each rewritten by `change` (nil drops it), in a new segment.
    private func rewritten(_ bytes: [UInt8], _ change: (SegmentFormat.SectionKind, [UInt8]) -> [UInt8]?) throws -> [UInt8] {
        // A little-endian integer of `size` bytes at `offset`.
        func integer(_ offset: Int, _ size: Int) -> Int { (0..<size).reversed().reduce(0) { $0 << 8 | Int(bytes[offset + $1]) } }
        let footer = bytes.count - SegmentFormat.footerSize
        let directoryOffset = integer(footer, 8)
        var writer = SegmentWriter()
        for index in 0..<integer(footer + 8, 4) {
            let entry = directoryOffset + index * SegmentFormat.directoryEntrySize
            let kind = try #require(SegmentFormat.SectionKind(rawValue: bytes[entry]))
            let (offset, length) = (integer(entry + 4, 8), integer(entry + 12, 8))
            if let section = change(kind, Array(bytes[offset..<offset + length])) { writer.addSection(kind, field: UInt16(integer(entry + 2, 2)), section) }
        }
        return writer.finish()
    }

    @Test func keysAreReadFromTheTable() throws {
        let reader = try segment(built())
        #expect(reader.sectionBytes["keys"] == keys.joined().utf8.count + (keys.count + 1) * 8)
        #expect(try keys.indices.map { try reader.key(of: UInt32($0)) } == keys)
        #expect(try reader.document(withKey: keys[2]) == 2)
        #expect(throws: StorageError.self) { try reader.key(of: UInt32(keys.count)) }
    }

    @Test func aSegmentWithoutATableReadsItsKeysFromItsStoredDocuments() throws {
        let earlier = try segment(try rewritten(built()) { kind, bytes in kind == .keys || kind == .keyOffsets ? nil : bytes })
        #expect(earlier.sectionBytes["keys"] == nil)
        #expect(try keys.indices.map { try earlier.key(of: UInt32($0)) } == keys)
        #expect(throws: StorageError.self) { try earlier.key(of: UInt32(keys.count)) }

        // Merging it with a segment that has one (and dropping deleted documents) writes a table.
        let later = try segment(SegmentBuilder.build([document("later", title: "later")]))
        let merged = try SegmentMerger.merge([
            SegmentMerger.Source(reader: earlier, live: LiveDocuments(allLive: keys.count).deleting([1])),
            SegmentMerger.Source(reader: later, live: LiveDocuments(allLive: 1)),
        ])
        let reader = try segment(merged.bytes)
        let expected = [keys[0]] + keys[2...] + ["later"]
        #expect(reader.sectionBytes["keys"] == expected.joined().utf8.count + (expected.count + 1) * 8)
        #expect(try expected.indices.map { try reader.key(of: UInt32($0)) } == expected)
    }

    @Test func aTableThatDisagreesWithItsKeysIsCorrupt() throws {
        // Offsets that end short of the keys.
        let short = try rewritten(built()) { kind, bytes in kind == .keys ? bytes + [0x41] : bytes }
        #expect(throws: StorageError.self) { try segment(short) }
        // An offset past the end of the keys.
        let past = try rewritten(built()) { kind, bytes in
            guard kind == .keyOffsets else { return bytes }
            var changed = bytes
            changed[15] = 0xFF  // the high byte of the second offset
            return changed
        }
        let reader = try segment(past)
        #expect(throws: StorageError.self) { try reader.key(of: 0) }
        #expect(throws: StorageError.self) { try reader.key(of: 1) }
        #expect(try reader.key(of: 2) == keys[2])
    }
    @Test func prefetchingKeysReadsTheirFirstBytesAndPassesOverWhatIsNotThere() throws {
        // Keys "ab", "" and "c".
        let keyBytes: [UInt8] = Array("abc".utf8)
        let offsets: [UInt64] = [0, 2, 2, 3]
        let offsetBytes = offsets.flatMap { offset in (0..<8).map { UInt8(truncatingIfNeeded: offset >> ($0 * 8)) } }
        try keyBytes.withUnsafeBytes { keys in
            try offsetBytes.withUnsafeBytes { offsets in
                let table = try KeyTable(keys: keys, offsets: offsets, documentCount: 3)
                // "a" and "c"; the empty key (its start is the next key's) reads "c" too.
                #expect(table.firstBytesSum([0, 1, 2], documentCount: 3) == 97 + 99 + 99)
                #expect(table.firstBytesSum([2, 7, 0], documentCount: 3) == 99 + 97)
                #expect(table.firstBytesSum([], documentCount: 3) == 0)
            }
        }
        // Through a reader, with and without a table, in range or not: nothing thrown, nothing changed.
        let reader = try segment(built())
        reader.prefetchKeys(of: [0, 4, 3, UInt32(keys.count), .max])
        #expect(try reader.key(of: 4) == "z")
        let earlier = try segment(try rewritten(built()) { kind, bytes in kind == .keys || kind == .keyOffsets ? nil : bytes })
        earlier.prefetchKeys(of: [0, .max])
        #expect(try earlier.key(of: 0) == keys[0])
    }
}
