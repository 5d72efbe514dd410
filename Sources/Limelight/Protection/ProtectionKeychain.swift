import CryptoExtras
import Foundation
import LimelightCore

/// The store's file of class keys: one random key per protection class, each sealed (AES-GCM)
/// under a key derived from the passphrase with scrypt.
///
/// The passphrase itself is never stored. Changing it rewraps the class keys; the indexes they
/// encrypt are not rewritten.
struct ProtectionKeychain: Codable, Equatable {
    static let fileName = "protection-keys.json"
    static let currentFormat = 1

    /// How the wrapping key is derived from the passphrase.
    struct KeyDerivation: Codable, Equatable {
        var algorithm = "scrypt"
        /// scrypt's N (a power of two): 2^15 takes about 32 MiB and a tenth of a second.
        var cost = 1 << 15
        var blockSize = 8
        var parallelism = 1
        var salt: Data
    }

    var format = Self.currentFormat
    var kdf: KeyDerivation
    /// Sealed class keys by class name.
    var classKeys: [String: Data]

    /// A new keychain with a fresh random key for every class, wrapped by `passphrase`.
    static func create(passphrase: String) throws -> (ProtectionKeychain, [ProtectionClass: EncryptionKey]) {
        var keys: [ProtectionClass: EncryptionKey] = [:]
        for protectionClass in ProtectionClass.allCases { keys[protectionClass] = EncryptionKey.random() }
        return (try wrapping(keys, passphrase: passphrase), keys)
    }

    /// A keychain holding `keys` wrapped by `passphrase` under a new salt.
    static func wrapping(_ keys: [ProtectionClass: EncryptionKey], passphrase: String) throws -> ProtectionKeychain {
        let derivation = KeyDerivation(salt: Data(EncryptionKey.random().bytes.prefix(16)))
        let wrappingKey = try derive(passphrase, derivation)
        var sealed: [String: Data] = [:]
        for (protectionClass, key) in keys {
            sealed[protectionClass.rawValue] = Data(try wrappingKey.seal(key.bytes, context: context(protectionClass)))
        }
        return ProtectionKeychain(kdf: derivation, classKeys: sealed)
    }

    /// The class keys, unwrapped with `passphrase`.
    /// - Throws: ``ProtectedDataError/wrongPassphrase`` when the passphrase does not open them.
    func unwrap(passphrase: String) throws(ProtectedDataError) -> [ProtectionClass: EncryptionKey] {
        guard format == Self.currentFormat, kdf.algorithm == "scrypt" else {
            throw .damagedKeychain("unknown format \(format) or key derivation \(kdf.algorithm)")
        }
        let wrappingKey: EncryptionKey
        do { wrappingKey = try Self.derive(passphrase, kdf) } catch { throw .damagedKeychain("\(error)") }
        var keys: [ProtectionClass: EncryptionKey] = [:]
        for protectionClass in ProtectionClass.allCases {
            guard let sealed = classKeys[protectionClass.rawValue] else { throw .damagedKeychain("no key for \(protectionClass.rawValue)") }
            guard let bytes = wrappingKey.open(Array(sealed), context: Self.context(protectionClass)),
                let key = try? EncryptionKey(bytes: bytes)
            else { throw .wrongPassphrase }
            keys[protectionClass] = key
        }
        return keys
    }

    private static func context(_ protectionClass: ProtectionClass) -> String {
        "limelight class key \(protectionClass.rawValue)"
    }

    private static func derive(_ passphrase: String, _ derivation: KeyDerivation) throws -> EncryptionKey {
        let key = try KDF.Scrypt.deriveKey(
            from: Array(passphrase.utf8), salt: derivation.salt, outputByteCount: EncryptionKey.byteCount,
            rounds: derivation.cost, blockSize: derivation.blockSize, parallelism: derivation.parallelism)
        return try key.withUnsafeBytes { try EncryptionKey(bytes: Array($0)) }
    }

    /// The keychain of the store at `storePath`, or nil when none was made yet.
    static func load(storePath: String) throws(ProtectedDataError) -> ProtectionKeychain? {
        let path = storePath + "/" + fileName
        guard FileSystem.exists(path) else { return nil }
        do {
            return try JSONDecoder().decode(ProtectionKeychain.self, from: Data(try FileSystem.readFile(path)))
        } catch {
            throw .damagedKeychain("\(path) cannot be read: \(error)")
        }
    }

    /// Writes the keychain durably and atomically into the store at `storePath`.
    func save(storePath: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileSystem.writeFileAtomically(storePath + "/" + Self.fileName, bytes: Array(try encoder.encode(self)))
    }
}
