/// The conformance hierarchy of uniform type identifiers, built in so that no platform type database
/// is needed.
///
/// A type conforms to itself, to its parents and to their ancestors (`public.jpeg` → `public.image` →
/// `public.data` → `public.item`, and `public.image` → `public.content`). Identifiers are compared
/// without regard to case, as uniform type identifiers are.
///
/// Unknown identifiers: a dynamic identifier (starting with `dyn.`, the form given to file extensions
/// without a declared type) conforms to `public.data` and `public.item`; any other unknown identifier
/// conforms to `public.item` only.
public enum UTIConformance {
    /// The types every type conforms to, at the root of the hierarchy.
    public static let rootType = "public.item"

    /// Canonical spellings by lowercased identifier.
    private static let canonicalByLowercased: [String: String] = {
        var table: [String: String] = [:]
        for identifier in parentsByType.keys { table[identifier.lowercased()] = identifier }
        return table
    }()

    /// The known types' canonical spelling, or the identifier unchanged when unknown.
    ///
    /// - Parameter identifier: A type identifier in any case.
    public static func canonical(_ identifier: String) -> String {
        canonicalByLowercased[identifier.lowercased()] ?? identifier
    }

    /// Whether the identifier is in the built-in table.
    ///
    /// - Parameter identifier: A type identifier in any case.
    public static func isKnown(_ identifier: String) -> Bool {
        canonicalByLowercased[identifier.lowercased()] != nil
    }

    /// The direct parents of a type.
    ///
    /// - Parameter identifier: A type identifier in any case.
    /// - Returns: The declared parents of a known type; for an unknown one, see the type's rules.
    public static func parents(of identifier: String) -> [String] {
        if let known = canonicalByLowercased[identifier.lowercased()] {
            return parentsByType[known] ?? []
        }
        if identifier.lowercased().hasPrefix("dyn.") { return ["public.data"] }
        return identifier.lowercased() == rootType ? [] : [rootType]
    }

    /// Every type a type conforms to, excluding the type itself, nearest first (breadth-first, each
    /// type once).
    ///
    /// - Parameter identifier: A type identifier in any case.
    /// - Returns: For `public.jpeg`: `public.image`, `public.data`, `public.content`, `public.item`.
    public static func ancestors(of identifier: String) -> [String] {
        var result: [String] = []
        var seen: Set<String> = [canonical(identifier).lowercased()]
        var frontier = parents(of: identifier)
        while !frontier.isEmpty {
            var next: [String] = []
            for parent in frontier where seen.insert(parent.lowercased()).inserted {
                result.append(parent)
                next += parents(of: parent)
            }
            frontier = next
        }
        return result
    }

    /// The type followed by every type it conforms to: the value of the `contentTypeTree` attribute.
    ///
    /// - Parameter identifier: A type identifier in any case.
    /// - Returns: The canonical identifier, then ``ancestors(of:)``.
    public static func typeTree(of identifier: String) -> [String] {
        [canonical(identifier)] + ancestors(of: identifier)
    }

    /// Whether one type conforms to another (every type conforms to itself).
    ///
    /// - Parameters:
    ///   - identifier: The type to test.
    ///   - other: The type it may conform to.
    public static func conforms(_ identifier: String, to other: String) -> Bool {
        let target = other.lowercased()
        if identifier.lowercased() == target { return true }
        return ancestors(of: identifier).contains { $0.lowercased() == target }
    }
}
