import Foundation
import LimelightCore
import Synchronization

/// The class keys of one store and whether protected data is unlocked.
///
/// Keys exist in memory only between an unlock and the next lock (for
/// ``ProtectionClass/completeUntilFirstUserAuthentication``: from the first unlock on). The first
/// unlock of a store creates its keys under the passphrase given. Until the store is locked
/// explicitly, a passphrase from the environment (`LIMELIGHT_PASSPHRASE`, or the first line of the
/// file named by `LIMELIGHT_PASSPHRASE_FILE`) unlocks it on first need.
final class ProtectedDataKeys: Sendable {
    private struct State {
        var keys: [ProtectionClass: EncryptionKey] = [:]
        var isUnlocked = false
        /// Set by an explicit lock: the environment's passphrase no longer unlocks on demand.
        var wasLockedExplicitly = false
    }

    private let storePath: String
    private let state = Mutex(State())

    init(storePath: String) {
        self.storePath = storePath
    }

    /// Whether protected data is unlocked.
    var isUnlocked: Bool { state.withLock { $0.isUnlocked } }

    /// Unlocks with `passphrase`, creating the store's class keys on first use.
    func unlock(passphrase: String) throws(ProtectedDataError) {
        guard !passphrase.isEmpty else { throw .emptyPassphrase }
        let keys: [ProtectionClass: EncryptionKey]
        if let keychain = try ProtectionKeychain.load(storePath: storePath) {
            keys = try keychain.unwrap(passphrase: passphrase)
        } else {
            do {
                let (keychain, created) = try ProtectionKeychain.create(passphrase: passphrase)
                try keychain.save(storePath: storePath)
                keys = created
            } catch {
                throw .damagedKeychain("the keys could not be created: \(error)")
            }
        }
        state.withLock { state in
            state.keys = keys
            state.isUnlocked = true
            state.wasLockedExplicitly = false
        }
    }

    /// Locks: discards the keys of every class but ``ProtectionClass/completeUntilFirstUserAuthentication``.
    func lock() {
        state.withLock { state in
            state.keys = state.keys.filter { !$0.key.isKeyDiscardedOnLock }
            state.isUnlocked = false
            state.wasLockedExplicitly = true
        }
    }

    /// Rewraps the class keys under `newPassphrase`; the indexes they encrypt stay as they are.
    func changePassphrase(from oldPassphrase: String, to newPassphrase: String) throws(ProtectedDataError) {
        guard !newPassphrase.isEmpty else { throw .emptyPassphrase }
        guard let keychain = try ProtectionKeychain.load(storePath: storePath) else {
            return try unlock(passphrase: newPassphrase)
        }
        let keys = try keychain.unwrap(passphrase: oldPassphrase)
        do {
            try ProtectionKeychain.wrapping(keys, passphrase: newPassphrase).save(storePath: storePath)
        } catch {
            throw .damagedKeychain("the keys could not be rewrapped: \(error)")
        }
    }

    /// The key of `protectionClass`, unlocking with the environment's passphrase when the store
    /// has not been locked explicitly.
    /// - Throws: ``ProtectedDataError/locked(_:)`` when the key is not available.
    func key(for protectionClass: ProtectionClass) throws(ProtectedDataError) -> EncryptionKey {
        let (key, mayUnlock) = state.withLock { ($0.keys[protectionClass], !$0.wasLockedExplicitly) }
        if let key { return key }
        if mayUnlock, let passphrase = Self.environmentPassphrase() {
            try unlock(passphrase: passphrase)
            if let key = state.withLock({ $0.keys[protectionClass] }) { return key }
        }
        throw .locked(protectionClass)
    }

    /// The passphrase the environment gives: `LIMELIGHT_PASSPHRASE`, else the first line of the
    /// file `LIMELIGHT_PASSPHRASE_FILE` names.
    static func environmentPassphrase() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let passphrase = environment["LIMELIGHT_PASSPHRASE"], !passphrase.isEmpty { return passphrase }
        guard let path = environment["LIMELIGHT_PASSPHRASE_FILE"], !path.isEmpty,
            let bytes = try? FileSystem.readFile(path),
            let line = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first,
            !line.isEmpty
        else { return nil }
        return String(line)
    }
}
