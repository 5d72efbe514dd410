import LimelightCore

/// What the planner knows about one attribute: the kind of its values and the engine fields and
/// columns that hold them.
public struct PlannerAttribute: Sendable, Hashable {
    /// The kind of value an attribute holds, as far as matching is concerned.
    public enum ValueKind: Sendable, Hashable {
        /// Strings and URLs.
        case string
        /// Numbers.
        case number
        /// Points in time (seconds since 1970 in the column).
        case date
        /// Flags (0 or 1 in the column).
        case bool
        /// Opaque bytes: only presence can be tested.
        case data
        /// Unknown (an attribute the catalogue does not declare, such as an app's custom attribute):
        /// the query value's own type decides how it is matched.
        case inferred
    }

    /// The canonical name (presence tests and stored-value lookups use it).
    public var name: String
    /// The kind of the attribute's values.
    public var kind: ValueKind
    /// Whether the attribute holds a list of values.
    public var isMultiValued: Bool
    /// The text field holding the attribute's folded words with positions, when it is text-indexed.
    public var textField: String?
    /// The keyword field holding the attribute's folded whole values, when it has one. Without it,
    /// whole-value comparisons of an attribute with a ``textField`` find candidates through its
    /// words and check them against the stored values.
    public var wholeValueField: String?
    /// The numeric column holding the attribute's (first) value, for numbers, dates and flags.
    public var column: String?
    /// Whether comparisons always match words (`w` implied), as for the full text content.
    public var impliesWordMatching: Bool

    /// Creates an attribute description.
    public init(
        name: String, kind: ValueKind, isMultiValued: Bool = false, textField: String? = nil,
        wholeValueField: String? = nil, column: String? = nil, impliesWordMatching: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.isMultiValued = isMultiValued
        self.textField = textField
        self.wholeValueField = wholeValueField
        self.column = column
        self.impliesWordMatching = impliesWordMatching
    }
}

/// The caller's description of its index layout, so that the planner can compile attribute names
/// to engine fields without depending on the layer that defines the attributes.
public protocol QuerySchema: Sendable {
    /// The attribute called `name` (a property name, an alias or a custom attribute's name).
    /// Return an attribute of kind ``PlannerAttribute/ValueKind/inferred`` for names that may be
    /// custom attributes; `nil` makes comparisons on the name match nothing.
    func attribute(named name: String) -> PlannerAttribute?
    /// The attributes `*` stands for.
    var defaultSearchableAttributes: [PlannerAttribute] { get }
    /// The attributes `**` stands for.
    var extendedSearchableAttributes: [PlannerAttribute] { get }
    /// The keyword field holding, for each document, the names of the attributes it has.
    var presenceField: String { get }
    /// The longest whole value kept in a whole-value field, in characters; longer values are cut.
    var wholeValueLimit: Int { get }
    /// The original (unfolded) textual values of `attribute` in a document's stored bytes, used to
    /// verify case- and diacritic-sensitive matches after a folded index lookup.
    func storedStrings(of attribute: String, in stored: [UInt8]) -> [String]
    /// The numeric values (numbers, dates in seconds since 1970, flags as 0/1) of `attribute` in a
    /// document's stored bytes, used for multi-valued attributes whose column keeps one value.
    func storedNumbers(of attribute: String, in stored: [UInt8]) -> [Double]
}
