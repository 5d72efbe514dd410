/// A query that parsed but cannot be compiled: a value that does not fit the attribute's type.
///
/// `description` reads like `attribute 'rating': "high" is not a number`.
public struct QueryPlanError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The attribute the comparison named.
    public let attribute: String
    /// What was wrong, in plain words.
    public let reason: String

    /// Creates an error.
    /// - Parameters:
    ///   - attribute: The attribute the comparison named.
    ///   - reason: What was wrong.
    public init(attribute: String, reason: String) {
        self.attribute = attribute
        self.reason = reason
    }

    /// `attribute '<name>': <reason>`.
    public var description: String { "attribute '\(attribute)': \(reason)" }
}
