/// The parsed Unicode tables used by text folding, built once on first use.
struct FoldingTables: Sendable {
    /// Full canonical decompositions (Hangul syllables are left composed).
    let decomposition: ScalarMappingTable
    /// Canonical combining classes; scalars absent from the table have class 0.
    let combiningClass: ScalarMappingTable
    /// Full case folding, decomposed.
    let caseFolding: ScalarMappingTable
    /// Letters whose diacritic is part of the letter (ø, ł, đ, ı, æ, œ, ...) mapped to plain letters.
    let diacriticFolding: ScalarMappingTable
    /// Fullwidth and halfwidth forms mapped to their normal width.
    let widthFolding: ScalarMappingTable
    /// Primary composites keyed by `first << 21 | second`.
    let composition: [UInt64: UInt32]

    /// The tables, parsed on first use (thread-safe lazy initialization of a static constant).
    static let shared = FoldingTables()

    private init() {
        decomposition = ScalarMappingTable(hexEntries: FoldingTableData.decomposition)
        combiningClass = ScalarMappingTable(hexEntries: FoldingTableData.combiningClass)
        caseFolding = ScalarMappingTable(hexEntries: FoldingTableData.caseFolding)
        diacriticFolding = ScalarMappingTable(hexEntries: FoldingTableData.diacriticFolding)
        widthFolding = ScalarMappingTable(hexEntries: FoldingTableData.widthFolding)
        var composition: [UInt64: UInt32] = [:]
        for entry in HexEntryParser.entries(of: FoldingTableData.composition) {
            guard entry.keys.count == 2, entry.values.count == 1 else { continue }
            composition[Self.compositionKey(entry.keys[0], entry.keys[1])] = entry.values[0]
        }
        self.composition = composition
    }

    /// The key of the pair (`first`, `second`) in ``composition``.
    @inline(__always)
    static func compositionKey(_ first: UInt32, _ second: UInt32) -> UInt64 {
        UInt64(first) << 21 | UInt64(second)
    }

    /// The canonical combining class of `scalar` (0 for starters).
    @inline(__always)
    func combiningClass(of scalar: UInt32) -> UInt32 {
        scalar < 0x300 ? 0 : combiningClass.firstValue(of: scalar, default: 0)
    }

    /// The primary composite of `first` followed by `second`, if there is one.
    @inline(__always)
    func composite(of first: UInt32, _ second: UInt32) -> UInt32? {
        composition[Self.compositionKey(first, second)]
    }
}
