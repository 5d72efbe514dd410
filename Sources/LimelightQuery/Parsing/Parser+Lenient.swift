/// What one lenient step produced.
private enum LenientTerm {
    /// A full expression (a comparison, a range, a group, a negation, a quoted phrase).
    case expression(QueryExpression)
    /// A bare word to be searched as free text.
    case word(String)
    /// Nothing usable (the step was dropped).
    case nothing
}

extension Parser {
    /// The most diagnostics lenient parsing keeps; hostile input could otherwise produce one per token.
    static let maximumNotes = 64

    /// Parses as much of the query as makes sense; never fails.
    ///
    /// Repairs: strings and groups left open are closed; dangling `&&`, `||`, `!` and operators are
    /// dropped; a comparison missing its value is dropped; an unquoted word after an operator is
    /// read as a string; unbalanced `)` are ignored; nesting past the limit is flattened; words and
    /// quoted strings outside any comparison become free-text searches of every attribute and the
    /// text content (`** == "words"cdwt`, or `cdw` for a quoted phrase); terms written side by side
    /// are joined with `&&`.
    ///
    /// - Returns: The expression, or `nil` when nothing searchable remains.
    mutating func parseLenientQuery() -> QueryExpression? {
        parseSequenceLeniently(insideParentheses: false)
    }

    /// Records a repair (up to ``maximumNotes``).
    ///
    /// The position is worked out only when the diagnostic is kept, so hostile input stays linear.
    mutating func note(_ code: ParseFailure.Code, _ reason: String, at token: Token) {
        if notes.count < Self.maximumNotes { notes.append(error(code, reason, at: token)) }
    }

    private mutating func note(_ diagnostic: ParseFailure) {
        if notes.count < Self.maximumNotes { notes.append(diagnostic) }
    }

    /// Moves to the next token; the lenient lexer never fails, but if it did the query would end here.
    private mutating func advanceLeniently() {
        do {
            try advance()
        } catch {
            note(error)
            skipToEnd()
        }
    }

    private mutating func skipToEnd() {
        while current.kind != .end {
            do { try advance() } catch { return }
        }
    }

    /// `term (&& | || | adjacency) term …` up to the end or, inside a group, a `)`.
    private mutating func parseSequenceLeniently(insideParentheses: Bool) -> QueryExpression? {
        var alternatives: [QueryExpression] = []
        var conjuncts: [QueryExpression] = []
        var words: [String] = []
        func flushWords() {
            if !words.isEmpty {
                conjuncts.append(Self.freeTextExpression(words))
                words = []
            }
        }
        loop: while true {
            let before = current
            switch current.kind {
            case .end:
                break loop
            case .rightParenthesis:
                if insideParentheses { break loop }
                note(.unbalancedParenthesis, "ignored unbalanced ')'", at: current)
                advanceLeniently()
            case .or:
                flushWords()
                if let conjunction = QueryExpression.conjunction(conjuncts) { alternatives.append(conjunction) }
                conjuncts = []
                advanceLeniently()
            case .and:
                flushWords()
                advanceLeniently()
            case .comma:
                advanceLeniently()
            case .comparison, .modifierList:
                skipComparisonWithoutAttribute()
            default:
                switch parseTermLeniently() {
                case .expression(let expression):
                    flushWords()
                    conjuncts.append(expression)
                case .word(let word):
                    words.append(word)
                case .nothing:
                    break
                }
                // Every step must consume input, whatever went wrong inside it.
                if current.start == before.start, current.kind == before.kind, current.kind != .end {
                    advanceLeniently()
                }
            }
        }
        flushWords()
        if let conjunction = QueryExpression.conjunction(conjuncts) { alternatives.append(conjunction) }
        return QueryExpression.disjunction(alternatives)
    }

    private mutating func parseTermLeniently() -> LenientTerm {
        let token = current
        switch current.kind {
        case .not:
            guard depth < maximumDepth else {
                note(.nestingTooDeep, "ignored '!' nested deeper than \(maximumDepth) levels", at: token)
                while current.kind == .not { advanceLeniently() }
                return current.kind == .end ? .nothing : parseTermLeniently()
            }
            depth += 1
            defer { depth -= 1 }
            advanceLeniently()
            switch current.kind {
            case .end, .rightParenthesis, .and, .or, .comma:
                note(.unexpectedEnd, "dropped '!' with nothing to negate", at: token)
                return .nothing
            default:
                break
            }
            switch parseTermLeniently() {
            case .expression(let operand): return .expression(.not(operand))
            case .word(let word): return .expression(.not(Self.freeTextExpression([word])))
            case .nothing: return .nothing
            }
        case .leftParenthesis:
            guard depth < maximumDepth else {
                note(.nestingTooDeep, "ignored '(' nested deeper than \(maximumDepth) levels", at: token)
                advanceLeniently()
                return .nothing
            }
            depth += 1
            defer { depth -= 1 }
            advanceLeniently()
            let inner = parseSequenceLeniently(insideParentheses: true)
            if current.kind == .rightParenthesis {
                advanceLeniently()
            } else {
                note(.unbalancedParenthesis, "closed '(' left open", at: token)
            }
            return inner.map(LenientTerm.expression) ?? .nothing
        case .identifier(let name) where isRangeCall(name):
            do {
                return .expression(.inRange(try parseInRange()))
            } catch {
                note(error)
                skipPastRightParenthesis()
                return .nothing
            }
        case .identifier, .star, .doubleStar:
            let attribute = attributeReference(current.kind)
            advanceLeniently()
            guard case .comparison = current.kind, let attribute else {
                if case .identifier(let word) = token.kind { return .word(word) }
                note(.expectedOperator, "ignored \(token.kind.quotedForMessage) without a comparison", at: token)
                return .nothing
            }
            return parseComparisonLeniently(attribute: attribute, attributeToken: token)
        case .string(let literal):
            advanceLeniently()
            let modifiers: ComparisonModifiers =
                literal.modifiers.isEmpty ? [.caseInsensitive, .diacriticInsensitive, .wordBased] : literal.modifiers
            return .expression(
                .comparison(Comparison(.anyIncludingContent, .equal, .string(literal.pattern, modifiers)))
            )
        case .number:
            advanceLeniently()
            return .word(text(of: token))
        case .word(let word):
            advanceLeniently()
            return .word(word)
        case .variable(let name):
            do {
                _ = try readTime(named: name)
                note(.expectedAttribute, "ignored a date without an attribute to compare", at: token)
            } catch {
                note(error)
            }
            return .nothing
        default:
            advanceLeniently()
            return .nothing
        }
    }

    /// `attribute op value` with ``current`` on the operator; drops the comparison when the value
    /// is missing or unreadable.
    private mutating func parseComparisonLeniently(attribute: AttributeReference, attributeToken: Token) -> LenientTerm
    {
        guard case .comparison(let comparisonOperator) = current.kind else { return .nothing }
        let operatorToken = current
        advanceLeniently()
        var bracketModifiers: ComparisonModifiers = []
        var bracketToken: Token?
        if case .modifierList(let modifiers) = current.kind {
            bracketModifiers = modifiers
            bracketToken = current
            advanceLeniently()
        }
        let dropped = "dropped the comparison on \(attributeToken.kind.quotedForMessage)"
        switch current.kind {
        case .end, .rightParenthesis, .and, .or, .comma, .comparison, .modifierList, .not, .leftParenthesis:
            note(.expectedValue, "\(dropped): no value after '\(text(of: operatorToken))'", at: current)
            return .nothing
        case .identifier(let word) where Self.booleanLiteral(word) == nil && !isRangeCall(word), .word(let word):
            note(.expectedValue, "read the unquoted word '\(word)' as a string", at: current)
            advanceLeniently()
            let value = QueryValue.string(StringPattern(literal: word), bracketModifiers)
            return .expression(.comparison(Comparison(attribute, comparisonOperator, value)))
        case .star, .doubleStar:
            note(.expectedValue, "read the unquoted '*' as a string", at: current)
            advanceLeniently()
            let value = QueryValue.string(StringPattern(segments: [.anyCharacters]), bracketModifiers)
            return .expression(.comparison(Comparison(attribute, comparisonOperator, value)))
        default:
            let valueToken = current
            do {
                // Without the bracket token, modifiers on a non-string value are dropped, not rejected.
                let value = try readValue(
                    context: "after '\(text(of: operatorToken))'",
                    bracketModifiers: bracketModifiers,
                    bracketToken: nil
                )
                if let bracketToken, value.stringPattern == nil {
                    note(.misplacedModifier, "ignored modifiers on a value that is not a string", at: bracketToken)
                }
                return .expression(.comparison(Comparison(attribute, comparisonOperator, value)))
            } catch {
                note(error.code, "\(dropped): \(error.reason)", at: operatorToken)
                if current.start == valueToken.start, current.kind != .end { advanceLeniently() }
                return .nothing
            }
        }
    }

    /// Skips an operator written without an attribute, with its modifiers and value (`== 5`).
    private mutating func skipComparisonWithoutAttribute() {
        note(.expectedAttribute, "ignored \(current.kind.quotedForMessage) without an attribute", at: current)
        advanceLeniently()
        if case .modifierList = current.kind { advanceLeniently() }
        switch current.kind {
        case .string, .number, .star:
            advanceLeniently()
        case .variable(let name):
            do { _ = try readTime(named: name) } catch { note(error) }
        default:
            break
        }
    }

    /// After a malformed `InRange(…)`, skips to just past the next `)` (or to the end).
    private mutating func skipPastRightParenthesis() {
        while current.kind != .end, current.kind != .rightParenthesis {
            advanceLeniently()
        }
        if current.kind == .rightParenthesis { advanceLeniently() }
    }

    /// `** == "<words>"cdwt`: Apple's recommended query for text typed by a user.
    static func freeTextExpression(_ words: [String]) -> QueryExpression {
        let value = QueryValue.string(
            StringPattern(literal: words.joined(separator: " ")),
            [.caseInsensitive, .diacriticInsensitive, .wordBased, .tokenized]
        )
        return .comparison(Comparison(.anyIncludingContent, .equal, value))
    }
}
