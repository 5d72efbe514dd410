/// Bytes given to ``StoredItemCodec/decode(_:)`` are not a stored item: truncated, damaged, or written
/// by an unknown format version.
public struct StoredItemCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem occurred.
    public enum Kind: String, Sendable, Hashable {
        /// The bytes end before the record does.
        case truncated
        /// The bytes do not start with the stored-item signature.
        case badSignature
        /// The record was written by a format version this code cannot read.
        case unsupportedVersion
        /// The checksum does not match: the bytes were changed after being written.
        case checksumMismatch
        /// The record is structurally invalid (bad tag, bad UTF-8, a value the catalogue refuses).
        case corrupt
    }

    /// What kind of problem occurred.
    public let kind: Kind
    /// What was wrong, in one sentence.
    public let message: String
    /// The byte offset where the problem was found.
    public let offset: Int

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What kind of problem occurred.
    ///   - message: What was wrong.
    ///   - offset: The byte offset where it was found.
    public init(kind: Kind, message: String, offset: Int) {
        self.kind = kind
        self.message = message
        self.offset = offset
    }

    /// The message with its offset.
    public var description: String { "stored item: \(message) (at byte \(offset))" }

    static func truncated(at offset: Int) -> StoredItemCodecError {
        StoredItemCodecError(kind: .truncated, message: "the record is truncated", offset: offset)
    }

    static func corrupt(_ message: String, at offset: Int) -> StoredItemCodecError {
        StoredItemCodecError(kind: .corrupt, message: message, offset: offset)
    }
}
