/// Folds a sequence of Unicode scalars into UTF-8, reusing its buffers between calls.
///
/// Each scalar goes through width folding, canonical decomposition, case folding and diacritic
/// folding (each only when asked for); the result is then put back in canonical order and
/// recomposed, so that the output is in Normalization Form C whatever form the input was in.
/// Composed and decomposed spellings of the same text therefore fold to the same bytes.
struct ScalarFolder {
    /// The folding applied to each scalar.
    let options: FoldingOptions
    /// The tables (shared, immutable).
    private let tables: FoldingTables
    /// Decomposed, folded scalars waiting for normalization.
    private var pending: [UInt32] = []
    /// Whether any scalar in `pending` may take part in reordering or composition.
    private var needsNormalization = false

    /// Creates a folder for `options`.
    init(options: FoldingOptions) {
        self.options = options
        self.tables = FoldingTables.shared
    }

    /// Adds one scalar of input.
    @inline(__always)
    mutating func append(_ scalar: UInt32) {
        if scalar < 0x80 {
            let isUpper = scalar &- 0x41 < 26
            pending.append(isUpper && options.contains(.caseInsensitive) ? scalar | 0x20 : scalar)
            return
        }
        if options.contains(.widthInsensitive) {
            let packed = tables.widthFolding.packedMapping(of: scalar)
            if packed != 0 {
                for index in Self.range(of: packed) { appendDecomposing(tables.widthFolding.values[index]) }
                return
            }
        }
        appendDecomposing(scalar)
    }

    /// Decomposes `scalar` canonically, then case-folds each part.
    private mutating func appendDecomposing(_ scalar: UInt32) {
        let packed = scalar < 0xC0 ? 0 : tables.decomposition.packedMapping(of: scalar)
        if packed == 0 {
            appendCaseFolding(scalar)
        } else {
            for index in Self.range(of: packed) { appendCaseFolding(tables.decomposition.values[index]) }
        }
    }

    /// Case-folds `scalar` when asked for, then diacritic-folds each part.
    ///
    /// `depth` bounds the re-folding of diacritic folding results (a few compatibility letters,
    /// such as the modifier letter capital A, fold to uppercase letters that need case folding).
    private mutating func appendCaseFolding(_ scalar: UInt32, depth: Int = 0) {
        guard options.contains(.caseInsensitive) else { return appendDiacriticFolding(scalar, depth: depth) }
        let packed = tables.caseFolding.packedMapping(of: scalar)
        if packed == 0 {
            appendDiacriticFolding(scalar, depth: depth)
        } else {
            for index in Self.range(of: packed) {
                appendDiacriticFolding(tables.caseFolding.values[index], depth: depth)
            }
        }
    }

    /// Drops strippable marks and replaces letters with built-in diacritics, when asked for.
    private mutating func appendDiacriticFolding(_ scalar: UInt32, depth: Int) {
        if options.contains(.diacriticInsensitive) {
            if TextFolding.isStrippableMark(scalar) { return }
            let packed = tables.diacriticFolding.packedMapping(of: scalar)
            if packed != 0 {
                for index in Self.range(of: packed) {
                    let plain = tables.diacriticFolding.values[index]
                    if depth < 2 && options.contains(.caseInsensitive) {
                        appendCaseFolding(plain, depth: depth + 1)
                    } else {
                        pending.append(plain)
                    }
                }
                return
            }
        }
        if scalar >= 0x300 && !needsNormalization && tables.takesPartInComposition(scalar) {
            needsNormalization = true
        }
        pending.append(scalar)
    }

    /// Normalizes the pending scalars, appends them to `bytes` as UTF-8 and starts over.
    mutating func finish(into bytes: inout [UInt8]) {
        if needsNormalization {
            CanonicalNormalizer.reorderAndCompose(&pending, tables: tables)
        }
        for scalar in pending { UTF8Encoding.append(scalar, to: &bytes) }
        pending.removeAll(keepingCapacity: true)
        needsNormalization = false
    }

    /// The index range described by a packed table slot.
    @inline(__always)
    private static func range(of packed: UInt32) -> Range<Int> {
        ScalarMappingTable.range(of: packed)
    }
}

/// Canonical ordering and canonical composition over decomposed scalars.
enum CanonicalNormalizer {
    /// Sorts each run of non-starters by combining class (stably), then composes the result.
    static func reorderAndCompose(_ scalars: inout [UInt32], tables: FoldingTables) {
        reorder(&scalars, tables: tables)
        compose(&scalars, tables: tables)
    }

    /// The canonical ordering algorithm: a stable insertion sort of marks by combining class.
    static func reorder(_ scalars: inout [UInt32], tables: FoldingTables) {
        guard scalars.count > 1 else { return }
        for index in 1..<scalars.count {
            let current = scalars[index]
            let currentClass = tables.combiningClass(of: current)
            guard currentClass != 0 else { continue }
            var target = index
            while target > 0 {
                let previousClass = tables.combiningClass(of: scalars[target - 1])
                guard previousClass > currentClass else { break }
                scalars[target] = scalars[target - 1]
                target -= 1
            }
            scalars[target] = current
        }
    }

    /// The canonical composition algorithm over canonically ordered scalars.
    static func compose(_ scalars: inout [UInt32], tables: FoldingTables) {
        var starterIndex = -1
        var lastClass: UInt32 = 0
        var written = 0
        for index in 0..<scalars.count {
            let scalar = scalars[index]
            let combiningClass = tables.combiningClass(of: scalar)
            if starterIndex >= 0 {
                let adjacent = written == starterIndex + 1
                let unblocked = adjacent || (lastClass != 0 && lastClass < combiningClass)
                if unblocked, let composite = tables.composite(of: scalars[starterIndex], scalar) {
                    scalars[starterIndex] = composite
                    continue
                }
            }
            if combiningClass == 0 {
                starterIndex = written
                lastClass = 0
            } else {
                lastClass = combiningClass
            }
            scalars[written] = scalar
            written += 1
        }
        scalars.removeLast(scalars.count - written)
    }
}

/// Writing scalar values as UTF-8.
enum UTF8Encoding {
    /// Appends the UTF-8 encoding of `scalar` (assumed a valid scalar value) to `bytes`.
    @inline(__always)
    static func append(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            bytes.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            bytes.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            bytes.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            bytes.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }

    /// Decodes the scalar starting at `index` in valid UTF-8 `bytes`, returning it and its length.
    ///
    /// A truncated sequence at the end of the buffer yields U+FFFD and length 1, never a crash.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let remaining = bytes.count - index
        if lead < 0xE0 {
            guard remaining >= 2 else { return (0xFFFD, 1) }
            return ((lead & 0x1F) << 6 | UInt32(bytes[index + 1]) & 0x3F, 2)
        }
        if lead < 0xF0 {
            guard remaining >= 3 else { return (0xFFFD, 1) }
            let value = (lead & 0x0F) << 12 | (UInt32(bytes[index + 1]) & 0x3F) << 6
            return (value | UInt32(bytes[index + 2]) & 0x3F, 3)
        }
        guard remaining >= 4 else { return (0xFFFD, 1) }
        let high = (lead & 0x07) << 18 | (UInt32(bytes[index + 1]) & 0x3F) << 12
        return (high | (UInt32(bytes[index + 2]) & 0x3F) << 6 | UInt32(bytes[index + 3]) & 0x3F, 4)
    }
}
