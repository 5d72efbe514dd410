/// One change in a ``WriteBatch``.
public enum WriteOperation: Sendable, Equatable {
    /// Adds a document, replacing any live document with the same key.
    case upsert(IndexDocument)
    /// Deletes the live document with this key, if any.
    case deleteKey(String)
    /// Deletes every live document that has `term` in keyword or text field `field`.
    case deleteTerm(field: String, term: String)
    /// Sets (or, with nil, removes) a metadata entry committed atomically with the batch.
    case setMetadata(key: String, value: [UInt8]?)
}

/// A condition checked atomically with a commit: the metadata entry `key` must currently equal
/// `expected` (nil: be absent). A failed check applies nothing.
public struct MetadataPrecondition: Sendable, Equatable {
    /// The metadata key.
    public var key: String
    /// The value it must have, or nil for "absent".
    public var expected: [UInt8]?

    /// Creates a precondition.
    public init(key: String, expected: [UInt8]?) {
        self.key = key
        self.expected = expected
    }
}

/// An all-or-nothing group of operations.
///
/// A batch is committed with one log record and one `fsync`: after ``SearchEngine/commit(_:)``
/// returns, every operation survives a crash; before it, none is visible to searches.
public struct WriteBatch: Sendable, Equatable {
    /// The operations, applied in order.
    public var operations: [WriteOperation]
    /// Conditions that must hold for the batch to apply.
    public var preconditions: [MetadataPrecondition]

    /// Creates a batch.
    public init(_ operations: [WriteOperation] = [], preconditions: [MetadataPrecondition] = []) {
        self.operations = operations
        self.preconditions = preconditions
    }

    /// Appends an operation.
    public mutating func append(_ operation: WriteOperation) { operations.append(operation) }

    /// Whether the batch has no operations.
    public var isEmpty: Bool { operations.isEmpty }
}
