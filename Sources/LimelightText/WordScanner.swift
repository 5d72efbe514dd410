/// A run of text that the scanner found: an ordinary word or a run of CJK characters.
struct WordSegment {
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset one past the last byte.
    var end: Int
    /// Whether this is a run of CJK characters (to be split into bigrams).
    var isCJK: Bool
    /// Whether the segment has a scalar that index-term folding may change other than an ASCII
    /// letter or apostrophe. When `false`, the term is the segment's bytes with ASCII letters
    /// lowercased and ASCII apostrophes dropped.
    var needsUnicodeFolding: Bool
}

/// Finds the words of UTF-8 text in one pass.
///
/// Rules (in the spirit of Unicode word boundaries, UAX #29, simplified for search):
/// - A word is a maximal run of letters and numbers (general categories L* and N*), with the
///   combining marks (M*), zero-width joiners and soft hyphens that follow them.
/// - An apostrophe (U+0027 or U+2019) between two letters or digits stays inside the word
///   ("don't", "rock'n'roll"); anywhere else it separates words.
/// - A lowercase letter followed by an uppercase or titlecase letter is a word boundary
///   ("MyWindowClass" → My, Window, Class; "iPhone" → i, Phone), while "NSWindow", "mp3" and
///   "ios17" each stay one word.
/// - Everything else (spaces, punctuation including `-`, `.`, `_` and `/`, symbols, emoji)
///   separates words.
/// - Han and kana characters form separate CJK runs, even when written next to Latin letters.
enum WordScanner {
    /// Scan state: what the current segment is.
    private enum State {
        case none
        case word
        case cjk
    }

    /// Calls `body` for each segment of `bytes`, in order.
    ///
    /// - Complexity: O(n) in the number of bytes; ASCII bytes are classified without decoding.
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (WordSegment) -> Void) {
        var state = State.none
        var start = 0
        var apostrophe = -1  // offset of an apostrophe that may still join two halves of the word
        var previousWasLowercase = false
        var needsUnicodeFolding = false
        var index = 0
        let count = bytes.count

        @inline(__always)
        func finish(at end: Int) {
            switch state {
            case .none:
                break
            case .word:
                let end = apostrophe >= 0 ? apostrophe : end
                body(WordSegment(start: start, end: end, isCJK: false, needsUnicodeFolding: needsUnicodeFolding))
            case .cjk:
                body(WordSegment(start: start, end: end, isCJK: true, needsUnicodeFolding: needsUnicodeFolding))
            }
            state = .none
            apostrophe = -1
        }

        while index < count {
            let byte = bytes[index]
            let kind: ScalarKind
            let length: Int
            var changesInTerms = false
            if byte < 0x80 {
                kind = ScalarKind.ofASCII(byte)
                length = 1
            } else {
                let decoded = UTF8Encoding.decode(bytes, at: index)
                (kind, changesInTerms) = ScalarKind.classify(decoded.scalar)
                length = decoded.length
            }
            switch kind {
            case .lowercase, .uppercase, .otherLetter:
                switch state {
                case .word:
                    if apostrophe >= 0 {
                        apostrophe = -1
                    } else if previousWasLowercase && kind == .uppercase {
                        finish(at: index)
                        state = .word
                        start = index
                        needsUnicodeFolding = false
                    }
                case .cjk, .none:
                    finish(at: index)
                    state = .word
                    start = index
                    needsUnicodeFolding = false
                }
                previousWasLowercase = kind == .lowercase
                if byte >= 0x80 {
                    if changesInTerms { needsUnicodeFolding = true }
                } else {
                    // Fast path: ASCII lowercase letters and digits never start a word inside one.
                    var next = index + 1
                    while next < count {
                        let following = bytes[next]
                        if following &- 0x61 < 26 {
                            previousWasLowercase = true
                        } else if following &- 0x30 < 10 {
                            previousWasLowercase = false
                        } else {
                            break
                        }
                        next += 1
                    }
                    index = next
                    continue
                }
            case .cjk:
                if state != .cjk {
                    finish(at: index)
                    state = .cjk
                    start = index
                    needsUnicodeFolding = false
                }
                if changesInTerms { needsUnicodeFolding = true }
            case .extend:
                if state == .word && apostrophe >= 0 {
                    finish(at: index)
                } else if state != .none {
                    needsUnicodeFolding = true
                }
            case .apostrophe:
                if state == .word && apostrophe < 0 {
                    apostrophe = index
                    if byte >= 0x80 { needsUnicodeFolding = true }
                } else {
                    finish(at: index)
                }
            case .separator:
                finish(at: index)
            }
            index += length
        }
        finish(at: count)
    }
}
