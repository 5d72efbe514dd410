/// A key for an attribute the app declares itself, alongside the built-in ones.
///
/// Key names contain only ASCII letters, digits and underscores, start with a letter, are at most
/// ``maximumKeyNameLength`` characters long, do not start with the reserved prefix `kMD`, and do not
/// reuse the name of a built-in attribute or of one of its Spotlight aliases. Use a reverse-DNS style
/// without dots, such as `com_example_recipes_cookingTime`. Initializers return `nil` for invalid names.
///
/// Instances are immutable, so they are safe to share between tasks. Two keys are equal when their
/// names and all their flags are equal.
public final class CSCustomAttributeKey: Sendable, Hashable, CustomStringConvertible {
    /// The longest accepted key name, in characters.
    public static let maximumKeyNameLength = 255

    /// The name of the custom attribute.
    public let keyName: String
    /// Whether the attribute's words can be searched by naming the attribute in a query. Defaults to `true`.
    public let isSearchable: Bool
    /// Whether the attribute is also matched by `*` and typed user queries. Defaults to `false`.
    public let isSearchableByDefault: Bool
    /// Whether values of this attribute are shared by many items, so that they can be stored once.
    /// An optimization hint that does not change results. Defaults to `false`.
    public let isUnique: Bool
    /// Whether the attribute holds a list of values. Defaults to `false`.
    public let isMultiValued: Bool

    /// Creates a key that is searchable, not searchable by default, not unique and single-valued.
    ///
    /// - Parameter keyName: The attribute's name; see the type's rules.
    /// - Returns: `nil` when the name is not valid.
    public convenience init?(keyName: String) {
        self.init(keyName: keyName, searchable: true, searchableByDefault: false, unique: false, multiValued: false)
    }

    /// Creates a key with the given behavior.
    ///
    /// - Parameters:
    ///   - keyName: The attribute's name; see the type's rules.
    ///   - searchable: Whether the attribute's words can be searched.
    ///   - searchableByDefault: Whether `*` and typed queries match it (implies searchable).
    ///   - unique: Whether values are shared by many items (a storage hint).
    ///   - multiValued: Whether the attribute holds a list of values.
    /// - Returns: `nil` when the name is not valid.
    public init?(keyName: String, searchable: Bool, searchableByDefault: Bool, unique: Bool, multiValued: Bool) {
        guard Self.validationFailure(forKeyName: keyName) == nil else { return nil }
        self.keyName = keyName
        self.isSearchable = searchable || searchableByDefault
        self.isSearchableByDefault = searchableByDefault
        self.isUnique = unique
        self.isMultiValued = multiValued
    }

    /// Why a key name is not valid, or `nil` when it is.
    ///
    /// - Parameter keyName: The candidate name.
    /// - Returns: A sentence such as "must not start with the reserved prefix kMD".
    public static func validationFailure(forKeyName keyName: String) -> String? {
        guard let first = keyName.utf8.first else { return "the name is empty" }
        guard keyName.utf8.count <= maximumKeyNameLength else {
            return "the name is longer than \(maximumKeyNameLength) characters"
        }
        guard isASCIILetter(first) else { return "the name must start with an ASCII letter" }
        for byte in keyName.utf8 where !(isASCIILetter(byte) || isASCIIDigit(byte) || byte == UInt8(ascii: "_")) {
            return "the name may contain only ASCII letters, digits and underscores"
        }
        if keyName.hasPrefix("kMD") { return "the prefix kMD is reserved" }
        if AttributeCatalogue.isReserved(keyName) { return "the name is taken by a built-in attribute" }
        return nil
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Whether two keys have the same name and flags.
    public static func == (lhs: CSCustomAttributeKey, rhs: CSCustomAttributeKey) -> Bool {
        lhs.keyName == rhs.keyName && lhs.isSearchable == rhs.isSearchable
            && lhs.isSearchableByDefault == rhs.isSearchableByDefault && lhs.isUnique == rhs.isUnique
            && lhs.isMultiValued == rhs.isMultiValued
    }

    /// Hashes the name and flags.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyName)
        hasher.combine(isSearchable)
        hasher.combine(isSearchableByDefault)
        hasher.combine(isUnique)
        hasher.combine(isMultiValued)
    }

    /// The key name.
    public var description: String { keyName }
}
