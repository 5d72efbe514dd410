/// The word category (letter case, other letter or number, mark, separator) of every scalar value,
/// as a two-stage table with shared pages.
///
/// The standard library's general category lookup is a search over a compressed table; this one
/// answers with two array reads, which matters on non-Latin text where every scalar is classified.
struct WordCategoryTable: Sendable {
    /// The class of a scalar, as stored in the table (see ``WordCategoryData/runs``).
    enum Category: UInt8 {
        /// Punctuation, symbols, spaces, controls, private use and surrogates.
        case separator = 0
        /// Ll.
        case lowercase = 1
        /// Lu and Lt.
        case uppercase = 2
        /// Lo, Lm, Nd, Nl, No.
        case otherLetter = 3
        /// Mn, Mc, Me.
        case mark = 5
        /// Unassigned in the table's Unicode version: ask the standard library.
        case unassigned = 7
    }

    /// The number of scalars per page.
    private static let pageSize = 256

    /// Page number of each block of 256 scalars.
    private let pageOfBlock: [UInt16]
    /// The distinct pages, back to back, 256 category bytes each.
    private let pages: [UInt8]

    /// The table, parsed on first use (thread-safe lazy initialization of a static constant).
    static let shared = WordCategoryTable(runs: WordCategoryData.runs)

    /// Builds the table from `start:class` runs.
    init(runs: String) {
        var flat = [UInt8](repeating: Category.unassigned.rawValue, count: 0x110000)
        let entries = HexEntryParser.entries(of: runs)
        for (index, entry) in entries.enumerated() {
            guard let start = entry.keys.first, let category = entry.values.first, start < 0x110000 else { continue }
            let end = index + 1 < entries.count ? min(entries[index + 1].keys.first ?? 0x110000, 0x110000) : 0x110000
            guard end > start else { continue }
            for scalar in Int(start)..<Int(end) { flat[scalar] = UInt8(truncatingIfNeeded: category) }
        }
        var pageNumbers: [ArraySlice<UInt8>: UInt16] = [:]
        var pageOfBlock: [UInt16] = []
        var pages: [UInt8] = []
        pageOfBlock.reserveCapacity(flat.count / Self.pageSize)
        for blockStart in stride(from: 0, to: flat.count, by: Self.pageSize) {
            let page = flat[blockStart..<(blockStart + Self.pageSize)]
            if let number = pageNumbers[page] {
                pageOfBlock.append(number)
            } else {
                let number = UInt16(pages.count / Self.pageSize)
                pageNumbers[page] = number
                pages.append(contentsOf: page)
                pageOfBlock.append(number)
            }
        }
        self.pageOfBlock = pageOfBlock
        self.pages = pages
    }

    /// The category of `scalar` (any value; values past U+10FFFF are separators).
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func category(of scalar: UInt32) -> Category {
        let block = Int(scalar >> 8)
        guard block < pageOfBlock.count else { return .separator }
        let raw = pages[Int(pageOfBlock[block]) &* Self.pageSize &+ Int(scalar & 0xFF)]
        return Category(rawValue: raw) ?? .separator
    }
}
