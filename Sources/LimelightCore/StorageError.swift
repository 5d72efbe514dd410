/// An error from the storage engine.
///
/// Errors say what was wrong and where; a corrupt file never crashes the process.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A system call failed; `operation` names it and the path, `code` is `errno`.
    case io(operation: String, path: String, code: Int32)
    /// Stored bytes failed a checksum or structural check.
    case corrupt(String)
    /// The write-ahead log is damaged in the middle (not just a torn tail): later records are intact
    /// but cannot be trusted in order. Opening with `repairCorruptLog` drops the damaged suffix.
    case corruptLog(path: String, offset: Int, intactRecordsAfter: Int)
    /// The store was written by a newer, incompatible version.
    case unsupportedVersion(String)
    /// A compare-and-swap precondition of a batch did not hold.
    case preconditionFailed(String)
    /// The engine was closed.
    case closed
    /// The caller passed an invalid value.
    case invalidArgument(String)
    /// Another open engine (in this or another process) holds the directory's writer lock.
    case locked(path: String)
    /// The index is encrypted and was opened without its key.
    case keyRequired(path: String)
    /// The key given does not open the encrypted index.
    case wrongKey(path: String)
    /// A key was given for an index that holds unencrypted data.
    case notEncrypted(path: String)
    /// The write-ahead log records documents by their stored bytes, and the index was opened
    /// without the ``DocumentDeriver`` that rebuilds them.
    case documentDeriverRequired(path: String)

    /// A human-readable description.
    public var description: String {
        switch self {
        case .io(let operation, let path, let code): "\(operation) failed for \(path): \(errnoDescription(code))"
        case .corrupt(let what): "corrupt data: \(what)"
        case .corruptLog(let path, let offset, let after):
            "write-ahead log \(path) is damaged at byte \(offset) with \(after) intact record(s) after it"
        case .unsupportedVersion(let what): "unsupported format version: \(what)"
        case .preconditionFailed(let what): "precondition failed: \(what)"
        case .closed: "the index is closed"
        case .invalidArgument(let what): "invalid argument: \(what)"
        case .locked(let path):
            "\(path) is in use by another process (one writer at a time: stop it, or go through limelightd)"
        case .keyRequired(let path): "\(path) is encrypted: it opens only with its key"
        case .wrongKey(let path): "the key does not open \(path) (another key, or its ENCRYPTION file is damaged)"
        case .notEncrypted(let path): "\(path) holds unencrypted data and cannot be opened as an encrypted index"
        case .documentDeriverRequired(let path):
            "\(path) logs documents by their stored bytes: it opens only with the document deriver of the layer that wrote it (open it through LimelightStore)"
        }
    }
}
