extension TextAnalyzer {
    /// Splits `text` into tokens as ``analyze(_:into:startPosition:)`` does and, for each camelCase
    /// compound ("iPhone", "JavaScript", "MyWindowClass"), adds the whole compound as one more token
    /// at the position of its first part, just before the parts.
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
                position &+= 1
            }
            compound.finish(into: &tokens, bytes, &termFolder)
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
