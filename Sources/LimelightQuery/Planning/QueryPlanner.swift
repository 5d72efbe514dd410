import LimelightCore
import LimelightText
import Synchronization

/// Compiles a parsed query into the engine's primitives over the caller's index layout.
///
/// The plan is the cheapest one the layout allows:
/// - `attr == "value"` is one lookup of the folded whole value in the attribute's whole-value
///   field, then (unless `c` and `d` make folding exact) a check of the original stored value, so
///   that `title == "Paris"` matches only "Paris" while `"Paris"c` also matches "paris";
/// - `"paris*"` is a prefix walk of the term dictionary; suffix, infix and other wildcards scan
///   the dictionary with a compiled glob (starting at the literal prefix when there is one);
/// - with `w` (implied for text content) the value is split into words like indexed text and
///   matched as a term, a prefix or a phrase on the attribute's text field, so `"Window"w`
///   finds "MyWindowClass" and "Broken Window" but not "NSWindow"; `t` matches each word of the
///   value on its own (all must match);
/// - `"*"` tests presence and `!= "*"` absence; numbers, dates and flags compare numeric columns;
///   `*` and `**` try every default (or extended) searchable attribute.
///
/// `attr != value` matches the documents that have the attribute and do not match
/// `attr == value` (a document without the attribute has no value that differs); write
/// `!(attr == value)` to include documents that lack it. Equality with a relative date that
/// names a period (`$time.today`, `$time.this_week`, …) or with a date-only ISO string
/// (`"2026-01-10"`) matches any instant within that period.
public struct QueryPlanner: Sendable {
    /// The index layout.
    public let schema: any QuerySchema
    /// The clock `$time` functions are evaluated against.
    public let time: TimeEvaluator
    /// The index-term matcher compiled last: `*` and `**` compare one value with a hundred or so
    /// attributes, whose text fields all match the same folded pattern.
    private let indexTermMatchers = MatcherMemo()

    /// Creates a planner.
    /// - Parameters:
    ///   - schema: The index layout.
    ///   - now: The current instant in seconds since 1970, for `$time` functions.
    ///   - timeZoneOffset: The local offset from UTC in seconds, for day and week boundaries.
    public init(schema: any QuerySchema, now: Double, timeZoneOffset: Int = 0) {
        self.schema = schema
        self.time = TimeEvaluator(now: now, timeZoneOffset: timeZoneOffset)
    }

    /// Parses and compiles a query string.
    /// - Throws: ``QuerySyntaxError`` for text that is not a query, ``QueryPlanError`` for a value
    ///   that does not fit its attribute.
    public func plan(queryString: String) throws -> EngineQuery {
        try plan(try QueryParser.parse(queryString))
    }

    /// Compiles a parsed query.
    /// - Throws: ``QueryPlanError`` when a value does not fit its attribute's type.
    public func plan(_ expression: QueryExpression) throws(QueryPlanError) -> EngineQuery {
        switch expression {
        case .comparison(let comparison):
            return try plan(comparison)
        case .inRange(let range):
            return try plan(range)
        case .and(let operands):
            var clauses: [EngineQuery] = []
            for operand in operands { clauses.append(try plan(operand)) }
            return .and(clauses)
        case .or(let operands):
            var clauses: [EngineQuery] = []
            for operand in operands { clauses.append(try plan(operand)) }
            return .or(clauses)
        case .not(let operand):
            return .not(try plan(operand))
        }
    }

    private func attributes(_ reference: AttributeReference) -> (attributes: [PlannerAttribute], isWildcard: Bool) {
        switch reference {
        case .named(let name): return (schema.attribute(named: name).map { [$0] } ?? [], false)
        case .anyDefault: return (schema.defaultSearchableAttributes, true)
        case .anyIncludingContent: return (schema.extendedSearchableAttributes, true)
        }
    }

    private func plan(_ comparison: Comparison) throws(QueryPlanError) -> EngineQuery {
        let (attributes, isWildcard) = attributes(comparison.attribute)
        guard !attributes.isEmpty else {
            // An attribute no document can have: only its absence is true.
            if comparison.operator == .notEqual, comparison.value.stringPattern?.kind == .presence { return .all }
            return .none
        }
        if !isWildcard, let only = attributes.first {
            return try plan(only, comparison.operator, comparison.value, lenient: false)
        }
        if comparison.operator == .notEqual {
            var alternatives: [EngineQuery] = []
            for attribute in attributes {
                alternatives.append(try plan(attribute, .equal, comparison.value, lenient: true))
            }
            return .not(.or(alternatives))
        }
        var alternatives: [EngineQuery] = []
        for attribute in attributes {
            alternatives.append(try plan(attribute, comparison.operator, comparison.value, lenient: true))
        }
        return .or(alternatives)
    }

    /// Compiles one comparison against one attribute; with `lenient`, values of the wrong type
    /// match nothing instead of throwing (for `*` and `**`).
    func plan(
        _ attribute: PlannerAttribute, _ comparisonOperator: ComparisonOperator, _ value: QueryValue, lenient: Bool
    ) throws(QueryPlanError) -> EngineQuery {
        let presence = EngineQuery.term(field: schema.presenceField, term: attribute.name)
        if case .string(let pattern, _) = value, pattern.kind == .presence, comparisonOperator == .equal || comparisonOperator == .notEqual {
            return comparisonOperator == .equal ? presence : .not(presence)
        }
        do throws(QueryPlanError) {
            let positive: EngineQuery
            switch resolvedKind(attribute, value) {
            case .string, .inferred:
                positive = try stringComparison(attribute, comparisonOperator, value)
            case .number, .date, .bool:
                positive = try numericComparison(attribute, comparisonOperator, value)
            case .data:
                throw QueryPlanError(attribute: attribute.name, reason: "data values can only be tested for presence (\"*\")")
            }
            return positive
        } catch {
            if lenient { return .none }
            throw error
        }
    }

    private func resolvedKind(_ attribute: PlannerAttribute, _ value: QueryValue) -> PlannerAttribute.ValueKind {
        guard attribute.kind == .inferred else { return attribute.kind }
        switch value {
        case .string: return .string
        case .number: return .number
        case .bool: return .bool
        case .date: return .date
        }
    }

    /// The matcher of the index terms (words) that `pattern` matches, compiled once for the
    /// attributes of a comparison.
    func indexTermMatcher(_ pattern: StringPattern) -> TermMatcher {
        if let known = indexTermMatchers.last.withLock({ $0?.pattern == pattern ? $0?.matcher : nil }) { return known }
        let glob = WildcardPattern(pattern) { TextAnalyzer.indexTerm($0) }
        var isContainment = false
        if case .infix = pattern.kind { isContainment = true }
        let matcher = TermMatcher(
            literalPrefix: glob.literalPrefix, requiredSubstring: glob.longestLiteral, isContainment: isContainment, matches: glob.matches)
        indexTermMatchers.last.withLock { $0 = (pattern, matcher) }
        return matcher
    }

    /// The presence test of an attribute.
    func presence(_ attribute: PlannerAttribute) -> EngineQuery {
        .term(field: schema.presenceField, term: attribute.name)
    }
}

/// The matcher a planner compiled last, with its pattern (a class: a planner is a value, copied
/// freely). The attributes of one `*` or `**` comparison ask for the same pattern one after the
/// other, and comparing it with the last one (the same array, usually) costs less than hashing it.
private final class MatcherMemo: Sendable {
    let last = Mutex<(pattern: StringPattern, matcher: TermMatcher)?>(nil)
}
