/// The word category (letter case, other letter or number, mark, separator) of every scalar value,
/// as a two-stage table with shared pages.
///
/// The standard library's general category lookup is a search over a compressed table; this one
/// answers with two array reads, which matters on non-Latin text where every scalar is classified.
struct WordCategoryTable: Sendable {
    /// The class of a scalar, as stored in the table (see ``WordCategoryData/runs``), without
    /// the ``changesInTermsFlag``.
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

    /// Added to the category of a non-ASCII scalar that index-term folding may change, leave out
    /// or combine with its neighbour.
    static let changesInTermsFlag: UInt8 = 8

    /// The number of scalars per page.
    private static let pageSize = 256

    /// Page number of each block of 256 scalars.
    private let pageOfBlock: [UInt16]
    /// The distinct pages, back to back, 256 category bytes each.
    private let pages: [UInt8]

    /// The table, parsed on first use (thread-safe lazy initialization of a static constant).
    static let shared = WordCategoryTable(runs: WordCategoryData.runs)

    /// Builds the table from `start:class` runs.
    ///
    /// Blocks that lie inside one run share a page per class; only mixed blocks get pages of
    /// their own.
    init(runs: String) {
        let entries = HexEntryParser.entries(of: runs)
        var starts: [Int] = []
        var classes: [UInt8] = []
        for entry in entries {
            guard let start = entry.keys.first, let value = entry.values.first, start < 0x110000 else { continue }
            guard starts.isEmpty || Int(start) > (starts.last ?? 0) else { continue }
            starts.append(Int(start))
            classes.append(UInt8(truncatingIfNeeded: value))
        }
        if starts.first != 0 {
            starts.insert(0, at: 0)
            classes.insert(Category.unassigned.rawValue, at: 0)
        }
        var uniformPages: [UInt8: UInt16] = [:]
        var pageOfBlock: [UInt16] = []
        var pages: [UInt8] = []
        pageOfBlock.reserveCapacity(0x110000 / Self.pageSize)
        var run = 0  // the run containing the start of the current block
        for blockStart in stride(from: 0, to: 0x110000, by: Self.pageSize) {
            while run + 1 < starts.count && starts[run + 1] <= blockStart { run += 1 }
            let blockEnd = blockStart + Self.pageSize
            let runEnd = run + 1 < starts.count ? starts[run + 1] : 0x110000
            if runEnd >= blockEnd {
                let value = classes[run]
                if let page = uniformPages[value] {
                    pageOfBlock.append(page)
                } else {
                    let page = UInt16(pages.count / Self.pageSize)
                    uniformPages[value] = page
                    pages.append(contentsOf: repeatElement(value, count: Self.pageSize))
                    pageOfBlock.append(page)
                }
                continue
            }
            pageOfBlock.append(UInt16(pages.count / Self.pageSize))
            var current = run
            for scalar in blockStart..<blockEnd {
                while current + 1 < starts.count && starts[current + 1] <= scalar { current += 1 }
                pages.append(classes[current])
            }
        }
        self.pageOfBlock = pageOfBlock
        self.pages = pages
    }

    /// The stored class of `scalar`: a ``Category`` raw value, plus ``changesInTermsFlag`` when
    /// index-term folding may change the scalar. Values past U+10FFFF are separators.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func storedClass(of scalar: UInt32) -> UInt8 {
        let block = Int(scalar >> 8)
        guard block < pageOfBlock.count else { return Category.separator.rawValue }
        return pages[Int(pageOfBlock[block]) &* Self.pageSize &+ Int(scalar & 0xFF)]
    }
}
