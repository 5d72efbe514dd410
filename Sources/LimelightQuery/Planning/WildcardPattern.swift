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
    /// The literal of a `*literal*` pattern, matched by a substring search instead of the general
    /// backtracking walk (dictionary scans for infix queries test every term).
    private let infix: [UInt8]?

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
        if elements.count == 3, elements[0] == .anyRun, elements[2] == .anyRun, case .literal(let literal) = elements[1], !literal.isEmpty {
            infix = literal
        } else {
            infix = nil
        }
    }

    /// The literal bytes every match starts with (empty when the pattern starts with a wildcard).
    public var literalPrefix: String {
        if case .literal(let bytes)? = elements.first { return String(decoding: bytes, as: UTF8.self) }
        return ""
    }

    /// The longest literal run of the pattern: bytes every match contains.
    public var longestLiteral: [UInt8] {
        var longest: [UInt8] = []
        for case .literal(let bytes) in elements where bytes.count > longest.count { longest = bytes }
        return longest
    }

    /// Whether `text` matches the whole pattern.
    public func matches(_ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { matches(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the UTF-8 bytes match the whole pattern.
    /// - Complexity: O(n·m) in the worst case; linear for patterns with one `*`.
    public func matches(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let infix { return Self.contains(bytes, infix) }
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

    /// Whether `literal` (not empty) occurs in `bytes`: a scan for its first byte, then a compare.
    static func contains(_ bytes: UnsafeRawBufferPointer, _ literal: [UInt8]) -> Bool {
        let count = literal.count
        guard bytes.count >= count else { return false }
        return literal.withUnsafeBufferPointer { literal in
            let first = literal[0]
            var offset = 0
            let last = bytes.count - count
            while offset <= last {
                if bytes[offset] == first {
                    var index = 1
                    while index < count && bytes[offset + index] == literal[index] { index += 1 }
                    if index == count { return true }
                }
                offset += 1
            }
            return false
        }
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
