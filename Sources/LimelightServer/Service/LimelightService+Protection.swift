import Limelight

extension LimelightService {
    /// Whether the store's protected data is unlocked.
    public var isProtectedDataUnlocked: Bool { store.isProtectedDataUnlocked }

    /// Unlocks protected content with the store's passphrase (the first unlock sets it).
    /// - Throws: `forbidden` for a wrong passphrase; `invalidRequest` for an empty one.
    public func unlockProtectedData(passphrase: String) async throws(LimelightServiceError) {
        try await blocking { try self.store.unlockProtectedData(passphrase: passphrase) }
    }

    /// Locks protected content: content of the `complete` class becomes unreadable and unwritable
    /// until the next unlock (see ``LimelightStore/lockProtectedData()``).
    public func lockProtectedData() async throws(LimelightServiceError) {
        try await blocking { try self.store.lockProtectedData() }
    }

    /// Rewraps the class keys under a new passphrase.
    /// - Throws: `forbidden` when `oldPassphrase` is not the current one.
    public func changeProtectedDataPassphrase(from oldPassphrase: String, to newPassphrase: String) async throws(LimelightServiceError) {
        try await blocking { try self.store.changeProtectedDataPassphrase(from: oldPassphrase, to: newPassphrase) }
    }
}
