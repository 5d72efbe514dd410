import Foundation

/// A data-protection class of index content, as Apple's `FileProtectionType` names them.
///
/// Content of a protected class is encrypted at rest with that class's key. The keys are wrapped
/// by the store's passphrase and held in memory only while protected data is unlocked:
/// - ``complete``: readable and writable only while unlocked; locking closes its indexes.
/// - ``completeUnlessOpen``: an index opened while unlocked stays usable after locking; it cannot
///   be opened while locked.
/// - ``completeUntilFirstUserAuthentication``: usable from the first unlock until the process
///   ends, whether locked again or not.
///
/// `FileProtectionType.none` (and no class) means unprotected: stored without encryption.
public enum ProtectionClass: String, Sendable, CaseIterable, Codable {
    case complete
    case completeUnlessOpen
    case completeUntilFirstUserAuthentication

    /// The class of Apple's protection type; nil for `.none` and nil, which are unprotected. A
    /// type this table does not know is treated as ``complete``, the strictest class.
    public init?(_ type: FileProtectionType?) {
        guard let type, type.rawValue != FileProtectionType.none.rawValue else { return nil }
        switch type.rawValue {
        case FileProtectionType.completeUnlessOpen.rawValue: self = .completeUnlessOpen
        case FileProtectionType.completeUntilFirstUserAuthentication.rawValue: self = .completeUntilFirstUserAuthentication
        default: self = .complete
        }
    }

    /// Apple's protection type of this class.
    public var fileProtectionType: FileProtectionType {
        switch self {
        case .complete: .complete
        case .completeUnlessOpen: .completeUnlessOpen
        case .completeUntilFirstUserAuthentication: .completeUntilFirstUserAuthentication
        }
    }

    /// The name that stands for unprotected content where classes are named by text: the daemon's
    /// `protection` parameter and the CLI's status output.
    public static let unprotectedName = "none"

    /// The name of `protectionClass` as text: its raw value, or ``unprotectedName`` for nil.
    public static func name(of protectionClass: ProtectionClass?) -> String {
        protectionClass?.rawValue ?? unprotectedName
    }

    /// Whether locking takes this class's key away from indexes not yet open.
    var isKeyDiscardedOnLock: Bool { self != .completeUntilFirstUserAuthentication }

    /// Whether locking closes this class's open indexes.
    var closesOnLock: Bool { self == .complete }
}
