extension TextAnalyzer {
    /// Splits `text` into tokens as ``analyze(_:into:startPosition:)`` does and, for each camelCase
    /// compound ("iPhone", "JavaScript", "MyWindowClass"), adds the whole compound as one more token
    /// at the position of its first part, just before the parts.
    ///
    /// A word holding apostrophes ("Chu's", "O'Reilly") is also followed, at its own position, by
    /// its parts of two or more characters ("chu", "reilly"), so a possessive or an elided name is
    /// found by the bare word too.
    ///
    /// Documents are analysed this way so that a compound is found both by its parts ("phone",
    /// `"Window"w`) and typed as one word ("iphone", "javascript"). Queries use
    /// ``analyze(_:into:startPosition:)``: a query word typed as a compound matches its parts at
    /// consecutive positions, and typed in lowercase it matches the whole compound.
    ///
    /// - Parameters:
    ///   - text: The text to analyse.
    ///   - tokens: The buffer that receives the tokens (existing contents are kept). Positions stay
    ///     non-decreasing, so the last token has the largest position.
    ///   - startPosition: The position of the first word.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func analyzeForIndex(
        _ text: some StringProtocol,
        into tokens: inout [AnalyzedToken],
        startPosition: UInt32 = 0
    ) {
        withUTF8Bytes(of: text) { bytes in
            var position = startPosition
            var termFolder = TermFolder()
            var compound = CompoundRun()
            forEachUnit(of: bytes) { start, end, needsUnicodeFolding, isCJK in
                // Two words with nothing between them are the parts of one camelCase compound.
                if isCJK || compound.parts == 0 || compound.end != start {
                    compound.finish(into: &tokens, bytes, &termFolder)
                    if !isCJK { compound = CompoundRun(start: start, position: position, firstToken: tokens.count) }
                }
                if !isCJK { compound.extend(to: end, needsUnicodeFolding: needsUnicodeFolding) }
                let term = termFolder.term(bytes, start, end, needsUnicodeFolding: needsUnicodeFolding)
                tokens.append(AnalyzedToken(term: term, position: position, start: start, end: end))
                if !isCJK { appendApostropheParts(bytes, start, end, position, needsUnicodeFolding, &tokens, &termFolder) }
                position &+= 1
            }
            compound.finish(into: &tokens, bytes, &termFolder)
        }
    }
}

extension TextAnalyzer {
    /// Appends the parts of the word `bytes[start..<end]` between apostrophes (U+0027, U+2019)
    /// that are at least two bytes long, each at `position`; nothing when the word has none.
    fileprivate static func appendApostropheParts(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ position: UInt32, _ needsUnicodeFolding: Bool,
        _ tokens: inout [AnalyzedToken], _ folder: inout TermFolder
    ) {
        var partStart = start
        var index = start
        var sawApostrophe = false
        while index < end {
            let width: Int
            if bytes[index] == 0x27 {
                width = 1
            } else if bytes[index] == 0xE2, index + 2 < end, bytes[index + 1] == 0x80, bytes[index + 2] == 0x99 {
                width = 3
            } else {
                index += 1
                continue
            }
            sawApostrophe = true
            if index - partStart >= 2 {
                let term = folder.term(bytes, partStart, index, needsUnicodeFolding: needsUnicodeFolding)
                tokens.append(AnalyzedToken(term: term, position: position, start: partStart, end: index))
            }
            index += width
            partStart = index
        }
        if sawApostrophe && end - partStart >= 2 {
            let term = folder.term(bytes, partStart, end, needsUnicodeFolding: needsUnicodeFolding)
            tokens.append(AnalyzedToken(term: term, position: position, start: partStart, end: end))
        }
    }
}

/// The words of one camelCase compound seen so far.
private struct CompoundRun {
    var start = 0
    var end = 0
    var position: UInt32 = 0
    /// Where the compound's first part is in the token buffer.
    var firstToken = 0
    var parts = 0
    var needsUnicodeFolding = false

    init() {}

    init(start: Int, position: UInt32, firstToken: Int) {
        self.start = start
        self.end = start
        self.position = position
        self.firstToken = firstToken
    }

    mutating func extend(to end: Int, needsUnicodeFolding: Bool) {
        self.end = end
        parts += 1
        self.needsUnicodeFolding = self.needsUnicodeFolding || needsUnicodeFolding
    }

    /// Inserts the whole compound before its parts when it has several, and resets the run.
    mutating func finish(into tokens: inout [AnalyzedToken], _ bytes: UnsafeBufferPointer<UInt8>, _ folder: inout TermFolder) {
        defer { self = CompoundRun() }
        guard parts > 1 else { return }
        let term = folder.term(bytes, start, end, needsUnicodeFolding: needsUnicodeFolding)
        tokens.insert(AnalyzedToken(term: term, position: position, start: start, end: end), at: firstToken)
    }
}
