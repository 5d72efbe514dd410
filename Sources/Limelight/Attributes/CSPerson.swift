import Synchronization

/// A person associated with an item, such as the author or a recipient of a message.
///
/// Thread safety: the only mutable property, ``contactIdentifier``, lives behind a `Mutex`.
public final class CSPerson: Sendable, Hashable, CustomStringConvertible {
    /// The `handleIdentifier` of handles that are email addresses (the contact property key).
    public static let emailAddressesHandleIdentifier = "emailAddresses"
    /// The `handleIdentifier` of handles that are phone numbers (the contact property key).
    public static let phoneNumbersHandleIdentifier = "phoneNumbers"

    /// The name shown for the person.
    public let displayName: String?
    /// The person's addresses of the kind named by ``handleIdentifier``.
    public let handles: [String]
    /// The kind of the handles: ``emailAddressesHandleIdentifier``, ``phoneNumbersHandleIdentifier``,
    /// or another contact property key.
    public let handleIdentifier: String
    private let contact: Mutex<String?>

    /// Creates a person.
    ///
    /// - Parameters:
    ///   - displayName: The name shown for the person.
    ///   - handles: The person's addresses.
    ///   - handleIdentifier: The kind of the handles, such as `emailAddresses`.
    public init(displayName: String?, handles: [String], handleIdentifier: String) {
        self.displayName = displayName
        self.handles = handles
        self.handleIdentifier = handleIdentifier
        self.contact = Mutex(nil)
    }

    /// The identifier of the person's record in the user's contacts, if known.
    public var contactIdentifier: String? {
        get { contact.withLock { $0 } }
        set { contact.withLock { $0 = newValue } }
    }

    /// The handles that are email addresses: all of them when ``handleIdentifier`` says so, otherwise
    /// those containing `@` unless the handles are phone numbers.
    var emailAddresses: [String] {
        if handleIdentifier == Self.emailAddressesHandleIdentifier { return handles }
        if handleIdentifier == Self.phoneNumbersHandleIdentifier { return [] }
        return handles.filter { $0.contains("@") }
    }

    /// Whether two persons have the same name, handles, handle kind and contact identifier.
    public static func == (lhs: CSPerson, rhs: CSPerson) -> Bool {
        lhs.displayName == rhs.displayName && lhs.handles == rhs.handles && lhs.handleIdentifier == rhs.handleIdentifier
            && lhs.contactIdentifier == rhs.contactIdentifier
    }

    /// Hashes the name, handles and handle kind.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(displayName)
        hasher.combine(handles)
        hasher.combine(handleIdentifier)
    }

    /// The display name and handles.
    public var description: String {
        "\(displayName ?? "(no name)") <\(handles.joined(separator: ", "))>"
    }
}
