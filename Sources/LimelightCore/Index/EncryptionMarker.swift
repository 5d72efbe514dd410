/// The file that marks an index directory as encrypted and lets a key be checked before anything
/// else is read.
///
/// Without the check, a wrong key would make every log record fail its authentication, and
/// recovery would take them for a torn tail and cut them off.
enum EncryptionMarker {
    static let fileName = "ENCRYPTION"
    private static let context = "limelight index key check"

    /// Checks that `key` suits the index in `directory`, marking a new directory as encrypted.
    /// - Throws: ``StorageError/keyRequired(path:)`` when the index is encrypted and no key is
    ///   given; ``StorageError/wrongKey(path:)`` when the key does not open it;
    ///   ``StorageError/notEncrypted(path:)`` when a key is given for an index that holds
    ///   unencrypted data.
    static func check(directory: String, key: EncryptionKey?) throws {
        let path = directory + "/" + fileName
        let isMarked = FileSystem.exists(path)
        switch (isMarked, key) {
        case (false, nil):
            return
        case (true, nil):
            throw StorageError.keyRequired(path: directory)
        case (true, let key?):
            guard (try? SealedFile.read(path, key: key, context: context, what: fileName)) != nil else {
                throw StorageError.wrongKey(path: directory)
            }
        case (false, let key?):
            if try holdsData(directory) { throw StorageError.notEncrypted(path: directory) }
            let check = try SealedFile.wrap(Array("limelight".utf8), key: key, context: context)
            try FileSystem.writeFileAtomically(path, bytes: check)
        }
    }

    /// Whether the directory already holds index files (a manifest, segments or log records).
    private static func holdsData(_ directory: String) throws -> Bool {
        for name in try FileSystem.list(directory) {
            if name == Manifest.fileName || name.hasSuffix(".seg") { return true }
            if name.hasPrefix("wal-"), try FileSystem.size(directory + "/" + name) > 0 { return true }
        }
        return false
    }
}
