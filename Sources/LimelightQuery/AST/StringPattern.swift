/// A string value as a glob pattern: literal runs and wildcards.
///
/// `*` stands for any run of characters (possibly empty) and `?` for exactly one character.
/// Escaped `\*` and `\?` are literal characters and live inside literal segments.
///
/// The segments are kept normalized so that equal patterns compare equal: adjacent literals are
/// merged, empty literals are dropped, and consecutive `*` collapse into one.
public struct StringPattern: Sendable, Hashable {
    /// One piece of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Characters matched as written (subject to the comparison modifiers).
        case literal(String)
        /// `*`: any run of characters, possibly empty.
        case anyCharacters
        /// `?`: exactly one character.
        case anyCharacter
    }

    /// How a pattern can be matched; the planner picks an index strategy from this.
    public enum Kind: Sendable, Hashable {
        /// No wildcard: the whole value must equal the string (`"paris"`).
        case exact(String)
        /// `"paris*"`: the value starts with the string.
        case prefix(String)
        /// `"*paris"`: the value ends with the string.
        case suffix(String)
        /// `"*paris*"`: the value contains the string.
        case infix(String)
        /// `"*"` alone: the attribute has any value at all.
        case presence
        /// Any other combination of literals, `*` and `?`.
        case general
    }

    /// The normalized segments, in order.
    public let segments: [Segment]

    /// Creates a pattern, normalizing the segments.
    ///
    /// - Parameter segments: Literal runs and wildcards in order.
    public init(segments: [Segment]) {
        var normalized: [Segment] = []
        normalized.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .literal(let text):
                if text.isEmpty { continue }
                if case .literal(let previous)? = normalized.last {
                    normalized[normalized.count - 1] = .literal(previous + text)
                } else {
                    normalized.append(segment)
                }
            case .anyCharacters:
                if normalized.last != .anyCharacters { normalized.append(segment) }
            case .anyCharacter:
                normalized.append(segment)
            }
        }
        self.segments = normalized
    }

    /// A pattern without wildcards that matches `text` exactly.
    ///
    /// - Parameter text: The literal text; `*` and `?` in it are plain characters.
    public init(literal text: String) {
        self.init(segments: [.literal(text)])
    }

    /// How the pattern can be matched.
    public var kind: Kind {
        switch segments.count {
        case 0:
            return .exact("")
        case 1:
            switch segments[0] {
            case .literal(let text): return .exact(text)
            case .anyCharacters: return .presence
            case .anyCharacter: return .general
            }
        case 2:
            switch (segments[0], segments[1]) {
            case (.literal(let text), .anyCharacters): return .prefix(text)
            case (.anyCharacters, .literal(let text)): return .suffix(text)
            default: return .general
            }
        case 3:
            if case (.anyCharacters, .literal(let text), .anyCharacters) = (segments[0], segments[1], segments[2]) {
                return .infix(text)
            }
            return .general
        default:
            return .general
        }
    }

    /// Whether the pattern contains `*` or `?`.
    public var hasWildcards: Bool {
        segments.contains { segment in
            if case .literal = segment { return false }
            return true
        }
    }

    /// The pattern's text with wildcards dropped, for example `paris` for `"*paris*"`.
    public var literalText: String {
        var text = ""
        for case .literal(let run) in segments { text += run }
        return text
    }
}
