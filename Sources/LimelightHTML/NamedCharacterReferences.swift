/// Longest-prefix lookup in the WHATWG named character reference table.
enum NamedCharacterReferences {
    /// All names concatenated, as UTF-8 bytes.
    static let nameBytes: [UInt8] = Array(NamedCharacterReferenceTable.namesBlob.utf8)

    /// A matched reference: the entry index and how many input bytes its name covers.
    struct Match {
        var entry: Int
        var length: Int
    }

    @inline(__always) private static func nameLength(_ entry: Int) -> Int {
        Int(NamedCharacterReferenceTable.nameOffsets[entry + 1]) - Int(NamedCharacterReferenceTable.nameOffsets[entry])
    }

    /// The byte at `offset` of name `entry`, or -1 when the name is not longer than `offset`.
    @inline(__always) private static func nameByte(_ entry: Int, at offset: Int) -> Int {
        guard offset < nameLength(entry) else { return -1 }
        return Int(nameBytes[Int(NamedCharacterReferenceTable.nameOffsets[entry]) + offset])
    }

    /// The first index in `low..<high` whose byte at `offset` is not less than `key`.
    private static func lowerBound(_ low: Int, _ high: Int, offset: Int, key: Int) -> Int {
        var low = low
        var high = high
        while low < high {
            let middle = (low + high) / 2
            if nameByte(middle, at: offset) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Finds the longest name that is a prefix of `input[start...]`.
    ///
    /// The names are sorted by bytes, so the entries sharing a prefix of length k form one range,
    /// and inside it the name equal to the prefix (if any) comes first.
    /// - Complexity: O(m log n) for a match of length m over n names.
    static func longestMatch(in input: [UInt8], from start: Int) -> Match? {
        var low = 0
        var high = NamedCharacterReferenceTable.count
        var best: Match?
        var offset = 0
        while start + offset < input.count {
            let key = Int(input[start + offset])
            let newLow = lowerBound(low, high, offset: offset, key: key)
            let newHigh = lowerBound(newLow, high, offset: offset, key: key + 1)
            if newLow == newHigh { break }
            low = newLow
            high = newHigh
            offset += 1
            if nameLength(low) == offset { best = Match(entry: low, length: offset) }
        }
        return best
    }

    /// Appends the UTF-8 expansion of entry `entry` to `bytes`.
    static func appendExpansion(of entry: Int, to bytes: inout [UInt8]) {
        ASCII.appendUTF8(NamedCharacterReferenceTable.firstCodePoints[entry], to: &bytes)
        let second = NamedCharacterReferenceTable.secondCodePoints[entry]
        if second != 0 { ASCII.appendUTF8(second, to: &bytes) }
    }
}

/// The code points that windows-1252 (and the numeric character reference rules) assign to bytes
/// 0x80–0x9F; zero where the byte maps to the C1 control of the same value.
enum Windows1252 {
    static let highControlReplacements: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]
}
