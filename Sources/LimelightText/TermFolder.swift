/// Turns the bytes of one word into its index term, reusing buffers from word to word.
///
/// The term is the word folded with ``FoldingOptions/indexTerm`` (case, diacritics, width, in
/// Normalization Form C), without the characters that do not change what a word says: apostrophes
/// ("don't" → "dont"), soft hyphens, zero-width joiners and non-joiners, variation selectors,
/// the combining grapheme joiner and the Arabic tatweel.
struct TermFolder {
    /// Folds words that need Unicode folding; created on the first such word, so that analysing
    /// text that needs none never loads the folding tables.
    private var folder: ScalarFolder?
    /// The UTF-8 of the term being built.
    private var scratch: [UInt8] = []

    /// Creates a term folder.
    init() {}

    /// The term of the word `start..<end` of `bytes`.
    ///
    /// `needsUnicodeFolding` must be `true` when the word has a scalar that index-term folding may
    /// change other than an ASCII letter or apostrophe (see ``WordSegment/needsUnicodeFolding``).
    @inline(__always)
    mutating func term(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ start: Int,
        _ end: Int,
        needsUnicodeFolding: Bool
    ) -> String {
        needsUnicodeFolding ? foldedTerm(bytes, start, end) : Self.byteTerm(bytes, start, end)
    }

    /// Whether terms leave `scalar` out.
    @inline(__always)
    static func isLeftOutOfTerms(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x27, 0x2019:
            return true  // apostrophes
        case 0x00AD, 0x034F, 0x0640, 0x180B...0x180F, 0x200B...0x200F, 0x2060...0x2064:
            return true  // soft hyphen, grapheme joiner, tatweel, Mongolian selectors, zero-width characters
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF:
            return true  // variation selectors
        default:
            return false
        }
    }

    /// The term of a word that needs no Unicode folding: its bytes, with ASCII letters lowercased
    /// and ASCII apostrophes dropped.
    private static func byteTerm(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        var isFolded = true
        for index in start..<end {
            let byte = bytes[index]
            if byte &- 0x41 < 26 || byte == 0x27 {
                isFolded = false
                break
            }
        }
        if isFolded {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: end - start) { output in
            var written = 0
            for index in start..<end {
                let byte = bytes[index]
                if byte == 0x27 { continue }
                output[written] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                written += 1
            }
            return written
        }
    }

    /// The term of a word that contains non-ASCII scalars.
    ///
    /// If leaving characters out would leave nothing (a word made only of tatweels, say), they
    /// are kept, so that a word never has an empty term.
    private mutating func foldedTerm(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        if folder == nil { folder = ScalarFolder(options: .indexTerm) }
        scratch.removeAll(keepingCapacity: true)
        var keepEverything = false
        while true {
            var index = start
            while index < end {
                let (scalar, length) = UTF8Encoding.decode(bytes, at: index)
                if keepEverything || !Self.isLeftOutOfTerms(scalar) { folder?.append(scalar) }
                index += length
            }
            folder?.finish(into: &scratch)
            if !scratch.isEmpty || keepEverything { break }
            keepEverything = true
        }
        return String(decoding: scratch, as: UTF8.self)
    }
}
