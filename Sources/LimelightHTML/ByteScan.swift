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

    /// The index of the first `target` byte in `bytes`, or nil.
    static func firstIndex(of target: UInt8, in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer in
            let pattern = lowBits &* UInt64(target)
            var index = 0
            while index + 8 <= buffer.count {
                let word = buffer.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ pattern
                // Nonzero exactly when some byte of `word` is zero, i.e. equals `target`.
                if (word &- lowBits) & ~word & highBits != 0 { break }
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
