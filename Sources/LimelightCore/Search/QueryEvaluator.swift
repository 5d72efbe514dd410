/// Evaluates an ``EngineQuery`` on one segment of a snapshot, producing the ascending ids of the
/// live documents that match.
///
/// Conjunctions are driven by their cheapest clause; the other clauses only test the surviving
/// candidates (postings are advanced with skips, ranges read the numeric column, predicates read
/// stored documents).
public struct QueryEvaluator {
    /// The segment being searched.
    public let segment: SegmentSnapshot

    /// The terms found for prefix and pattern clauses, kept while one query is evaluated window
    /// by window (nil: found again each time).
    private var resolvedTerms: ResolvedTerms?

    /// Creates an evaluator for one segment.
    public init(segment: SegmentSnapshot) { self.segment = segment }

    private var reader: SegmentReader { segment.reader }

    /// The matching live documents in ascending order (ranges the column bounds settle are not
    /// read; see ``simplified(_:)``).
    public func evaluate(_ query: EngineQuery) throws -> [UInt32] {
        try evaluate(simplified(query), within: nil)
    }

    /// The first `limit` matching live documents, in ascending order: the start of what
    /// ``evaluate(_:)`` returns. When the limit is small for the segment, the query is evaluated
    /// over windows of document ids, each four times the last, so that a broad query (a common
    /// infix, say) stops after its first window instead of gathering every match.
    public func firstDocuments(_ query: EngineQuery, limit: Int) throws -> [UInt32] {
        let count = reader.documentCount
        guard limit > 0 else { return [] }
        let query = simplified(query)
        guard limit < count / 16 else { return Array(try evaluate(query, within: nil).prefix(limit)) }
        var windowed = self
        windowed.resolvedTerms = ResolvedTerms()
        var result: [UInt32] = []
        var start = 0
        var window = max(64, limit * 4)
        while start < count && result.count < limit {
            let end = min(count, start + window)
            let candidates: [UInt32]
            if segment.live.hasDeletions {
                candidates = (UInt32(start)..<UInt32(end)).filter(segment.live.isLive)
            } else {
                candidates = DocumentSets.range(UInt32(start)..<UInt32(end))
            }
            result += try windowed.evaluate(query, within: candidates).prefix(limit - result.count)
            start = end
            window *= 4
        }
        return result
    }

    /// `query` with the range and presence tests that this segment's column bounds settle replaced
    /// by ``EngineQuery/all`` or ``EngineQuery/none``, the clauses on fields no document of the
    /// segment has and terms it lacks by `.none`, terms every document holds by `.all`, and boolean
    /// clauses folded: it matches the same documents here. A filter every document passes (such as
    /// "not expired" when nothing in the segment has expired) becomes `.all`, and searches skip it;
    /// of the hundred or so attributes `**` stands for, only those the segment holds are searched.
    public func simplified(_ query: EngineQuery) -> EngineQuery {
        switch query {
        case .term(let field, let term):
            // A term every document holds (an item kind when the app has no history, say) is `.all`.
            guard let fieldReader = reader.field(field) else { return .none }
            let info: TermInfo?
            do { info = try fieldReader.dictionary.lookup(term) } catch { return query }  // evaluating it reports the damage
            guard let info else { return .none }
            return info.documentFrequency == reader.documentCount ? .all : query
        case .prefix(let field, _), .matching(let field, _), .phrase(let field, _, _):
            return reader.field(field) == nil ? .none : query
        case .filter(let inner, let predicate):
            switch simplified(inner) {
            case .none: return .none
            case let other: return .filter(other, predicate)
            }
        case .range(let field, let lower, let upper, let includeLower, let includeUpper):
            guard let bounds = reader.columnBounds(field),
                let (low, high) = NumericColumn.closedBounds(lower, upper, includeLower, includeUpper)
            else { return .none }
            if !bounds.hasMissing && bounds.lowest >= low && bounds.highest <= high { return .all }
            if bounds.highest < low || bounds.lowest > high { return .none }
            return query
        case .hasNumber(let field):
            guard let bounds = reader.columnBounds(field) else { return .none }
            return bounds.hasMissing ? query : .all
        case .and(let clauses):
            var kept: [EngineQuery] = []
            for clause in clauses {
                switch simplified(clause) {
                case .all: continue
                case .none: return .none
                case let other: kept.append(other)
                }
            }
            return kept.isEmpty ? .all : kept.count == 1 ? kept[0] : .and(kept)
        case .or(let clauses):
            var kept: [EngineQuery] = []
            for clause in clauses {
                switch simplified(clause) {
                case .all: return .all
                case .none: continue
                case let other: kept.append(other)
                }
            }
            return kept.isEmpty ? .none : kept.count == 1 ? kept[0] : .or(kept)
        case .not(let inner):
            switch simplified(inner) {
            case .all: return .none
            case .none: return .all
            case let other: return .not(other)
            }
        default:
            return query
        }
    }

    /// An upper bound on the number of documents `query` matches, used to order conjunctions.
    public func estimatedCost(_ query: EngineQuery) throws -> Int {
        switch query {
        case .all, .not, .hasNumber: return reader.documentCount
        case .range(let field, let lower, let upper, let includeLower, let includeUpper):
            return estimatedRangeCount(field, lower, upper, includeLower, includeUpper)
        case .none: return 0
        case .term(let field, let term):
            return try reader.field(field)?.dictionary.lookup(term)?.documentFrequency ?? 0
        case .prefix(let field, let prefix):
            guard let dictionary = reader.field(field)?.dictionary else { return 0 }
            var total = 0
            var scanned = 0
            try dictionary.forEachTerm(withPrefix: prefix) { _, info in
                total += info.documentFrequency
                scanned += 1
                return scanned < 256  // a bound is enough; stop early on huge expansions
            }
            return scanned < 256 ? total : max(total, reader.documentCount / 2)
        case .matching(let field, _):
            return reader.field(field)?.statistics.documentCount ?? 0
        case .phrase(let field, let terms, _):
            guard let first = terms.first else { return 0 }
            return try estimatedCost(.term(field: field, term: first))
        case .and(let clauses):
            return try clauses.map { try estimatedCost($0) }.min() ?? reader.documentCount
        case .or(let clauses):
            return try clauses.reduce(0) { $0 + (try estimatedCost($1)) }
        case .filter(let inner, _):
            return try estimatedCost(inner)
        }
    }

    /// The documents of a narrow range (a quarter of a segment of 4,096 documents or more, by
    /// ``estimatedRangeCount(_:_:_:_:_:)``), ascending, taken from the column sorted by value
    /// (``SegmentReader/sortedColumn(_:)``): a few loads per document kept instead of a scan of
    /// every value. Nil for other ranges, which the scan finds for less.
    private func narrowRange(_ field: String, _ lower: Double?, _ upper: Double?, _ includeLower: Bool, _ includeUpper: Bool) -> [UInt32]? {
        let count = reader.documentCount
        guard count >= 4096, estimatedRangeCount(field, lower, upper, includeLower, includeUpper) <= count / 4,
            let (low, high) = NumericColumn.closedBounds(lower, upper, includeLower, includeUpper),
            let sorted = reader.sortedColumn(field)
        else { return nil }
        let found = sorted.documents(from: low, through: high)
        // The sample can miss how many a range keeps.
        guard found.count <= count / 2 else { return nil }
        // In document order through a bitset: cheaper than sorting them.
        var bits = DocumentBits(count: count)
        for document in found { bits.insert(document) }
        return bits.documents()
    }

    /// How many documents a range matches, estimated from an evenly strided sample of at most
    /// 256 values of its column (exact for small segments).
    /// - Complexity: O(256).
    func estimatedRangeCount(_ field: String, _ lower: Double?, _ upper: Double?, _ includeLower: Bool, _ includeUpper: Bool) -> Int {
        guard let column = reader.column(field), reader.documentCount > 0 else { return 0 }
        let count = reader.documentCount
        let samples = min(count, 256)
        var inside = 0
        for index in 0..<samples
        where column.holds(UInt32(index * count / samples), lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper) {
            inside += 1
        }
        // Round up so that a range the sample missed still costs something.
        return min(count, (inside + 1) * count / samples)
    }

    /// Whether the live document `document` matches `query`. Ranges and presence tests read the
    /// column directly and boolean clauses combine them without building document lists, so that
    /// testing a few documents against a broad filter (such as expiration) costs next to nothing;
    /// other clauses are evaluated among `[document]`.
    public func matches(_ query: EngineQuery, document: UInt32) throws -> Bool {
        switch query {
        case .all:
            return true
        case .none:
            return false
        case .range(let field, let lower, let upper, let includeLower, let includeUpper):
            return reader.column(field)?.holds(document, lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper) ?? false
        case .hasNumber(let field):
            return reader.column(field)?.value(document) != nil
        case .and(let clauses):
            for clause in clauses where !(try matches(clause, document: document)) { return false }
            return true
        case .or(let clauses):
            for clause in clauses where try matches(clause, document: document) { return true }
            return false
        case .not(let inner):
            return !(try matches(inner, document: document))
        default:
            return !(try evaluate(query, within: [document]).isEmpty)
        }
    }

    /// The live documents among `candidates` (ascending; nil: the whole segment) holding a phrase
    /// in `field`, as ``EngineQuery/phrase(field:terms:lastIsPrefix:)`` matches it, except that
    /// positions are compared only for the documents `worthChecking` accepts: ranked searches
    /// skip those whose score cannot enter the top hits, and leave them out unchecked. `found` is
    /// told of each document found as it is found, so that the bar can rise during the search.
    public func phraseDocuments(
        field: String, terms: [String], lastIsPrefix: Bool, within candidates: [UInt32]?,
        worthChecking: (UInt32) throws -> Bool, found: (UInt32) throws -> Void
    ) throws -> [UInt32] {
        if let candidates, candidates.isEmpty { return [] }
        return try PhraseMatcher(segment: segment, field: field, terms: terms, lastIsPrefix: lastIsPrefix)
            .documents(within: candidates, worthChecking: worthChecking, found: found)
    }

    /// The matching live documents among `candidates` (ascending; nil: the whole segment).
    public func evaluate(_ query: EngineQuery, within candidates: [UInt32]?) throws -> [UInt32] {
        if let candidates, candidates.isEmpty { return [] }
        switch query {
        case .all:
            return candidates ?? allLive()
        case .none:
            return []
        case .term(let field, let term):
            guard let fieldReader = reader.field(field), let info = try fieldReader.dictionary.lookup(term) else { return [] }
            return try postingsDocuments(fieldReader, FoundTerms(infos: [info]), within: candidates)
        case .prefix(let field, let prefix):
            guard let fieldReader = reader.field(field) else { return [] }
            let found = try terms(.prefix(field: field, prefix: prefix)) {
                var found = FoundTerms()
                try fieldReader.dictionary.forEachTerm(withPrefix: prefix) { _, info in
                    found.infos.append(info)
                    return true
                }
                return found
            }
            return try postingsDocuments(fieldReader, found, within: candidates)
        case .matching(let field, let matcher):
            guard let fieldReader = reader.field(field) else { return [] }
            let found = try terms(.matching(field: field, matcher: ObjectIdentifier(matcher.identity))) {
                var found = FoundTerms()
                if matcher.requiredSubstring.count >= 3, let trigrams = try reader.trigramIndex(of: field) {
                    found.indexed = trigrams.terms(containing: matcher.requiredSubstring, isContainment: matcher.isContainment, matcher.matches)
                } else {
                    try fieldReader.dictionary.forEachTerm(withPrefix: matcher.literalPrefix) { term, info in
                        if matcher.matches(term) { found.infos.append(info) }
                        return true
                    }
                }
                return found
            }
            return try postingsDocuments(fieldReader, found, within: candidates)
        case .phrase(let field, let terms, let lastIsPrefix):
            return try PhraseMatcher(segment: segment, field: field, terms: terms, lastIsPrefix: lastIsPrefix)
                .documents(within: candidates)
        case .range(let field, let lower, let upper, let includeLower, let includeUpper):
            guard let column = reader.column(field) else { return [] }
            guard let candidates else {
                let inRange = narrowRange(field, lower, upper, includeLower, includeUpper) ?? column.documents(
                    lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper, limit: reader.documentCount)
                return segment.live.hasDeletions ? inRange.filter(segment.live.isLive) : inRange
            }
            return column.documents(among: candidates, lower: lower, upper: upper, includeLower: includeLower, includeUpper: includeUpper)
        case .hasNumber(let field):
            guard let column = reader.column(field) else { return [] }
            return filterLive(candidates) { column.value($0) != nil }
        case .and(let clauses):
            return try evaluateConjunction(clauses, within: candidates)
        case .or(let clauses):
            var result: [UInt32] = []
            for clause in clauses {
                result = DocumentSets.union(result, try evaluate(clause, within: candidates))
            }
            return result
        case .not(let inner):
            let base = candidates ?? allLive()
            return DocumentSets.subtract(base, try evaluate(inner, within: base))
        case .filter(let inner, let predicate):
            let matched = try evaluate(inner, within: candidates)
            return try matched.filter { document in
                let entry = try reader.storedDocument(document)
                return predicate.matches(entry.key, entry.stored)
            }
        }
    }

    /// The terms of a prefix or pattern clause: found by `find`, or kept from an earlier window.
    private func terms(_ key: ResolvedTerms.Key, _ find: () throws -> FoundTerms) rethrows -> FoundTerms {
        guard let resolvedTerms else { return try find() }
        if let kept = resolvedTerms.terms[key] { return kept }
        let found = try find()
        resolvedTerms.terms[key] = found
        return found
    }

    private func evaluateConjunction(_ clauses: [EngineQuery], within candidates: [UInt32]?) throws -> [UInt32] {
        guard !clauses.isEmpty else { return candidates ?? allLive() }
        if clauses.count == 1 { return try evaluate(clauses[0], within: candidates) }
        // Positive, cheap clauses first; negations and column scans test candidates last, the
        // narrowest range first when there are many documents to test (estimating costs a sample).
        let manyDocuments = (candidates?.count ?? reader.documentCount) > 1024
        let ordered = try clauses.map { clause -> (EngineQuery, Int) in
            switch clause {
            case .range(let field, let lower, let upper, let includeLower, let includeUpper):
                return (clause, Int.max / 2 + (manyDocuments ? estimatedRangeCount(field, lower, upper, includeLower, includeUpper) : 0))
            case .not, .hasNumber, .filter: return (clause, Int.max - 1)
            default: return (clause, try estimatedCost(clause))
            }
        }.sorted { $0.1 < $1.1 }
        var current = candidates
        for (clause, _) in ordered {
            current = try evaluate(clause, within: current)
            if current!.isEmpty { return [] }
        }
        return current ?? []
    }

    private func allLive() -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(segment.live.liveCount)
        segment.live.forEachLive { result.append($0) }
        return result
    }

    private func filterLive(_ candidates: [UInt32]?, _ test: (UInt32) -> Bool) -> [UInt32] {
        if let candidates { return candidates.filter(test) }
        var result: [UInt32] = []
        segment.live.forEachLive { if test($0) { result.append($0) } }
        return result
    }

    /// The live documents in the union of the given terms' postings, optionally restricted.
    private func postingsDocuments(_ field: FieldReader, _ found: FoundTerms, within candidates: [UInt32]?) throws -> [UInt32] {
        if found.count == 0 { return [] }
        if let candidates, let first = candidates.first, let last = candidates.last {
            // Test each candidate against each list that reaches them, advancing with skips. In a
            // window of consecutive documents, a document's place is its distance from the first.
            let isConsecutive = Int(last - first) + 1 == candidates.count
            var kept: [UInt32] = []  // in no order, maybe repeated
            for number in 0..<found.count {
                if let indexed = found.indexed {
                    let span = indexed.span(number)
                    // Terms in first-document order start past the window from here on.
                    if span.lowerBound > last { if indexed.isByFirstDocument { break } else { continue } }
                    if span.upperBound < first { continue }
                }
                var postings = try field.postings(for: found.info(number))
                var index = 0
                while index < candidates.count {
                    guard try postings.advance(to: candidates[index]) else { break }
                    if postings.document == candidates[index] {
                        kept.append(candidates[index])
                        index += 1
                    } else if isConsecutive {
                        index = postings.document > last ? candidates.count : Int(postings.document - first)
                    } else {
                        index = DocumentSets.lowerBound(candidates, postings.document, from: index + 1)
                    }
                }
            }
            kept.sort()
            return DocumentSets.deduplicateSorted(kept)
        }
        let infos = found.indexed.map { terms in (0..<terms.count).map(terms.info) } ?? found.infos
        let total = infos.reduce(0) { $0 + $1.documentFrequency }
        if infos.count == 1 || total < reader.documentCount / 16 {
            var result: [UInt32] = []
            result.reserveCapacity(total)
            for info in infos {
                var postings = try field.postings(for: info)
                while try postings.next() {
                    if segment.live.isLive(postings.document) { result.append(postings.document) }
                }
            }
            if infos.count > 1 {
                result.sort()
                result = DocumentSets.deduplicateSorted(result)
            }
            return result
        }
        var bits = DocumentBits(count: reader.documentCount)
        for info in infos {
            var postings = try field.postings(for: info)
            while try postings.next() {
                guard Int(postings.document) < reader.documentCount else { throw StorageError.corrupt("posting beyond document count") }
                bits.insert(postings.document)
            }
        }
        return bits.documents(where: segment.live.isLive)
    }
}

/// The dictionary terms that a query's prefix and pattern clauses matched in one segment, kept
/// while the query is evaluated window after window.
private final class ResolvedTerms {
    /// A clause whose terms are kept: matchers are told apart by identity, since their tests
    /// cannot be compared.
    enum Key: Hashable {
        case prefix(field: String, prefix: String)
        case matching(field: String, matcher: ObjectIdentifier)
    }

    var terms: [Key: FoundTerms] = [:]
}

/// The dictionary terms one clause matched in a segment: their entries, or where they are in a
/// field's ``TrigramIndex``, which also knows the first and last document of each term's postings.
private struct FoundTerms {
    var infos: [TermInfo] = []
    var indexed: TrigramIndex.Terms?

    var count: Int { indexed?.count ?? infos.count }
    func info(_ number: Int) -> TermInfo { indexed?.info(number) ?? infos[number] }
}

/// Operations on ascending arrays of document ids.
public enum DocumentSets {
    /// The documents of `range`, in order (filled by a loop the compiler vectorizes, where
    /// `Array(range)` copies element by element).
    public static func range(_ range: Range<UInt32>) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: range.count) { buffer, count in
            let first = range.lowerBound
            for index in 0..<range.count { buffer[index] = first &+ UInt32(truncatingIfNeeded: index) }
            count = range.count
        }
    }

    /// The first index ≥ `from` whose value is ≥ `target` (galloping, then binary search).
    @inlinable
    public static func lowerBound(_ values: [UInt32], _ target: UInt32, from start: Int) -> Int {
        lowerBound(values, target, in: start..<values.count)
    }

    /// The first index of `range` whose value is ≥ `target`, or its end (galloping from its start,
    /// then binary search); `values[range]` is ascending.
    @inlinable
    public static func lowerBound(_ values: [UInt32], _ target: UInt32, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var step = 1
        var high = low
        while high < range.upperBound && values[high] < target {
            low = high + 1
            high += step
            step *= 2
        }
        high = min(high, range.upperBound)
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The union of two ascending sets. O(n + m).
    public static func union(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        var result: [UInt32] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { result.append(a[i]); i += 1 }
            else if a[i] > b[j] { result.append(b[j]); j += 1 }
            else { result.append(a[i]); i += 1; j += 1 }
        }
        result.append(contentsOf: a[i...])
        result.append(contentsOf: b[j...])
        return result
    }

    /// The elements of `a` not in `b`. O(n + m).
    public static func subtract(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        if b.isEmpty { return a }
        var result: [UInt32] = []
        var j = 0
        for value in a {
            while j < b.count && b[j] < value { j += 1 }
            if j < b.count && b[j] == value { continue }
            result.append(value)
        }
        return result
    }

    /// The intersection of two ascending sets. O(n + m).
    public static func intersect(_ a: [UInt32], _ b: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i] < b[j] { i += 1 } else if a[i] > b[j] { j += 1 } else { result.append(a[i]); i += 1; j += 1 }
        }
        return result
    }

    /// Removes adjacent duplicates from a sorted array.
    public static func deduplicateSorted(_ values: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(values.count)
        for value in values where result.last != value { result.append(value) }
        return result
    }
}
