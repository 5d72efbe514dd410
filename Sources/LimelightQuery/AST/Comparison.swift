/// The attribute side of a comparison.
public enum AttributeReference: Sendable, Hashable {
    /// A named attribute such as `title`, `kMDItemFSName` or `com_example_rating`.
    case named(String)
    /// `*`: any attribute that is searched by default (titles, names, keywords, descriptions…).
    case anyDefault
    /// `**`: the default-searched attributes plus the text content.
    case anyIncludingContent
}

/// A comparison operator.
///
/// `<`, `>`, `<=` and `>=` are meant for numbers and dates (Apple documents them as such);
/// the parser accepts them with any value and leaves the decision to the planner, since
/// ISO 8601 strings compared against date attributes are common.
public enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    /// `==` (also written `=`).
    case equal = "=="
    /// `!=`.
    case notEqual = "!="
    /// `<`.
    case less = "<"
    /// `>`.
    case greater = ">"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>=`.
    case greaterOrEqual = ">="

    /// The canonical spelling, for example `==`.
    public var symbol: String { rawValue }
}

/// `attribute op value`.
public struct Comparison: Sendable, Hashable {
    /// The attribute compared: a name, `*` or `**`.
    public var attribute: AttributeReference
    /// The comparison operator.
    public var `operator`: ComparisonOperator
    /// The value compared against. String modifiers (`c`, `d`, `w`, `t`) live in the string value,
    /// whether they were written after the operator (`==[cd]`) or after the closing quote.
    public var value: QueryValue

    /// Creates a comparison.
    ///
    /// - Parameters:
    ///   - attribute: The attribute compared.
    ///   - operator: The comparison operator.
    ///   - value: The value compared against.
    public init(_ attribute: AttributeReference, _ operator: ComparisonOperator, _ value: QueryValue) {
        self.attribute = attribute
        self.operator = `operator`
        self.value = value
    }
}

/// `InRange(attribute, lowerBound, upperBound)`: both bounds are inclusive.
public struct RangeTest: Sendable, Hashable {
    /// The attribute tested.
    public var attribute: AttributeReference
    /// The smallest accepted value (inclusive).
    public var lowerBound: QueryValue
    /// The largest accepted value (inclusive).
    public var upperBound: QueryValue

    /// Creates a range test.
    ///
    /// - Parameters:
    ///   - attribute: The attribute tested.
    ///   - lowerBound: The smallest accepted value (inclusive).
    ///   - upperBound: The largest accepted value (inclusive).
    public init(_ attribute: AttributeReference, from lowerBound: QueryValue, through upperBound: QueryValue) {
        self.attribute = attribute
        self.lowerBound = lowerBound
        self.upperBound = upperBound
    }
}
