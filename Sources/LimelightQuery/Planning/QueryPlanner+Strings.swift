import LimelightCore
import LimelightText

extension QueryPlanner {
    /// A comparison of a string attribute.
    func stringComparison(
        _ attribute: PlannerAttribute, _ comparisonOperator: ComparisonOperator, _ value: QueryValue
    ) throws(QueryPlanError) -> EngineQuery {
        let pattern: StringPattern
        let modifiers: ComparisonModifiers
        switch value {
        case .string(let written, let writtenModifiers):
            pattern = written
            modifiers = writtenModifiers
        case .number(let number):
            pattern = StringPattern(literal: Self.format(number))
            modifiers = []
        case .bool(let flag):
            pattern = StringPattern(literal: flag ? "true" : "false")
            modifiers = []
        case .date:
            throw QueryPlanError(attribute: attribute.name, reason: "a date cannot be compared with a string attribute")
        }
        switch comparisonOperator {
        case .equal:
            return equality(attribute, pattern, modifiers)
        case .notEqual:
            return .and([presence(attribute), .not(equality(attribute, pattern, modifiers))])
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard !pattern.hasWildcards else {
                throw QueryPlanError(attribute: attribute.name, reason: "wildcards cannot be used with \(comparisonOperator.symbol)")
            }
            return ordering(attribute, comparisonOperator, pattern.literalText)
        }
    }

    /// `attr == pattern` with modifiers.
    func equality(_ attribute: PlannerAttribute, _ pattern: StringPattern, _ modifiers: ComparisonModifiers) -> EngineQuery {
        if pattern.kind == .presence { return presence(attribute) }
        let folding = ValueFolding(modifiers)
        if modifiers.contains(.tokenized) {
            let parts = Self.splitAtWhitespace(pattern)
            guard parts.count > 1 else { return wordMatch(attribute, parts.first ?? pattern, folding) }
            return .and(parts.map { wordMatch(attribute, $0, folding) })
        }
        let wordBased = modifiers.contains(.wordBased) || attribute.impliesWordMatching
            || (attribute.wholeValueField == nil && attribute.textField == nil)
        return wordBased ? wordMatch(attribute, pattern, folding) : wholeValueMatch(attribute, pattern, folding)
    }

    // MARK: Whole values

    private func wholeValueMatch(_ attribute: PlannerAttribute, _ pattern: StringPattern, _ folding: ValueFolding) -> EngineQuery {
        guard let field = attribute.wholeValueField else { return wholeValueMatchThroughWords(attribute, pattern, folding) }
        let limit = schema.wholeValueLimit
        let base: EngineQuery
        var mustVerify = !folding.isIndexExact
        switch pattern.kind {
        case .exact(let text):
            let folded = TextFolding.fold(text, .indexTerm)
            if folded.count > limit {
                base = .term(field: field, term: String(folded.prefix(limit)))
                mustVerify = true
            } else {
                base = .term(field: field, term: folded)
            }
        case .prefix(let text):
            let folded = TextFolding.fold(text, .indexTerm)
            if folded.count >= limit {
                base = .prefix(field: field, prefix: String(folded.prefix(limit)))
                mustVerify = true
            } else {
                base = .prefix(field: field, prefix: folded)
            }
        case .presence:
            return presence(attribute)
        case .suffix, .infix, .general:
            let glob = WildcardPattern(pattern) { TextFolding.fold($0, .indexTerm) }
            base = .matching(field: field, TermMatcher(literalPrefix: glob.literalPrefix, requiredSubstring: glob.longestLiteral, matches: glob.matches))
        }
        guard mustVerify else { return base }
        let name = attribute.name
        let schema = self.schema
        let check = WildcardPattern(pattern) { folding.fold($0) }
        return .filter(base, DocumentPredicate { _, stored in
            schema.storedStrings(of: name, in: stored).contains { check.matches(folding.fold($0)) }
        })
    }

    /// A whole-value comparison of an attribute indexed only by its words: the documents that have
    /// every word the pattern's literal text spells (as whole terms, or as the ends of terms where
    /// a wildcard touches them), checked against the stored values.
    private func wholeValueMatchThroughWords(_ attribute: PlannerAttribute, _ pattern: StringPattern, _ folding: ValueFolding) -> EngineQuery {
        guard let field = attribute.textField else { return .none }
        if pattern.kind == .presence { return presence(attribute) }
        let clauses = Self.wordClauses(of: pattern, in: field)
        let candidates: EngineQuery = clauses.isEmpty ? presence(attribute) : clauses.count == 1 ? clauses[0] : .and(clauses)
        let name = attribute.name
        let schema = self.schema
        // Case- and diacritic-insensitive comparisons fold as index terms do (width too), as the
        // whole-value dictionary did.
        let indexExact = folding.isIndexExact
        let fold: @Sendable (String) -> String = { text in indexExact ? TextFolding.fold(text, .indexTerm) : folding.fold(text) }
        let check = WildcardPattern(pattern, fold: fold)
        return .filter(candidates, DocumentPredicate { _, stored in
            schema.storedStrings(of: name, in: stored).contains { check.matches(fold($0)) }
        })
    }

    /// Clauses every value matching `pattern` satisfies in the text field `field`: each word of
    /// each literal run of the pattern is a term, except that a word touching a wildcard may be
    /// the end (or, between two wildcards, any part) of a longer term.
    ///
    /// Literal runs are lowercased before they are split, so they have no camelCase boundaries:
    /// each of their words is a whole run of letters and digits, which documents index either as
    /// it is or, when it is a camelCase compound, also whole. A word is taken as a term's end only
    /// when an ASCII separator stands between it and the wildcard.
    static func wordClauses(of pattern: StringPattern, in field: String) -> [EngineQuery] {
        var clauses: [EngineQuery] = []
        var seen = Set<String>()
        let segments = pattern.segments
        for (index, segment) in segments.enumerated() {
            guard case .literal(let text) = segment else { continue }
            let lowered = TextFolding.fold(text, .caseInsensitive)
            let tokens = TextAnalyzer.analyze(lowered)
            let bytes = Array(lowered.utf8)
            let openBefore = index > 0
            let openAfter = index < segments.count - 1
            for (position, token) in tokens.enumerated() {
                let openStart = openBefore && position == 0 && !isWordBoundary(bytes[..<token.start])
                let openEnd = openAfter && position == tokens.count - 1 && !isWordBoundary(bytes[token.end...])
                let term = token.term
                guard !term.isEmpty, seen.insert("\(openStart ? "*" : "")\(term)\(openEnd ? "*" : "")").inserted else { continue }
                switch (openStart, openEnd) {
                case (false, false): clauses.append(.term(field: field, term: term))
                case (false, true): clauses.append(.prefix(field: field, prefix: term))
                case (true, false):
                    let suffix = Array(term.utf8)
                    clauses.append(.matching(field: field, TermMatcher(requiredSubstring: suffix) { bytes in
                        bytes.count >= suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix)
                    }))
                case (true, true):
                    let part = Array(term.utf8)
                    clauses.append(.matching(field: field, TermMatcher(requiredSubstring: part) { bytes in WildcardPattern.contains(bytes, part) }))
                }
            }
        }
        return clauses
    }

    /// Whether the characters between a word and the wildcard next to it surely end the word: at
    /// least one, all ASCII and none an apostrophe (which words keep inside, as in "don't").
    private static func isWordBoundary(_ between: ArraySlice<UInt8>) -> Bool {
        !between.isEmpty && between.allSatisfy { $0 < 0x80 && $0 != 0x27 }
    }

    // MARK: Words

    /// Matches the pattern against the words of the attribute (the `w` modifier).
    func wordMatch(_ attribute: PlannerAttribute, _ pattern: StringPattern, _ folding: ValueFolding) -> EngineQuery {
        if pattern.kind == .presence { return presence(attribute) }
        guard let field = attribute.textField else { return wordScanOfWholeValues(attribute, pattern, folding) }
        let name = attribute.name
        let schema = self.schema
        switch pattern.kind {
        case .exact(let text), .prefix(let text):
            let isPrefix: Bool
            if case .prefix = pattern.kind { isPrefix = true } else { isPrefix = false }
            let terms = TextAnalyzer.analyze(text).map(\.term)
            guard let first = terms.first else { return isPrefix ? presence(attribute) : .none }
            let singleCJK = terms.count == 1 && TextAnalyzer.cjkQueryForm(of: text) == .singleCharacter
            let lastIsPrefix = isPrefix || singleCJK
            let base: EngineQuery =
                terms.count == 1
                ? (lastIsPrefix ? .prefix(field: field, prefix: first) : .term(field: field, term: first))
                : .phrase(field: field, terms: terms, lastIsPrefix: lastIsPrefix)
            if folding.isIndexExact { return base }
            let wanted = TextAnalyzer.words(text).map { folding.fold($0) }
            return .filter(base, DocumentPredicate { _, stored in
                schema.storedStrings(of: name, in: stored).contains { value in
                    Self.containsWords(TextAnalyzer.words(value).map { folding.fold($0) }, wanted, lastIsPrefix: lastIsPrefix)
                }
            })
        case .presence:
            return presence(attribute)
        case .suffix, .infix, .general:
            let parts = Self.splitAtWhitespace(pattern)
            if parts.count > 1 { return .and(parts.map { wordMatch(attribute, $0, folding) }) }
            let base = EngineQuery.matching(field: field, indexTermMatcher(pattern))
            if folding.isIndexExact { return base }
            let check = WildcardPattern(pattern) { folding.fold($0) }
            return .filter(base, DocumentPredicate { _, stored in
                schema.storedStrings(of: name, in: stored).contains { value in
                    TextAnalyzer.words(value).contains { check.matches(folding.fold($0)) }
                }
            })
        }
    }

    /// Word matching on an attribute that is not text-indexed: scans its whole values and splits
    /// each into words.
    private func wordScanOfWholeValues(_ attribute: PlannerAttribute, _ pattern: StringPattern, _ folding: ValueFolding) -> EngineQuery {
        guard let field = attribute.wholeValueField else { return .none }
        let indexGlob = WildcardPattern(pattern) { TextAnalyzer.indexTerm($0) }
        let base = EngineQuery.matching(field: field, TermMatcher { bytes in
            let value = String(decoding: bytes, as: UTF8.self)
            return TextAnalyzer.analyze(value).contains { indexGlob.matches($0.term) }
                || Self.phraseGlobMatches(value, pattern)
        })
        let name = attribute.name
        let schema = self.schema
        let check = WildcardPattern(pattern) { folding.fold($0) }
        return .filter(base, DocumentPredicate { _, stored in
            schema.storedStrings(of: name, in: stored).contains { value in
                TextAnalyzer.words(value).contains { check.matches(folding.fold($0)) } || Self.phraseGlobMatches(value, pattern, folding)
            }
        })
    }

    /// Whether a multi-word literal pattern occurs as consecutive words of `value`.
    private static func phraseGlobMatches(_ value: String, _ pattern: StringPattern, _ folding: ValueFolding? = nil) -> Bool {
        guard case .exact(let text) = pattern.kind else { return false }
        let fold: (Substring) -> String = { folding?.fold($0) ?? TextAnalyzer.indexTerm($0) }
        let wanted = TextAnalyzer.words(text).map(fold)
        guard wanted.count > 1 else { return false }
        return containsWords(TextAnalyzer.words(value).map(fold), wanted, lastIsPrefix: false)
    }

    /// Whether `wanted` occurs as consecutive elements of `words` (the last one as a prefix).
    static func containsWords(_ words: [String], _ wanted: [String], lastIsPrefix: Bool) -> Bool {
        guard !wanted.isEmpty, words.count >= wanted.count else { return false }
        outer: for start in 0...(words.count - wanted.count) {
            for (offset, word) in wanted.enumerated() {
                let candidate = words[start + offset]
                let isLast = offset == wanted.count - 1
                if isLast && lastIsPrefix ? !candidate.hasPrefix(word) : candidate != word { continue outer }
            }
            return true
        }
        return false
    }

    /// Splits a pattern into one pattern per whitespace-separated word (wildcards stay with the
    /// word they touch).
    static func splitAtWhitespace(_ pattern: StringPattern) -> [StringPattern] {
        let hasWhitespace = pattern.segments.contains { segment in
            guard case .literal(let text) = segment else { return false }
            return text.utf8.contains { $0 >= 0x80 || $0 == 0x20 || (0x09...0x0D).contains($0) } && text.contains(where: \.isWhitespace)
        }
        guard hasWhitespace else { return [pattern] }
        var parts: [StringPattern] = []
        var current: [StringPattern.Segment] = []
        for segment in pattern.segments {
            guard case .literal(let text) = segment else {
                current.append(segment)
                continue
            }
            var run = ""
            for character in text {
                if character.isWhitespace {
                    if !run.isEmpty { current.append(.literal(run)) }
                    run = ""
                    if !current.isEmpty { parts.append(StringPattern(segments: current)) }
                    current = []
                } else {
                    run.append(character)
                }
            }
            if !run.isEmpty { current.append(.literal(run)) }
        }
        if !current.isEmpty { parts.append(StringPattern(segments: current)) }
        return parts
    }

    // MARK: Ordering

    /// `attr < "text"` and friends: compares folded whole values byte by byte (a dictionary scan).
    ///
    /// An attribute indexed only by its words (not `textContent`, whose words are compared) is
    /// compared through its stored values, document by document.
    private func ordering(_ attribute: PlannerAttribute, _ comparisonOperator: ComparisonOperator, _ text: String) -> EngineQuery {
        let bound = Array(TextFolding.fold(text, .indexTerm).utf8)
        let satisfies: @Sendable (UnsafeRawBufferPointer) -> Bool = { bytes in
            let order = Self.compare(bytes, bound)
            switch comparisonOperator {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            case .equal: return order == 0
            case .notEqual: return order != 0
            }
        }
        if let field = attribute.wholeValueField { return .matching(field: field, TermMatcher(matches: satisfies)) }
        guard let field = attribute.textField else { return .none }
        if attribute.impliesWordMatching { return .matching(field: field, TermMatcher(matches: satisfies)) }
        let name = attribute.name
        let schema = self.schema
        let limit = schema.wholeValueLimit
        return .filter(presence(attribute), DocumentPredicate { _, stored in
            schema.storedStrings(of: name, in: stored).contains { value in
                var folded = TextFolding.fold(value, .indexTerm)
                if folded.count > limit { folded = String(folded.prefix(limit)) }
                return folded.withUTF8 { satisfies(UnsafeRawBufferPointer($0)) }
            }
        })
    }

    static func compare(_ bytes: UnsafeRawBufferPointer, _ bound: [UInt8]) -> Int {
        let common = min(bytes.count, bound.count)
        for index in 0..<common where bytes[index] != bound[index] {
            return Int(bytes[index]) - Int(bound[index])
        }
        return bytes.count - bound.count
    }

    /// A number as text: integral values without a fraction.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }
}
