import LimelightCore

extension QueryPlanner {
    /// The numeric reading of a query value: an instant or number, and for dates that name a
    /// period (a day, a week…), the end of that period.
    struct NumericValue {
        var value: Double
        var periodEnd: Double?
    }

    /// A comparison of a number, date or flag attribute with its numeric column.
    func numericComparison(
        _ attribute: PlannerAttribute, _ comparisonOperator: ComparisonOperator, _ value: QueryValue
    ) throws(QueryPlanError) -> EngineQuery {
        let number = try numericValue(attribute, value)
        switch comparisonOperator {
        case .equal:
            if let end = number.periodEnd { return columnTest(attribute, number.value, end, true, false) }
            return columnTest(attribute, number.value, number.value, true, true)
        case .notEqual:
            let equal = number.periodEnd.map { columnTest(attribute, number.value, $0, true, false) }
                ?? columnTest(attribute, number.value, number.value, true, true)
            return .and([presence(attribute), .not(equal)])
        case .less: return columnTest(attribute, nil, number.value, false, false)
        case .lessOrEqual: return columnTest(attribute, nil, number.value, false, true)
        case .greater: return columnTest(attribute, number.value, nil, false, false)
        case .greaterOrEqual: return columnTest(attribute, number.value, nil, true, false)
        }
    }

    /// `InRange(attr, low, high)`, inclusive.
    func plan(_ range: RangeTest) throws(QueryPlanError) -> EngineQuery {
        let (attributes, isWildcard): ([PlannerAttribute], Bool)
        switch range.attribute {
        case .named(let name): (attributes, isWildcard) = (schema.attribute(named: name).map { [$0] } ?? [], false)
        case .anyDefault: (attributes, isWildcard) = (schema.defaultSearchableAttributes, true)
        case .anyIncludingContent: (attributes, isWildcard) = (schema.extendedSearchableAttributes, true)
        }
        var alternatives: [EngineQuery] = []
        for attribute in attributes {
            do {
                alternatives.append(try rangeTest(attribute, range))
            } catch {
                if !isWildcard { throw error }
            }
        }
        return alternatives.count == 1 ? alternatives[0] : .or(alternatives)
    }

    private func rangeTest(_ attribute: PlannerAttribute, _ range: RangeTest) throws(QueryPlanError) -> EngineQuery {
        var kind = attribute.kind
        if kind == .inferred {
            switch range.lowerBound {
            case .string: kind = .string
            case .date: kind = .date
            case .number, .bool: kind = .number
            }
        }
        if kind == .string {
            guard case .string(let low, _) = range.lowerBound, case .string(let high, _) = range.upperBound,
                !low.hasWildcards, !high.hasWildcards
            else { throw QueryPlanError(attribute: attribute.name, reason: "InRange on a string attribute needs two strings without wildcards") }
            let lower = try stringComparison(attribute, .greaterOrEqual, .string(low, []))
            let upper = try stringComparison(attribute, .lessOrEqual, .string(high, []))
            return .and([lower, upper])
        }
        var typed = attribute
        typed.kind = kind
        let low = try numericValue(typed, range.lowerBound)
        let high = try numericValue(typed, range.upperBound)
        return columnTest(typed, low.value, high.value, true, true)
    }

    /// The numeric reading of `value` for `attribute`.
    func numericValue(_ attribute: PlannerAttribute, _ value: QueryValue) throws(QueryPlanError) -> NumericValue {
        switch value {
        case .number(let number):
            return NumericValue(value: number)
        case .bool(let flag):
            return NumericValue(value: flag ? 1 : 0)
        case .date(let time):
            let instant = self.time.instant(for: time)
            guard case .relative(let relative) = time, relative.anchor != .now else { return NumericValue(value: instant) }
            let end = self.time.instant(for: RelativeTime(relative.anchor, offset: relative.offset + 1))
            return NumericValue(value: instant, periodEnd: end > instant ? end : nil)
        case .string(let pattern, _):
            guard !pattern.hasWildcards else {
                throw QueryPlanError(attribute: attribute.name, reason: "wildcards only apply to strings; \(attribute.name) holds \(Self.kindName(attribute.kind))")
            }
            let text = pattern.literalText.trimmingSpaces()
            switch attribute.kind {
            case .date:
                guard let instant = ISO8601Date.parse(text) else {
                    throw QueryPlanError(attribute: attribute.name, reason: "\"\(text)\" is not an ISO 8601 date")
                }
                let isDateOnly = text.utf8.count == 10
                return NumericValue(value: instant, periodEnd: isDateOnly ? instant + 86_400 : nil)
            case .bool:
                switch text.lowercased() {
                case "true", "yes", "1": return NumericValue(value: 1)
                case "false", "no", "0": return NumericValue(value: 0)
                default: throw QueryPlanError(attribute: attribute.name, reason: "\"\(text)\" is not a Boolean")
                }
            default:
                guard let number = Double(text), number.isFinite else {
                    throw QueryPlanError(attribute: attribute.name, reason: "\"\(text)\" is not a number")
                }
                return NumericValue(value: number)
            }
        }
    }

    /// A range test on the attribute's column; multi-valued attributes check every stored value.
    func columnTest(_ attribute: PlannerAttribute, _ lower: Double?, _ upper: Double?, _ includeLower: Bool, _ includeUpper: Bool) -> EngineQuery {
        let column = attribute.column ?? attribute.name
        guard attribute.isMultiValued else {
            return .range(field: column, lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper)
        }
        let name = attribute.name
        let schema = self.schema
        return .filter(.hasNumber(field: column), DocumentPredicate { _, stored in
            schema.storedNumbers(of: name, in: stored).contains { value in
                if let lower, includeLower ? value < lower : value <= lower { return false }
                if let upper, includeUpper ? value > upper : value >= upper { return false }
                return true
            }
        })
    }

    private static func kindName(_ kind: PlannerAttribute.ValueKind) -> String {
        switch kind {
        case .string, .inferred: "strings"
        case .number: "numbers"
        case .date: "dates"
        case .bool: "Booleans"
        case .data: "data"
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}
