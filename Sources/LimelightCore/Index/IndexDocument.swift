/// How a field's terms are indexed.
public enum FieldKind: UInt8, Sendable {
    /// Analysed text: terms with frequencies and positions (phrases, BM25 scoring).
    case text = 1
    /// Exact keywords: terms without positions (identifiers, whole values, types, domains).
    case keyword = 2
}

/// One term occurrence of a text field (the term and its word position).
public struct TermOccurrence: Sendable, Equatable {
    /// The term as it is indexed.
    public var term: String
    /// The word position (for phrase queries); ignored for keyword fields.
    public var position: UInt32

    /// Creates an occurrence.
    public init(term: String, position: UInt32) {
        self.term = term
        self.position = position
    }
}

/// The terms of one field of a document, already analysed.
public struct FieldTerms: Sendable, Equatable {
    /// The field's name (any string; `_`-prefixed names are conventionally internal).
    public var field: String
    /// How the field is indexed.
    public var kind: FieldKind
    /// The terms in position order (for text) or any order (for keywords).
    public var terms: [TermOccurrence]
    /// The field's length in words, used for length normalisation (defaults to the term count).
    public var length: UInt32

    /// Creates a field; `length` defaults to the number of terms.
    public init(field: String, kind: FieldKind, terms: [TermOccurrence], length: UInt32? = nil) {
        self.field = field
        self.kind = kind
        self.terms = terms
        self.length = length ?? UInt32(terms.count)
    }

    /// A keyword field holding the given terms.
    public static func keywords(_ field: String, _ values: [String]) -> FieldTerms {
        FieldTerms(field: field, kind: .keyword, terms: values.map { TermOccurrence(term: $0, position: 0) })
    }
}

/// A document ready for the engine: analysed terms, numeric doc values and stored bytes, under a
/// unique key.
///
/// The engine does no text analysis of its own; the layer above decides what terms a value makes.
public struct IndexDocument: Sendable, Equatable {
    /// The document's unique key. Adding a document with an existing key replaces it.
    public var key: String
    /// The indexed fields.
    public var fields: [FieldTerms]
    /// Numeric doc values (numbers, dates as seconds since 1970, booleans as 0/1), one per field.
    public var numbers: [String: Double]
    /// The stored document, returned verbatim by searches.
    public var stored: [UInt8]
    /// Whether the fields and numbers are exactly what the engine's ``DocumentDeriver`` makes of the
    /// key and stored bytes: the write-ahead log then records only those, and derives the rest
    /// again on replay (see ``SearchEngine/Options/documentDeriver``).
    public var isDerivedFromStored: Bool

    /// Creates a document.
    public init(
        key: String, fields: [FieldTerms] = [], numbers: [String: Double] = [:], stored: [UInt8] = [], isDerivedFromStored: Bool = false
    ) {
        self.key = key
        self.fields = fields
        self.numbers = numbers
        self.stored = stored
        self.isDerivedFromStored = isDerivedFromStored
    }
}

/// Rebuilds a document from its key and stored bytes, as the layer above the engine maps its
/// records: the same function made every document marked ``IndexDocument/isDerivedFromStored``.
/// It throws when the bytes do not decode.
public typealias DocumentDeriver = @Sendable (_ key: String, _ stored: [UInt8]) throws -> IndexDocument

/// The reserved keyword field that holds every document's key.
public let keyFieldName = "_key"
