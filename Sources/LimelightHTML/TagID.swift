/// The element names that tree construction treats specially, interned once (by the tokenizer
/// for tags, by `HTMLNode` for elements) so that the insertion modes compare small integers
/// instead of strings.
///
/// An identifier is a pure function of the exact local name: `unknown` for every name not
/// listed, so `a.tagID == b.tagID` implies `a.name == b.name` unless both are `unknown`.
/// Names are case-sensitive (`foreignObject` is the adjusted SVG name; the lowercase token name
/// `foreignobject` is `unknown`).
enum TagID: UInt8, CaseIterable {
    case unknown
    case a, address, annotationXML, applet, area, article, aside
    case b, base, basefont, bgsound, big, blockquote, body, br, button
    case caption, center, code, col, colgroup
    case dd, desc, details, dialog, dir, div, dl, dt
    case em, embed
    case fieldset, figcaption, figure, font, footer, foreignObject, form, frame, frameset
    case h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html
    case i, iframe, image, img, input
    case keygen
    case li, link, listing
    case main, malignmark, marquee, math, menu, meta, mglyph, mi, mn, mo, ms, mtext
    case nav, nobr, noembed, noframes, noscript
    case object, ol, optgroup, option
    case p, param, plaintext, pre
    case rb, rp, rt, rtc, ruby
    case s, script, search, section, select, selectedcontent, small, source, span, strike, strong, style
    case sub, summary, sup, svg
    case table, tbody, td, template, textarea, tfoot, th, thead, title, tr, track, tt
    case u, ul
    case `var`
    case wbr
    case xmp

    /// The number of identifiers, for tables indexed by `rawValue`.
    static let count = allCases.count

    /// Each identifier's local name, indexed by `rawValue` (empty for `unknown`).
    static let names: [String] = allCases.map { id in
        switch id {
        case .unknown: return ""
        case .annotationXML: return "annotation-xml"
        default: return String(describing: id)
        }
    }

    /// The local name this identifier stands for (empty for `unknown`).
    var name: String { TagID.names[Int(rawValue)] }

    /// The identifier of the name spelled by `bytes`, or `unknown`.
    /// - Complexity: O(length of `bytes`).
    static func lookup<Bytes: Collection>(_ bytes: Bytes) -> TagID where Bytes.Element == UInt8 {
        TagIDTable.shared.lookup(bytes)
    }

    /// The identifier of `name`, or `unknown`.
    init(name: String) {
        self = TagIDTable.shared.lookup(name.utf8)
    }
}

/// An open-addressing hash table from name bytes to `TagID`, built once.
private struct TagIDTable {
    static let shared = TagIDTable()

    /// Slot count (a power of two, about four times the number of names, so probes are short).
    private static let slotCount = 512
    /// Each slot's identifier; `unknown` marks an empty slot.
    private var slots = [TagID](repeating: .unknown, count: slotCount)
    /// Each identifier's name as UTF-8, indexed by `rawValue`, to confirm a hit.
    private let nameBytes: [[UInt8]] = TagID.names.map { Array($0.utf8) }

    private init() {
        for id in TagID.allCases where id != .unknown {
            var slot = Self.hash(nameBytes[Int(id.rawValue)]) & (Self.slotCount - 1)
            while slots[slot] != .unknown { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = id
        }
    }

    /// A multiplicative hash of the bytes, folded so the low bits depend on all of them.
    @inline(__always) private static func hash<Bytes: Collection>(_ bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        var hash = bytes.count
        for byte in bytes { hash = (hash &* 31) &+ Int(byte) }
        return hash ^ (hash >> 9)
    }

    /// The identifier whose name is `bytes`, or `unknown` (no name is longer than 15 bytes).
    func lookup<Bytes: Collection>(_ bytes: Bytes) -> TagID where Bytes.Element == UInt8 {
        let count = bytes.count
        guard count > 0 && count <= 15 else { return .unknown }
        var slot = Self.hash(bytes) & (Self.slotCount - 1)
        while true {
            let candidate = slots[slot]
            if candidate == .unknown { return .unknown }
            let expected = nameBytes[Int(candidate.rawValue)]
            if expected.count == count && expected.elementsEqual(bytes) { return candidate }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }
}
