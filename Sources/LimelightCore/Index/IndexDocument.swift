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

/// One field of an ``IndexDocument``: its name, kind and length, and its terms' place in the
/// document's ``IndexDocument/occurrences``.
public struct FieldSpan: Sendable, Equatable {
    /// The field's name.
    public var field: String
    /// How the field is indexed.
    public var kind: FieldKind
    /// The field's length in words, used for length normalisation (a segment stores at least 1
    /// for a field with terms).
    public var length: UInt32
    /// Where the field's terms are in ``IndexDocument/occurrences``.
    public var terms: Range<Int>
}

/// A document ready for the engine: analysed terms, numeric doc values and stored bytes, under a
/// unique key.
///
/// The engine does no text analysis of its own; the layer above decides what terms a value makes.
/// A document keeps the terms of all its fields in one array, field after field, so that making,
/// inverting and freeing it handles one buffer of terms rather than one per field.
public struct IndexDocument: Sendable, Equatable {
    /// The document's unique key. Adding a document with an existing key replaces it.
    public var key: String
    /// The terms of every field, field after field (see ``fieldSpans``).
    public private(set) var occurrences: [TermOccurrence] = []
    /// The indexed fields, in the order they were added.
    public private(set) var fieldSpans: [FieldSpan] = []
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
        self.numbers = numbers
        self.stored = stored
        self.isDerivedFromStored = isDerivedFromStored
        for field in fields { append(field) }
    }

    /// The indexed fields, each with a copy of its terms.
    public var fields: [FieldTerms] {
        fieldSpans.map { FieldTerms(field: $0.field, kind: $0.kind, terms: Array(occurrences[$0.terms]), length: $0.length) }
    }

    /// The terms of `span`, one of ``fieldSpans``.
    public func terms(of span: FieldSpan) -> ArraySlice<TermOccurrence> { occurrences[span.terms] }

    /// Adds a field.
    public mutating func append(_ field: FieldTerms) {
        appendField(field.field, kind: field.kind, length: field.length) { terms in
            for occurrence in field.terms { terms.append(occurrence.term, position: occurrence.position) }
        }
    }

    /// Adds a keyword field holding `values`.
    public mutating func appendKeywords(_ field: String, _ values: [String]) {
        appendField(field, kind: .keyword) { terms in
            for value in values { terms.append(value) }
        }
    }

    /// Adds a field whose terms `addTerms` appends, straight into the document's array of terms.
    /// `length` defaults to the number of terms added. When `addTerms` throws, the document is
    /// left as it was.
    public mutating func appendField(
        _ field: String, kind: FieldKind, length: UInt32? = nil, _ addTerms: (inout TermAppender) throws -> Void
    ) rethrows {
        let start = occurrences.count
        // The appender takes the array over for the call (no copy: its buffer stays unique).
        var appender = TermAppender(occurrences: occurrences)
        occurrences = []
        do {
            try addTerms(&appender)
        } catch {
            occurrences = appender.occurrences
            occurrences.removeSubrange(start...)
            throw error
        }
        occurrences = appender.occurrences
        let end = occurrences.count
        fieldSpans.append(FieldSpan(field: field, kind: kind, length: length ?? UInt32(end - start), terms: start..<end))
    }

    /// Reserves room for `fields` fields holding `terms` terms in all.
    public mutating func reserveCapacity(fields: Int, terms: Int) {
        fieldSpans.reserveCapacity(fields)
        occurrences.reserveCapacity(terms)
    }
}

/// Appends the terms of one field to an ``IndexDocument`` (see ``IndexDocument/appendField(_:kind:length:_:)``);
/// it can only add terms, so the document's earlier fields stay as they were.
public struct TermAppender {
    fileprivate var occurrences: [TermOccurrence]

    /// Adds `term` at word `position` (ignored for keyword fields).
    @inline(__always)
    public mutating func append(_ term: String, position: UInt32 = 0) {
        occurrences.append(TermOccurrence(term: term, position: position))
    }
}

/// Rebuilds a document from its key and stored bytes, as the layer above the engine maps its
/// records: the same function made every document marked ``IndexDocument/isDerivedFromStored``.
/// It throws when the bytes do not decode.
public typealias DocumentDeriver = @Sendable (_ key: String, _ stored: [UInt8]) throws -> IndexDocument

/// The reserved keyword field that holds every document's key.
public let keyFieldName = "_key"
