import LimelightText

/// A glob pattern (`*` any run, `?` one character) over UTF-8 bytes, with its literal runs already
/// folded, for scanning term dictionaries and checking stored values.
public struct WildcardPattern: Sendable, Hashable {
    /// One element of a compiled pattern.
    enum Element: Sendable, Hashable {
        case literal([UInt8])
        case anyRun
        case anyScalar
    }

    let elements: [Element]

    /// Compiles `pattern`, folding each literal run with `fold`.
    /// - Parameters:
    ///   - pattern: The parsed string pattern.
    ///   - fold: How literal text is normalised (the same folding must be applied to the text matched).
    public init(_ pattern: StringPattern, fold: (String) -> String) {
        elements = pattern.segments.map { segment in
            switch segment {
            case .literal(let text): .literal(Array(fold(text).utf8))
            case .anyCharacters: .anyRun
            case .anyCharacter: .anyScalar
            }
        }
    }

    /// The literal bytes every match starts with (empty when the pattern starts with a wildcard).
    public var literalPrefix: String {
        if case .literal(let bytes)? = elements.first { return String(decoding: bytes, as: UTF8.self) }
        return ""
    }

    /// Whether `text` matches the whole pattern.
    public func matches(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the UTF-8 bytes match the whole pattern.
    /// - Complexity: O(n·m) in the worst case; linear for patterns with one `*`.
    public func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var patternIndex = 0
        var textIndex = 0
        var starPattern = -1
        var starText = 0
        while patternIndex < elements.count || textIndex < bytes.count {
            if patternIndex < elements.count {
                switch elements[patternIndex] {
                case .anyRun:
                    starPattern = patternIndex
                    starText = textIndex
                    patternIndex += 1
                    continue
                case .anyScalar:
                    if textIndex < bytes.count {
                        textIndex += Self.scalarLength(bytes, at: textIndex)
                        patternIndex += 1
                        continue
                    }
                case .literal(let literal):
                    if Self.hasLiteral(bytes, at: textIndex, literal) {
                        textIndex += literal.count
                        patternIndex += 1
                        continue
                    }
                }
            }
            guard starPattern >= 0, starText < bytes.count else { return false }
            starText += Self.scalarLength(bytes, at: starText)
            textIndex = starText
            patternIndex = starPattern + 1
        }
        return true
    }

    @inline(__always)
    private static func hasLiteral(_ bytes: UnsafeRawBufferPointer, at offset: Int, _ literal: [UInt8]) -> Bool {
        guard bytes.count - offset >= literal.count else { return false }
        for index in 0..<literal.count where bytes[offset + index] != literal[index] { return false }
        return true
    }

    @inline(__always)
    private static func scalarLength(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Int {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(length, bytes.count - offset)
    }
}

/// How stored values are compared once the folded index has found candidates: the folding that
/// the modifiers `c` and `d` ask for.
public struct ValueFolding: Sendable, Hashable {
    /// The folding options applied to both sides.
    public let options: FoldingOptions

    /// The folding asked for by `modifiers`.
    public init(_ modifiers: ComparisonModifiers) {
        var options: FoldingOptions = []
        if modifiers.contains(.caseInsensitive) { options.insert(.caseInsensitive) }
        if modifiers.contains(.diacriticInsensitive) { options.insert(.diacriticInsensitive) }
        self.options = options
    }

    /// Whether index terms (folded for case, diacritics and width) already decide the match, so
    /// that no stored value needs to be read.
    public var isIndexExact: Bool { options.contains(.caseInsensitive) && options.contains(.diacriticInsensitive) }

    /// `text` folded (always in Normalization Form C).
    public func fold(_ text: some StringProtocol) -> String { TextFolding.fold(text, options) }
}
