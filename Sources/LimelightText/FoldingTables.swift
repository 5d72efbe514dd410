/// The parsed Unicode tables used by text folding, built once on first use.
///
/// A class so that folders hold one reference rather than copies of a dozen arrays; it is
/// immutable (only `let` properties of `Sendable` types), hence `Sendable`.
final class FoldingTables: Sendable {
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
    /// Primary composites keyed by their first scalar: `second, composite` pairs back to back.
    let composition: ScalarMappingTable
    /// Scalars after which normalization has work to do: non-starters, and starters that
    /// compose with the scalar before them (some Indic vowel signs).
    let compositionParticipants: ScalarMappingTable

    /// The tables, parsed on first use (thread-safe lazy initialization of a static constant).
    static let shared = FoldingTables()

    private init() {
        decomposition = ScalarMappingTable(hexEntries: FoldingTableData.decomposition)
        combiningClass = ScalarMappingTable(hexEntries: FoldingTableData.combiningClass)
        caseFolding = ScalarMappingTable(hexEntries: FoldingTableData.caseFolding)
        diacriticFolding = ScalarMappingTable(hexEntries: FoldingTableData.diacriticFolding)
        widthFolding = ScalarMappingTable(hexEntries: FoldingTableData.widthFolding)
        var pairsByFirst: [UInt32: [UInt32]] = [:]
        var participants: Set<UInt32> = []
        for entry in HexEntryParser.entries(of: FoldingTableData.composition) {
            guard entry.keys.count == 2, entry.values.count == 1 else { continue }
            pairsByFirst[entry.keys[0], default: []].append(contentsOf: [entry.keys[1], entry.values[0]])
            participants.insert(entry.keys[1])
        }
        var composition = ScalarMappingTable()
        for (first, pairs) in pairsByFirst { composition.insert(key: first, mapping: pairs) }
        self.composition = composition
        for entry in HexEntryParser.entries(of: FoldingTableData.combiningClass) {
            participants.formUnion(entry.keys)
        }
        participants.formUnion(0x1161...0x1175)  // Hangul vowel jamo
        participants.formUnion(0x11A8...0x11C2)  // Hangul trailing consonant jamo
        var compositionParticipants = ScalarMappingTable()
        for scalar in participants { compositionParticipants.insert(key: scalar, mapping: [1]) }
        self.compositionParticipants = compositionParticipants
    }

    /// Whether `scalar` is a non-starter or may compose with the scalar before it.
    @inline(__always)
    func takesPartInComposition(_ scalar: UInt32) -> Bool {
        compositionParticipants.packedMapping(of: scalar) != 0
    }

    /// The canonical combining class of `scalar` (0 for starters).
    @inline(__always)
    func combiningClass(of scalar: UInt32) -> UInt32 {
        scalar < 0x300 ? 0 : combiningClass.firstValue(of: scalar, default: 0)
    }

    /// The primary composite of `first` followed by `second`, if there is one.
    ///
    /// Hangul syllables are composed arithmetically from their jamo (leading consonant + vowel,
    /// then + trailing consonant), so decomposed Hangul folds to the precomposed syllables.
    @inline(__always)
    func composite(of first: UInt32, _ second: UInt32) -> UInt32? {
        if let syllable = Self.hangulComposite(of: first, second) { return syllable }
        let packed = composition.packedMapping(of: first)
        guard packed != 0 else { return nil }
        let range = ScalarMappingTable.range(of: packed)
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if composition.values[index] == second { return composition.values[index + 1] }
            index += 2
        }
        return nil
    }

    /// The Hangul syllable made of `first` and `second`, if they compose (Unicode §3.12).
    @inline(__always)
    static func hangulComposite(of first: UInt32, _ second: UInt32) -> UInt32? {
        switch (first, second) {
        case (0x1100...0x1112, 0x1161...0x1175):
            return 0xAC00 + ((first - 0x1100) * 21 + (second - 0x1161)) * 28
        case (0xAC00...0xD7A3, 0x11A8...0x11C2) where (first - 0xAC00) % 28 == 0:
            return first + (second - 0x11A7)
        default:
            return nil
        }
    }
}
