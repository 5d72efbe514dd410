/// Decides whether a dictionary term matches (for wildcard, suffix and infix matching).
public struct TermMatcher: Sendable {
    /// A literal prefix every matching term starts with ("" when unknown): narrows the scan.
    public var literalPrefix: String
    /// Bytes every matching term contains (empty when unknown): with three or more, the scan reads
    /// only the terms that hold all their three-byte sequences.
    public var requiredSubstring: [UInt8]
    /// The test applied to each term's UTF-8 bytes.
    public var matches: @Sendable (UnsafeRawBufferPointer) -> Bool
    /// Whether `matches` accepts exactly the terms that contain `requiredSubstring` (a `*text*`
    /// pattern): a trigram index then settles three-byte substrings without testing each term.
    public var isContainment: Bool
    /// Tells this matcher (and its copies) from every other one, so that an evaluation can find the
    /// terms it matched once and reuse them: two matchers' tests cannot be compared.
    let identity = Identity()

    /// Creates a matcher.
    public init(
        literalPrefix: String = "", requiredSubstring: [UInt8] = [], isContainment: Bool = false,
        matches: @escaping @Sendable (UnsafeRawBufferPointer) -> Bool
    ) {
        self.literalPrefix = literalPrefix
        self.requiredSubstring = requiredSubstring
        self.isContainment = isContainment
        self.matches = matches
    }

    /// An object whose only use is its identity.
    final class Identity: Sendable {}
}

/// Decides whether a candidate document matches, looking at its stored bytes (used to verify
/// exact-case or exact-diacritic matches after a folded index lookup).
public struct DocumentPredicate: Sendable {
    /// The test; receives the document's key and stored bytes.
    public var matches: @Sendable (_ key: String, _ stored: [UInt8]) -> Bool

    /// Creates a predicate.
    public init(_ matches: @escaping @Sendable (_ key: String, _ stored: [UInt8]) -> Bool) {
        self.matches = matches
    }
}

/// The engine's query primitives, combined into a tree.
///
/// The query language compiles to these; each is evaluated per segment against the term
/// dictionary, postings, positions and numeric columns.
public indirect enum EngineQuery: Sendable {
    /// Every live document.
    case all
    /// No document.
    case none
    /// Documents whose `field` contains exactly `term`.
    case term(field: String, term: String)
    /// Documents whose `field` contains a term starting with `prefix`.
    case prefix(field: String, prefix: String)
    /// Documents whose `field` contains a term accepted by the matcher (a term-dictionary scan).
    case matching(field: String, TermMatcher)
    /// Documents whose text `field` contains `terms` at consecutive positions; with `lastIsPrefix`
    /// the last one matches as a prefix.
    case phrase(field: String, terms: [String], lastIsPrefix: Bool)
    /// Documents whose numeric column `field` lies in the range (nil bounds are open).
    case range(field: String, lower: Double?, upper: Double?, includeLower: Bool, includeUpper: Bool)
    /// Documents that have a value in numeric column `field`.
    case hasNumber(field: String)
    /// Documents matching every clause.
    case and([EngineQuery])
    /// Documents matching any clause.
    case or([EngineQuery])
    /// Live documents not matching the clause.
    case not(EngineQuery)
    /// Documents matching the query and accepted by the predicate.
    case filter(EngineQuery, DocumentPredicate)
}
