/// An immutable bitset of a segment's live (not deleted) documents.
///
/// Deleting produces a new bitset (copy on write), so a snapshot's view never changes.
public final class LiveDocuments: Sendable {
    /// Number of documents covered (live or deleted).
    public let count: Int
    /// Number of live documents.
    public let liveCount: Int
    @usableFromInline let words: [UInt64]

    /// All `count` documents live.
    public init(allLive count: Int) {
        self.count = count
        liveCount = count
        var words = [UInt64](repeating: ~0, count: (count + 63) / 64)
        if count % 64 != 0, !words.isEmpty { words[words.count - 1] = (1 << UInt64(count % 64)) - 1 }
        self.words = words
    }

    private init(count: Int, words: [UInt64]) {
        self.count = count
        self.words = words
        liveCount = words.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// Whether `document` is live.
    @inlinable
    public func isLive(_ document: UInt32) -> Bool {
        let index = Int(document >> 6)
        guard index < words.count else { return false }
        return words[index] & (1 << UInt64(document & 63)) != 0
    }

    /// Whether no document is deleted.
    public var hasDeletions: Bool { liveCount != count }

    /// A copy with `documents` deleted; `self` when none of them was live.
    public func deleting<S: Sequence>(_ documents: S) -> LiveDocuments where S.Element == UInt32 {
        var copy = words
        var changed = false
        for document in documents {
            let index = Int(document >> 6)
            guard index < copy.count else { continue }
            let bit: UInt64 = 1 << UInt64(document & 63)
            if copy[index] & bit != 0 {
                copy[index] &= ~bit
                changed = true
            }
        }
        return changed ? LiveDocuments(count: count, words: copy) : self
    }

    /// The documents live here but deleted in `later` (a newer version of the same segment's bitset).
    public func deletedSince(in later: LiveDocuments) -> [UInt32] {
        var result: [UInt32] = []
        for (index, word) in words.enumerated() where index < later.words.count {
            var removed = word & ~later.words[index]
            while removed != 0 {
                let bit = removed.trailingZeroBitCount
                result.append(UInt32(index * 64 + bit))
                removed &= removed - 1
            }
        }
        return result
    }

    /// Serialised form: `count u32 | words…`.
    func encode() -> [UInt8] {
        var writer = ByteWriter(capacity: 8 + words.count * 8)
        writer.write(UInt32(count))
        for word in words { writer.write(word) }
        return writer.bytes
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, expectedCount: Int) throws -> LiveDocuments {
        var reader = ByteReader(bytes)
        let count = Int(try reader.readUInt32())
        guard count == expectedCount else { throw StorageError.corrupt("deletion file covers \(count) documents, expected \(expectedCount)") }
        var words: [UInt64] = []
        for _ in 0..<(count + 63) / 64 { words.append(try reader.readUInt64()) }
        guard reader.isAtEnd else { throw StorageError.corrupt("deletion file has trailing bytes") }
        return LiveDocuments(count: count, words: words)
    }

    /// Calls `body` with each live document in ascending order.
    public func forEachLive(_ body: (UInt32) throws -> Void) rethrows {
        for (index, word) in words.enumerated() {
            var remaining = word
            while remaining != 0 {
                let bit = remaining.trailingZeroBitCount
                try body(UInt32(index * 64 + bit))
                remaining &= remaining - 1
            }
        }
    }
}
