/// A parsed Spotlight metadata query: a tree of comparisons joined by `&&`, `||` and `!`.
///
/// The tree is kept in a normal form that makes it easy to walk and to compare:
/// - `.and` and `.or` always hold at least two operands;
/// - an `.and` never holds another `.and` directly, and an `.or` never holds another `.or`
///   (nested groups are flattened: `a && (b && c)` is `.and([a, b, c])`);
/// - parentheses leave no trace (`(a)` is `a`).
///
/// Build compound expressions with ``conjunction(_:)`` and ``disjunction(_:)`` to keep that form.
/// `description` prints the expression back in canonical query syntax, so that
/// `QueryParser.parse(expression.description) == expression`.
public indirect enum QueryExpression: Sendable, Hashable {
    /// `attribute op value`, for example `title == "Paris"cd` or `fileSize > 1000`.
    case comparison(Comparison)
    /// `InRange(attribute, lower, upper)`: the attribute lies within both bounds, inclusive.
    case inRange(RangeTest)
    /// Every operand must match (`&&`). Holds two or more operands, none of them an `.and`.
    case and([QueryExpression])
    /// At least one operand must match (`||`). Holds two or more operands, none of them an `.or`.
    case or([QueryExpression])
    /// The operand must not match (`!`).
    case not(QueryExpression)

    /// Joins operands with `&&`, flattening nested conjunctions.
    ///
    /// - Parameter operands: The expressions that must all match; must not be empty.
    /// - Returns: The single operand itself when there is only one, otherwise an `.and`.
    ///   An empty list gives `nil`.
    public static func conjunction(_ operands: [QueryExpression]) -> QueryExpression? {
        var flattened: [QueryExpression] = []
        flattened.reserveCapacity(operands.count)
        for operand in operands {
            if case .and(let inner) = operand {
                flattened.append(contentsOf: inner)
            } else {
                flattened.append(operand)
            }
        }
        switch flattened.count {
        case 0: return nil
        case 1: return flattened[0]
        default: return .and(flattened)
        }
    }

    /// Joins operands with `||`, flattening nested disjunctions.
    ///
    /// - Parameter operands: The alternatives; must not be empty.
    /// - Returns: The single operand itself when there is only one, otherwise an `.or`.
    ///   An empty list gives `nil`.
    public static func disjunction(_ operands: [QueryExpression]) -> QueryExpression? {
        var flattened: [QueryExpression] = []
        flattened.reserveCapacity(operands.count)
        for operand in operands {
            if case .or(let inner) = operand {
                flattened.append(contentsOf: inner)
            } else {
                flattened.append(operand)
            }
        }
        switch flattened.count {
        case 0: return nil
        case 1: return flattened[0]
        default: return .or(flattened)
        }
    }

    /// Parses a query in strict mode.
    ///
    /// - Parameter query: The query text, for example `kMDItemFSSize > 1000 && title == "a*"c`.
    /// - Throws: ``QuerySyntaxError`` saying where and why the text is not a valid query.
    public init(parsing query: String) throws(QuerySyntaxError) {
        self = try QueryParser.parse(query)
    }
}

extension QueryExpression {
    /// Every attribute name the expression compares, in order of first appearance.
    ///
    /// The wildcard attributes `*` and `**` are not names and are not listed.
    public var attributeNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        forEachLeaf { attribute in
            if case .named(let name) = attribute, seen.insert(name).inserted {
                names.append(name)
            }
        }
        return names
    }

    /// The number of nodes in the tree (comparisons, ranges and operators).
    ///
    /// - Complexity: O(n) in the number of nodes.
    public var nodeCount: Int {
        switch self {
        case .comparison, .inRange: return 1
        case .not(let operand): return 1 + operand.nodeCount
        case .and(let operands), .or(let operands):
            return operands.reduce(1) { $0 + $1.nodeCount }
        }
    }

    /// Returns a copy with every value rewritten by `transform` (comparison values and range bounds).
    ///
    /// - Parameter transform: Called once per value, left to right.
    public func mappingValues(_ transform: (QueryValue) throws -> QueryValue) rethrows -> QueryExpression {
        switch self {
        case .comparison(var comparison):
            comparison.value = try transform(comparison.value)
            return .comparison(comparison)
        case .inRange(var range):
            range.lowerBound = try transform(range.lowerBound)
            range.upperBound = try transform(range.upperBound)
            return .inRange(range)
        case .not(let operand):
            return .not(try operand.mappingValues(transform))
        case .and(let operands):
            return .and(try operands.map { try $0.mappingValues(transform) })
        case .or(let operands):
            return .or(try operands.map { try $0.mappingValues(transform) })
        }
    }

    /// Returns a copy in which every relative date (`$time.today(-1)` …) is replaced by the
    /// absolute instant it denotes for `evaluator`'s clock and time zone.
    ///
    /// - Parameter evaluator: The current time and time zone offset to resolve against.
    public func resolvingDates(using evaluator: TimeEvaluator) -> QueryExpression {
        mappingValues { value in
            if case .date(let time) = value {
                return .date(.instant(evaluator.instant(for: time)))
            }
            return value
        }
    }

    private func forEachLeaf(_ body: (AttributeReference) -> Void) {
        switch self {
        case .comparison(let comparison): body(comparison.attribute)
        case .inRange(let range): body(range.attribute)
        case .not(let operand): operand.forEachLeaf(body)
        case .and(let operands), .or(let operands):
            for operand in operands { operand.forEachLeaf(body) }
        }
    }
}
