/// A map from Unicode scalars to short scalar sequences, stored as a two-stage lookup table.
///
/// The first stage maps each block of 256 scalars to a page of slots (or to the shared empty
/// page 0); a slot packs the offset and length of the mapped sequence in ``values``. A lookup is
/// two array reads, which is what the folding pipeline needs for every non-ASCII scalar.
struct ScalarMappingTable: Sendable {
    /// The number of scalars per page.
    private static let pageSize = 256
    /// The number of pages needed to cover every scalar value up to U+10FFFF.
    private static let blockCount = 0x110000 / pageSize

    /// Page number of each block of 256 scalars; 0 is the empty page.
    private var pageOfBlock: [UInt16]
    /// Slots of all pages, 256 per page. 0 means "no mapping", otherwise `offset << 8 | length`.
    private var slots: [UInt32]
    /// The mapped scalar sequences, back to back.
    private(set) var values: [UInt32]

    /// Builds a table from `key:value.value` hexadecimal entries separated by whitespace.
    ///
    /// Malformed entries are skipped; the data is generated, so none are expected.
    init(hexEntries: String) {
        self.init()
        for entry in HexEntryParser.entries(of: hexEntries) {
            guard entry.keys.count == 1, let key = entry.keys.first else { continue }
            insert(key: key, mapping: entry.values)
        }
    }

    /// Creates an empty table.
    init() {
        pageOfBlock = [UInt16](repeating: 0, count: Self.blockCount)
        slots = [UInt32](repeating: 0, count: Self.pageSize)
        values = []
    }

    /// Adds one entry; later entries for the same key replace earlier ones.
    ///
    /// Keys past U+10FFFF, empty mappings and mappings of 256 scalars or more are ignored.
    mutating func insert(key: UInt32, mapping: [UInt32]) {
        guard key < 0x110000, !mapping.isEmpty, mapping.count < 256, values.count < 1 << 24 else { return }
        let block = Int(key) / Self.pageSize
        if pageOfBlock[block] == 0 {
            pageOfBlock[block] = UInt16(slots.count / Self.pageSize)
            slots.append(contentsOf: repeatElement(0, count: Self.pageSize))
        }
        let slot = Int(pageOfBlock[block]) * Self.pageSize + Int(key) % Self.pageSize
        slots[slot] = UInt32(values.count) << 8 | UInt32(mapping.count)
        values.append(contentsOf: mapping)
    }

    /// The packed mapping of `scalar`: 0 when it has none, else `offset << 8 | length` into ``values``.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func packedMapping(of scalar: UInt32) -> UInt32 {
        let block = Int(scalar >> 8)
        guard block < pageOfBlock.count else { return 0 }
        return slots[Int(pageOfBlock[block]) &* Self.pageSize &+ Int(scalar & 0xFF)]
    }

    /// The first mapped scalar of `scalar`, or `fallback` when it has no mapping.
    ///
    /// Used for single-valued tables such as the canonical combining classes.
    @inline(__always)
    func firstValue(of scalar: UInt32, default fallback: UInt32) -> UInt32 {
        let packed = packedMapping(of: scalar)
        return packed == 0 ? fallback : values[Int(packed >> 8)]
    }

    /// The index range in ``values`` of a packed mapping returned by ``packedMapping(of:)``.
    @inline(__always)
    static func range(of packed: UInt32) -> Range<Int> {
        let start = Int(packed >> 8)
        return start..<(start + Int(packed & 0xFF))
    }
}

/// Reads the hexadecimal entries written by `Scripts/generate-folding-tables.py`.
enum HexEntryParser {
    /// One parsed entry: the scalars before the colon and the scalars after it.
    struct Entry {
        /// The key scalars (one for most tables, two for composition pairs).
        var keys: [UInt32] = []
        /// The mapped scalars.
        var values: [UInt32] = []
    }

    /// Splits `text` into entries of the form `A.B:C.D`, separated by whitespace.
    static func entries(of text: String) -> [Entry] {
        var result: [Entry] = []
        var entry = Entry()
        var number: UInt32 = 0
        var hasDigits = false
        var inValues = false

        func endNumber() {
            guard hasDigits else { return }
            if inValues { entry.values.append(number) } else { entry.keys.append(number) }
            number = 0
            hasDigits = false
        }

        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number = number << 4 | UInt32(byte - UInt8(ascii: "0"))
                hasDigits = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                number = number << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
                hasDigits = true
            case UInt8(ascii: "."):
                endNumber()
            case UInt8(ascii: ":"):
                endNumber()
                inValues = true
            default:
                endNumber()
                if inValues { result.append(entry) }
                entry = Entry()
                inValues = false
            }
        }
        endNumber()
        if inValues { result.append(entry) }
        return result
    }
}
