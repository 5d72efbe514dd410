/// Word-at-a-time scans over byte arrays, for the passes that look at every input byte before
/// tokenizing (UTF-8 validation, newline normalization).
enum ByteScan {
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// The length of the leading run of ASCII bytes (below 0x80) of `bytes` from `start`.
    static func asciiPrefixEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & highBits != 0 { break }
            index += 8
        }
        while index < bytes.count && bytes[index] < 0x80 { index += 1 }
        return index
    }

    /// Whether some byte of `word` is zero.
    @inline(__always) private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- lowBits) & ~word & highBits != 0
    }

    /// The index of the first byte of `bytes[start...]` that is `first`, `second` or `third`,
    /// or `bytes.count` when there is none: how the tokenizer finds the end of a run of ordinary
    /// characters.
    static func firstIndex(
        ofAny first: UInt8, _ second: UInt8, _ third: UInt8, in bytes: [UInt8], from start: Int
    ) -> Int {
        precondition(start >= 0 && start <= bytes.count)
        return bytes.withUnsafeBytes { buffer in
            let firstPattern = lowBits &* UInt64(first)
            let secondPattern = lowBits &* UInt64(second)
            let thirdPattern = lowBits &* UInt64(third)
            var index = start
            while index + 8 <= buffer.count {
                let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if hasZeroByte(word ^ firstPattern) || hasZeroByte(word ^ secondPattern)
                    || hasZeroByte(word ^ thirdPattern)
                {
                    break
                }
                index += 8
            }
            while index < buffer.count {
                let byte = buffer[index]
                if byte == first || byte == second || byte == third { return index }
                index += 1
            }
            return index
        }
    }

    /// The index of the first `target` byte in `bytes`, or nil.
    static func firstIndex(of target: UInt8, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer in
            let pattern = lowBits &* UInt64(target)
            var index = 0
            while index + 8 <= buffer.count {
                let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
                if hasZeroByte(word) { break }
                index += 8
            }
            while index < buffer.count {
                if buffer[index] == target { return index }
                index += 1
            }
            return nil
        }
    }
}
