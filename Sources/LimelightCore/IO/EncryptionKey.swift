import Crypto

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A 256-bit key that encrypts an engine's files at rest (AES-256-GCM).
///
/// An engine opened with a key (``SearchEngine/Options/encryptionKey``) seals every file it
/// writes: log records, segments, deletion files and the manifest. Nothing of the index is
/// readable from the directory without the key. The engine keeps the key in memory while open.
public struct EncryptionKey: Sendable {
    /// The key's length in bytes.
    public static let byteCount = 32

    let symmetricKey: SymmetricKey

    /// A key made of `bytes`.
    /// - Throws: ``StorageError/invalidArgument(_:)`` unless there are exactly 32 bytes.
    public init(bytes: [UInt8]) throws {
        guard bytes.count == Self.byteCount else {
            throw StorageError.invalidArgument("an encryption key has \(Self.byteCount) bytes, not \(bytes.count)")
        }
        symmetricKey = SymmetricKey(data: bytes)
    }

    /// A new key from the system's secure random number generator.
    public static func random() -> EncryptionKey {
        EncryptionKey(symmetricKey: SymmetricKey(size: .bits256))
    }

    private init(symmetricKey: SymmetricKey) {
        self.symmetricKey = symmetricKey
    }

    /// The key's bytes (to be stored only in wrapped, encrypted form).
    public var bytes: [UInt8] {
        symmetricKey.withUnsafeBytes { Array($0) }
    }

    /// Encrypts and authenticates `plaintext`, binding it to `context` (which must be given again
    /// to open it): `nonce (12 bytes) | ciphertext | tag (16 bytes)`.
    public func seal(_ plaintext: [UInt8], context: String) throws -> [UInt8] {
        do {
            let box = try AES.GCM.seal(plaintext, using: symmetricKey, nonce: AES.GCM.Nonce(), authenticating: Array(context.utf8))
            guard let combined = box.combined else { throw StorageError.invalidArgument("AES-GCM produced no combined form") }
            return Array(combined)
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError.invalidArgument("encryption failed: \(error)")
        }
    }

    /// The plaintext of bytes made by ``seal(_:context:)`` with this key and `context`; nil when
    /// they were made with another key or context, or were changed since.
    public func open(_ sealed: [UInt8], context: String) -> [UInt8]? {
        sealed.withUnsafeBytes { open($0, context: context) }
    }

    /// The plaintext of sealed bytes in memory (see ``open(_:context:)-([UInt8],_)``).
    func open(_ sealed: UnsafeRawBufferPointer, context: String) -> [UInt8]? {
        guard sealed.count >= Self.overhead,
            let box = try? AES.GCM.SealedBox(combined: sealed),
            let plaintext = try? AES.GCM.open(box, using: symmetricKey, authenticating: Array(context.utf8))
        else { return nil }
        return Array(plaintext)
    }

    /// Bytes a sealed message has beyond its plaintext: the nonce and the tag.
    public static let overhead = 12 + 16
}

/// The envelope of an encrypted engine file: a magic number, then the sealed contents.
enum SealedFile {
    static let magic: UInt32 = 0x4553_4C4C  // "LLSE"

    /// `bytes` as stored: sealed under `key` and bound to `context` when a key is given,
    /// unchanged otherwise.
    static func wrap(_ bytes: [UInt8], key: EncryptionKey?, context: String) throws -> [UInt8] {
        guard let key else { return bytes }
        var writer = ByteWriter(capacity: bytes.count + 4 + EncryptionKey.overhead)
        writer.write(magic)
        writer.write(bytes: try key.seal(bytes, context: context))
        return writer.bytes
    }

    /// The contents of the file at `path`, opened with `key` when one is given (see
    /// ``unwrap(_:key:context:what:)``).
    static func read(_ path: String, key: EncryptionKey?, context: String, what: String) throws -> [UInt8] {
        try unwrap(try FileSystem.readFile(path), key: key, context: context, what: what)
    }

    /// The contents of a stored file, opened with `key` when one is given.
    /// - Throws: ``StorageError/corrupt(_:)`` naming `what` when the file is not sealed, was
    ///   changed, or belongs elsewhere.
    static func unwrap(_ stored: [UInt8], key: EncryptionKey?, context: String, what: String) throws -> [UInt8] {
        guard let key else { return stored }
        guard stored.count >= 4,
            stored.withUnsafeBytes({ UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }) == magic
        else { throw StorageError.corrupt("\(what) is not encrypted") }
        let opened = stored.withUnsafeBytes { key.open(UnsafeRawBufferPointer(rebasing: $0[4...]), context: context) }
        guard let plaintext = opened else {
            throw StorageError.corrupt("\(what) fails its authentication (damaged, or not of this index)")
        }
        return plaintext
    }
}
