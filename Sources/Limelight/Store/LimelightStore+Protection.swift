import LimelightCore

extension LimelightStore {
    /// Whether protected data is unlocked (a passphrase was given and the store not locked since).
    public var isProtectedDataUnlocked: Bool { protectedData.isUnlocked }

    /// Unlocks protected content with the store's passphrase. The first unlock of a store sets
    /// its passphrase and creates its class keys.
    /// - Throws: ``ProtectedDataError`` (`wrongPassphrase`, `emptyPassphrase`, `damagedKeychain`).
    public func unlockProtectedData(passphrase: String) throws(ProtectedDataError) {
        try protectedData.unlock(passphrase: passphrase)
    }

    /// Locks protected content: the keys of ``ProtectionClass/complete`` and
    /// ``ProtectionClass/completeUnlessOpen`` leave memory, and open indexes of the `complete`
    /// class are closed (their searches find nothing more, their writes fail as unavailable).
    /// Content of `completeUntilFirstUserAuthentication` stays available. Until the next
    /// ``unlockProtectedData(passphrase:)``, the environment's passphrase does not unlock again.
    public func lockProtectedData() throws {
        protectedData.lock()
        try closeApps { $0.protectionClass?.closesOnLock == true }
    }

    /// Rewraps the class keys under a new passphrase (the encrypted indexes are not rewritten).
    /// - Throws: ``ProtectedDataError/wrongPassphrase`` when `oldPassphrase` is not the current one.
    public func changeProtectedDataPassphrase(from oldPassphrase: String, to newPassphrase: String) throws(ProtectedDataError) {
        try protectedData.changePassphrase(from: oldPassphrase, to: newPassphrase)
    }

    /// The app's indexes a search reads: its unprotected content, then the content of each
    /// protection class it has whose key is available. Locked classes are left out.
    /// - Parameter classes: the classes to search, `nil` standing for unprotected content; an
    ///   empty list searches every available class.
    public func searchableApps(_ bundleIdentifier: String, classes: [ProtectionClass?] = []) throws -> [AppIndex] {
        let wanted: [ProtectionClass?] = classes.isEmpty ? [nil] + ProtectionClass.allCases.map { $0 } : classes
        var result: [AppIndex] = []
        if wanted.contains(where: { $0 == nil }) { result.append(try app(bundleIdentifier)) }
        for protectionClass in protectionClasses(of: bundleIdentifier) where wanted.contains(protectionClass) {
            do {
                result.append(try app(bundleIdentifier, protection: protectionClass))
            } catch let error as CSIndexError where (error.underlyingError as? ProtectedDataError) == .locked(protectionClass) {
                continue  // locked: its items are not found, as on a locked device
            }
        }
        return result
    }
}
