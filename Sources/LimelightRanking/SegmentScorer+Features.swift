#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LimelightCore

extension SegmentScorer {
    /// Relevance is rounded to this step before the hint is added, so the hint only separates
    /// items whose other signals are equal.
    static let relevanceStep = 1e-4
    /// How many relevance steps make one unit of score.
    static let stepsPerUnit = 1e4

    /// `value` rounded to the nearest multiple of ``relevanceStep`` (halves to even). Below 2^52
    /// steps, adding and taking away 2^52 rounds in the floating-point unit, where `rounded()`
    /// calls the C library: scoring thousands of engaged documents for a common prefix spent a
    /// tenth of its time there.
    @inline(__always)
    static func roundedToStep(_ value: Double) -> Double {
        let steps = value * stepsPerUnit
        guard steps >= 0, steps < 0x1p52 else { return steps.rounded(.toNearestOrEven) * relevanceStep }
        return (steps + 0x1p52 - 0x1p52) * relevanceStep
    }

    /// What one point of ranking hint adds (100 points stay below half a relevance step).
    static let hintStep = 4e-7
    /// What each matched word adds when partial matches are allowed (more words above fewer).
    static let matchedWordStep = 1e4

    /// The multiplier the features give a document, with its explanation when `explain` is set.
    func features(_ document: UInt32, includeEngagement: Bool = true, explain: Bool = false) -> (factor: Double, parts: [Explanation]) {
        let features = context.parameters.features
        var parts: [Explanation] = []
        var factor = 1.0
        var newest: Double?
        for column in columns.recency {
            if let value = column.value(document) { newest = max(newest ?? value, value) }
        }
        if let newest {
            let recency = Self.recency(of: newest, now: context.now, features)
            factor += recency
            if explain { parts.append(Explanation("recency (age \(Int(max(0, context.now - newest) / 86_400)) days)", recency)) }
        }
        for (name, column) in columns.flags {
            if let value = column.value(document), value > 0 {
                factor += features.flagWeight
                if explain { parts.append(Explanation(name, features.flagWeight)) }
            }
        }
        var popularity = 0.0
        if let views = columns.views?.value(document), views > 0 {
            popularity += Self.viewsPopularity(views)
        }
        if includeEngagement, let share = context.engaged.popularityShare(segment: segmentIndex, document: document), share > 0 {
            popularity += share
        }
        if popularity > 0 {
            let lift = features.popularityWeight * popularity
            factor += lift
            if explain { parts.append(Explanation("popularity (views, engagement)", lift)) }
        }
        return (factor, parts)
    }

    /// What recency adds for an item dated `date`: its full weight up to `now`, halving with every
    /// half-life of age.
    @inline(__always)
    static func recency(of date: Double, now: Double, _ features: RankingFeatures) -> Double {
        features.recencyWeight * pow(2, -max(0, now - date) / max(features.recencyHalfLife, 1))
    }

    /// The share of popularity that `views` (> 0) of related app history give.
    @inline(__always)
    static func viewsPopularity(_ views: Double) -> Double { 0.5 * min(1, log1p(views) / log(101)) }

    /// The largest multiplier ``features(_:includeEngagement:explain:)`` can give a document of this
    /// segment that the user has not engaged with, from the largest values its columns hold: the
    /// recency of its newest date, the flags some document sets, the popularity of its most
    /// viewed document. A bound that assumed every feature at its maximum would let far more
    /// documents through (an app's dates are mostly months or years old).
    static func maximumFeatureFactor(_ columns: FeatureColumns, _ features: RankingFeatures, now: Double) -> Double {
        var factor = 1.0
        if let newest = columns.newestDate { factor += recency(of: newest, now: now, features) }
        factor += features.flagWeight * Double(columns.flags.count)
        if columns.mostViews > 0 { factor += features.popularityWeight * viewsPopularity(columns.mostViews) }
        return factor
    }

    /// An upper bound of ``finalScore(_:relevance:matchedWords:wordCount:requireAll:includeEngagement:)``
    /// for any document of this relevance, so that documents that cannot enter the top hits are
    /// skipped before their features are read.
    @inline(__always)
    func finalScoreCeiling(relevance: Double, matchedWords: Int, requireAll: Bool) -> Double {
        var value = relevance * maximumFactorWithEngagement + Self.relevanceStep / 2 + 100 * Self.hintStep
        if !requireAll { value += Double(matchedWords) * Self.matchedWordStep }
        return value
    }

    /// The lowest relevance whose ``finalScoreCeiling(relevance:matchedWords:requireAll:)`` (every
    /// word required) reaches `threshold`, less a margin for rounding: documents below it cannot
    /// enter the top hits.
    @inline(__always)
    func relevanceFloor(threshold: Double) -> Double {
        Self.relevanceFloor(threshold: threshold, factor: maximumFactorWithEngagement)
    }

    /// ``relevanceFloor(threshold:)`` for documents the user has not engaged with, whose features
    /// multiply their relevance by at most ``maximumFeatureFactor``: at or above the floor of all
    /// documents, and the same when nobody is engaged. A document below it may enter the top hits
    /// only when engaged (see ``isEngaged(_:)``) and at or above ``relevanceFloor(threshold:)``.
    @inline(__always)
    func relevanceFloorWithoutEngagement(threshold: Double) -> Double {
        Self.relevanceFloor(threshold: threshold, factor: maximumFeatureFactor)
    }

    /// The lowest relevance that, multiplied by at most `factor`, rounded and with the largest
    /// hint, reaches `threshold`, less a margin for rounding.
    @inline(__always)
    private static func relevanceFloor(threshold: Double, factor: Double) -> Double {
        (threshold - relevanceStep / 2 - 100 * hintStep) / factor * (1 - 1e-12)
    }

    /// The highest final score a document of this segment the user engaged with can reach when
    /// it would score at most `score` without engagement (as a cache key bounds it): engagement
    /// raises the feature factor (at least 1) by at most the popularity it can add, so the score
    /// grows at most in proportion, allowing for rounding. `score` itself when nobody is engaged.
    @inline(__always)
    func engagedCeiling(ofScoreWithout score: Double) -> Double {
        let lift = maximumFactorWithEngagement - maximumFeatureFactor
        guard lift > 0 else { return score }
        return (score + Self.relevanceStep) * (1 + lift) + Self.relevanceStep
    }

    /// Whether the user engaged with `document` of this segment.
    @inline(__always)
    func isEngaged(_ document: UInt32) -> Bool {
        context.engaged.popularityShare(segment: segmentIndex, document: document) != nil
    }

    /// ``isEngaged(_:)`` as a call: for the inner loops that ask only of the few documents under
    /// the floor of the unengaged, where the lookup inlined would cost every document registers.
    @inline(never)
    func isEngagedOutOfLine(_ document: UInt32) -> Bool { isEngaged(document) }

    /// The ranking hint (0 when absent).
    func hint(_ document: UInt32) -> Double {
        guard let column = columns.hint else { return 0 }
        return min(max(column.value(document) ?? 0, 0), 100)
    }

    /// The final score: relevance times features, rounded, plus matched words and the hint.
    func finalScore(
        _ document: UInt32, relevance: Double, matchedWords: Int, wordCount: Int, requireAll: Bool, includeEngagement: Bool = true
    ) -> Double {
        var value = relevance * features(document, includeEngagement: includeEngagement).factor
        value = Self.roundedToStep(value)
        if !requireAll { value += Double(matchedWords) * Self.matchedWordStep }
        return value + hint(document) * Self.hintStep
    }

    /// How the score of `document` is built (recomputed term by term).
    func explain(_ document: UInt32, _ words: [QueryWord], requireAll: Bool) throws -> Explanation {
        var wordNodes: [Explanation] = []
        var relevance = 0.0
        var matched = 0
        var sharedFields = UInt64.max
        let rankedFields = rankedFields()
        for word in words {
            var fieldNodes: [Explanation] = []
            var wordFields: UInt64 = 0
            var weighted = 0.0
            let idf = try wordInverseDocumentFrequency(word)
            for (slot, fieldIndex) in rankedFields.places.enumerated() {
                let field = context.parameters.fields[fieldIndex]
                let fieldReader = rankedFields.readers[slot]
                let norm = LengthNorms(lengths: fieldReader.lengthTable, b: field.lengthNormalization, averageLength: context.averageLengths[fieldIndex])
                    .norm(of: document)
                if let phrase = word.phraseTerms, phrase.count > 1 {
                    let found = try QueryEvaluator(segment: segment).evaluate(
                        .phrase(field: field.field, terms: phrase, lastIsPrefix: word.isPrefix), within: [document])
                    if !found.isEmpty {
                        wordFields |= Self.fieldBit(fieldIndex)
                        weighted += field.weight / norm
                        fieldNodes.append(Explanation("field \(field.field): phrase, weight \(field.weight), norm \(Explanation.format(norm))", field.weight / norm))
                    }
                    continue
                }
                var termNodes: [Explanation] = []
                func check(_ term: String, _ info: TermInfo, _ factor: Double, _ kind: String) throws {
                    var postings = try fieldReader.postings(for: info)
                    guard try postings.advance(to: document), postings.document == document else { return }
                    let value = field.weight * factor * Double(postings.frequency) / norm
                    weighted += value
                    termNodes.append(Explanation("\(kind) \"\(term)\" tf \(postings.frequency)", value))
                }
                if let info = try fieldReader.dictionary.lookup(word.term) { try check(word.term, info, 1, "whole word") }
                if word.isPrefix {
                    let exactLength = word.term.utf8.count
                    var expansions: [(String, TermInfo)] = []
                    try fieldReader.dictionary.forEachTerm(withPrefix: word.term) { term, info in
                        if term.count != exactLength { expansions.append((String(decoding: term, as: UTF8.self), info)) }
                        return true
                    }
                    for (term, info) in expansions { try check(term, info, context.parameters.prefixFactor, "prefix of") }
                }
                if !termNodes.isEmpty {
                    wordFields |= Self.fieldBit(fieldIndex)
                    let sum = termNodes.reduce(0) { $0 + $1.value }
                    fieldNodes.append(Explanation("field \(field.field) (weight \(field.weight), norm \(Explanation.format(norm)))", sum, termNodes))
                }
            }
            guard !fieldNodes.isEmpty else {
                wordNodes.append(Explanation("word \"\(word.term)\"\(word.isPrefix ? "*" : ""): no match", 0))
                continue
            }
            matched += 1
            sharedFields &= wordFields
            let score = wordScore(weightedFrequency: weighted, idf: idf)
            relevance += score
            wordNodes.append(Explanation(
                "word \"\(word.term)\"\(word.isPrefix ? "*" : ""): idf \(Explanation.format(idf)) × saturated tf̃ \(Explanation.format(weighted))",
                score, fieldNodes))
        }
        if requireAll && words.count > 1 && matched == words.count && sharedFields != 0 {
            let bonus = relevance * context.parameters.sameFieldBonus
            relevance += bonus
            wordNodes.append(Explanation("all words in one field", bonus))
        }
        let (factor, featureParts) = features(document, explain: true)
        var children = [Explanation("relevance (BM25F)", relevance, wordNodes), Explanation("features (multiplier)", factor, featureParts)]
        if !requireAll { children.append(Explanation("matched words \(matched) of \(words.count)", Double(matched) * Self.matchedWordStep)) }
        let hintValue = hint(document)
        if hintValue > 0 { children.append(Explanation("ranking hint \(Int(hintValue)) (tie-breaker)", hintValue * Self.hintStep)) }
        let total = finalScore(document, relevance: relevance, matchedWords: matched, wordCount: words.count, requireAll: requireAll)
        return Explanation("score", total, children)
    }
}
