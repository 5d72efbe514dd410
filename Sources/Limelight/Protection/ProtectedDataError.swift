/// Why protected data could not be unlocked or used.
public enum ProtectedDataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Protected data is locked: no passphrase was given since the store opened or since it was
    /// locked.
    case locked(ProtectionClass)
    /// The passphrase does not open the store's class keys.
    case wrongPassphrase
    /// An empty passphrase was given.
    case emptyPassphrase
    /// The store's key file is damaged or of an unknown format.
    case damagedKeychain(String)

    /// A human-readable description.
    public var description: String {
        switch self {
        case .locked(let protectionClass):
            "protected data (class \(protectionClass.rawValue)) is locked: unlock it with the store's passphrase "
                + "(LIMELIGHT_PASSPHRASE or LIMELIGHT_PASSPHRASE_FILE, or LimelightStore.unlockProtectedData)"
        case .wrongPassphrase: "the passphrase does not unlock this store's protected data"
        case .emptyPassphrase: "the passphrase is empty"
        case .damagedKeychain(let what): "the store's protection keys are damaged: \(what)"
        }
    }
}
