#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LimelightCore

/// What one query needs across segments: corpus statistics, parameters and engagement. A class:
/// segment scorers are copied often, and copying one reference costs less than copying its parts.
final class ScoringContext: Sendable {
    let snapshot: Snapshot
    let parameters: RankingParameters
    let now: Double
    /// Average length of each ranked field over the snapshot (aligned with `parameters.fields`).
    let averageLengths: [Double]
    /// The cache of short prefixes' best documents and frequent words' scored lists, if any.
    let cache: ShortPrefixCache?
    /// Engagement counts by segment and document.
    let engaged: EngagedDocuments

    /// A context whose engagement is resolved already.
    init(snapshot: Snapshot, parameters: RankingParameters, now: Double, engaged: EngagedDocuments, cache: ShortPrefixCache?) {
        self.snapshot = snapshot
        self.cache = cache
        self.parameters = parameters
        self.now = now
        averageLengths = snapshot.averageLengths(of: parameters.fieldNames)
        self.engaged = engaged
    }

    /// A context with engagement counts by document key.
    convenience init(snapshot: Snapshot, parameters: RankingParameters, now: Double, engagement: [String: Double], cache: ShortPrefixCache?) {
        self.init(
            snapshot: snapshot, parameters: parameters, now: now, engaged: EngagedDocuments(engagement, in: snapshot), cache: cache)
    }
}

/// Scores the documents of one segment.
struct SegmentScorer {
    let segment: SegmentSnapshot
    let segmentIndex: Int
    let context: ScoringContext
    /// The feature columns, resolved once.
    let columns: FeatureColumns
    /// The largest feature multiplier of a document the user has not engaged with.
    let maximumFeatureFactor: Double
    /// The largest feature multiplier of any document.
    let maximumFactorWithEngagement: Double

    /// The segment's readers of the ranked text fields it has. A ranking lists some fifty
    /// attributes and a segment usually holds a handful: scoring loops visit only those.
    struct RankedFields {
        /// The places in `context.parameters.fields` of the fields the segment has, ascending.
        let places: [Int]
        /// The reader of each of them (aligned with ``places``).
        let readers: [FieldReader]
        /// Which of them may hold a term, and where each whole term is, when the segment has
        /// built them (when warmed).
        let presence: TermPresence?

        /// The dictionary entry of `term` in each field (nil where the field lacks it): from the
        /// locator when built, otherwise searched in the fields the presence filter leaves.
        func entries(of term: String) throws -> [TermInfo?] {
            if let locator = presence?.locator { return locator.entries(of: term) }
            let mayHold = presence?.filter.fields(mayHolding: term) ?? .max
            return try readers.indices.map { slot in
                mayHold & (1 << UInt64(slot)) == 0 ? nil : try readers[slot].dictionary.lookup(term)
            }
        }
    }

    /// The segment's ranked text fields. Callers resolve them once per query rather than per
    /// word; queries the prefix cache answers need none.
    func rankedFields() -> RankedFields {
        let names = context.parameters.fieldNames
        let present = segment.reader.textFields(named: names)
        return RankedFields(places: present.places, readers: present.readers, presence: segment.reader.termPresence(ofTextFieldsAmong: names))
    }

    /// A word with what scoring it reads first from the segment's dictionaries, looked up once:
    /// choosing the word that drives a conjunction and scoring it read the same entries. A class:
    /// a query's words are handed around and iterated often, and copying one reference costs less
    /// than copying the word and its entries.
    final class ResolvedWord {
        let word: QueryWord
        /// The dictionary entry of the word as a whole word in each field the segment has
        /// (aligned with ``RankedFields/readers``); empty for a phrase.
        let wholeWord: [TermInfo?]
        /// For a prefix of more than three characters, the entries of the longer words it starts
        /// in each field (aligned with ``RankedFields/readers``), or nil for a field holding more
        /// than ``SegmentScorer/expansionLimit`` of them; empty for other words. Shorter prefixes
        /// start thousands of words and are answered from their scored lists or merged postings.
        let expansions: [[TermInfo]?]

        init(word: QueryWord, wholeWord: [TermInfo?], expansions: [[TermInfo]?]) {
            self.word = word
            self.wholeWord = wholeWord
            self.expansions = expansions
        }

        /// The documents holding the word whole, summed over the ranked fields.
        var wholeWordFrequency: Int { wholeWord.reduce(0) { $0 + ($1?.documentFrequency ?? 0) } }
    }

    /// The most longer words of one field a resolved prefix lists (see ``ResolvedWord/expansions``).
    static let expansionLimit = 64

    /// Looks up `word` as a whole word in `fields` (from ``rankedFields()``) and, for a prefix of
    /// more than three characters, the longer words it starts, in one walk of each dictionary (the
    /// whole word sorts first).
    func resolve(_ word: QueryWord, in fields: RankedFields) throws -> ResolvedWord {
        if word.isPhrase { return ResolvedWord(word: word, wholeWord: [], expansions: []) }
        guard word.isPrefix && word.term.count > 3 else {
            return ResolvedWord(word: word, wholeWord: try fields.entries(of: word.term), expansions: [])
        }
        let exactLength = word.term.utf8.count
        let mayHold = fields.presence?.filter.fields(mayHoldingTermsStartingWith: word.term) ?? .max
        var wholeWord: [TermInfo?] = []
        var expansions: [[TermInfo]?] = []
        for (slot, reader) in fields.readers.enumerated() {
            guard mayHold & (1 << UInt64(slot)) != 0 else {
                wholeWord.append(nil)
                expansions.append([])
                continue
            }
            var whole: TermInfo?
            var longer: [TermInfo] = []
            var overflows = false
            try reader.dictionary.forEachTerm(withPrefix: word.term) { term, info in
                if term.count == exactLength {
                    whole = info
                    return true
                }
                guard longer.count < Self.expansionLimit else {
                    overflows = true
                    return false
                }
                longer.append(info)
                return true
            }
            wholeWord.append(whole)
            expansions.append(overflows ? nil : longer)
        }
        return ResolvedWord(word: word, wholeWord: wholeWord, expansions: expansions)
    }

    /// Calls `body` with the dictionary entry of each longer word that `resolved` (a prefix)
    /// starts in the ranked field at `slot`: those resolved with the word, or else those a
    /// dictionary scan finds. `body` returns false to stop.
    func forEachExpansion(
        of resolved: ResolvedWord, slot: Int, in fields: RankedFields, _ body: (TermInfo) throws -> Bool
    ) throws {
        if slot < resolved.expansions.count, let known = resolved.expansions[slot] {
            for info in known where !(try body(info)) { return }
            return
        }
        let exactLength = resolved.word.term.utf8.count
        try fields.readers[slot].dictionary.forEachTerm(withPrefix: resolved.word.term) { term, info in
            term.count == exactLength ? true : try body(info)
        }
    }

    /// A query's words resolved against this segment, with its ranked fields.
    struct ResolvedQuery {
        let fields: RankedFields
        let words: [ResolvedWord]
    }

    /// Resolves the ranked fields once and each word in them.
    func resolve(_ words: [QueryWord]) throws -> ResolvedQuery {
        let fields = rankedFields()
        return ResolvedQuery(fields: fields, words: try words.map { try resolve($0, in: fields) })
    }

    /// The numeric columns the features read, and the largest values they hold. A flag or views
    /// column no document holds a positive value in adds nothing, and is left out.
    struct FeatureColumns {
        var recency: [NumericColumn] = []
        /// The flag columns some document sets.
        var flags: [(String, NumericColumn)] = []
        var views: NumericColumn?
        var hint: NumericColumn?
        /// The newest date of the recency columns; nil when no document has one.
        var newestDate: Double?
        /// The most views of a document (0 when none has any).
        var mostViews = 0.0

        /// The columns of `features` that `reader` has.
        init(_ features: RankingFeatures, names: [String], in reader: SegmentReader) {
            let found = reader.columnsWithBounds(named: names)  // aligned with `features.columnNames`
            var place = 0
            for _ in features.recencyColumns {
                if let (column, bounds) = found[place] {
                    recency.append(column)
                    newestDate = max(newestDate ?? bounds.highest, bounds.highest)
                }
                place += 1
            }
            for name in features.flagColumns {
                if let (column, bounds) = found[place], bounds.highest > 0 { flags.append((name, column)) }
                place += 1
            }
            if features.viewsColumn != nil {
                if let (column, bounds) = found[place], bounds.highest > 0 {
                    views = column
                    mostViews = bounds.highest
                }
                place += 1
            }
            if features.hintColumn != nil { hint = found[place]?.column }
        }
    }

    init(segment: SegmentSnapshot, context: ScoringContext) {
        self.segment = segment
        self.context = context
        segmentIndex = context.snapshot.segments.firstIndex { $0.reader === segment.reader } ?? 0
        let features = context.parameters.features
        columns = FeatureColumns(features, names: context.parameters.featureColumnNames, in: segment.reader)
        maximumFeatureFactor = Self.maximumFeatureFactor(columns, features, now: context.now)
        maximumFactorWithEngagement = maximumFeatureFactor + (context.engaged.isEmpty ? 0 : features.popularityWeight * 0.5)
    }

    /// The documents matching the words, ascending, with their text relevance.
    struct Matches {
        var documents: [UInt32] = []
        var relevance: [Double] = []
        var matchedWords: [Int] = []
    }

    /// Per-document scores of one word, with the fields it matched in.
    struct WordMatches {
        var documents: [UInt32] = []
        var scores: [Double] = []
        /// Bit `min(i, 63)` is set when the word matched ranked field `i`.
        var fieldMasks: [UInt64] = []
    }

    /// The BM25 inverse document frequency of a term in this segment.
    @inline(__always)
    func inverseDocumentFrequency(_ documentFrequency: Int) -> Double {
        let total = Double(max(segment.reader.documentCount, 1))
        let frequency = Double(documentFrequency)
        return log(1 + (total - frequency + 0.5) / (frequency + 0.5))
    }

    /// The saturated score of one word from its combined term frequency and idf, rounded to
    /// `Float` precision: the scored lists the cache keeps hold it as a `Float`, and a score read
    /// from them must equal one computed afresh.
    @inline(__always)
    func wordScore(weightedFrequency: Double, idf: Double) -> Double {
        let k1 = context.parameters.k1
        return Double(Float(idf * weightedFrequency * (k1 + 1) / (k1 + weightedFrequency)))
    }

    /// Per-document scores of one word (ascending documents), optionally only among `candidates`.
    ///
    /// The word has one idf (as in BM25F): from the documents containing it as a whole word in
    /// any ranked field, or, when no field has it whole, from those containing a word it starts.
    func wordMatches(_ resolved: ResolvedWord, in rankedFields: RankedFields, within candidates: [UInt32]? = nil) throws -> WordMatches {
        let word = resolved.word
        // A whole word's postings in each field bound its contributions (a prefix's are unknown).
        let expected = word.isPrefix || word.isPhrase ? 0 : min(resolved.wholeWordFrequency, candidates?.count ?? .max)
        var contributions = ContributionBuffer(documentCount: segment.reader.documentCount, expected: expected)
        var exactFrequency = 0
        var prefixFrequency = 0
        let factor = context.parameters.prefixFactor
        // A phrase's words looked up once: a field missing one of them cannot hold it.
        let phraseFrequencies = word.isPhrase ? try phraseWordFrequencies(word, in: rankedFields) : []
        for (slot, fieldIndex) in rankedFields.places.enumerated() {
            let field = context.parameters.fields[fieldIndex]
            let fieldReader = rankedFields.readers[slot]
            let norms = LengthNorms(lengths: fieldReader.lengthTable, b: field.lengthNormalization, averageLength: context.averageLengths[fieldIndex])
            let fieldBit = Self.fieldBit(fieldIndex)
            if let phrase = word.phraseTerms, phrase.count > 1 {
                if phraseFrequencies[slot].contains(0) { continue }
                let documents = try QueryEvaluator(segment: segment)
                    .evaluate(.phrase(field: field.field, terms: phrase, lastIsPrefix: word.isPrefix), within: candidates)
                for document in documents {
                    contributions.add(document, field.weight / norms.norm(of: document), fieldBit)
                }
                continue
            }
            if let info = resolved.wholeWord[slot] {
                exactFrequency += info.documentFrequency
                try addPostings(of: info, in: fieldReader, weight: field.weight, norms, fieldBit, within: candidates, to: &contributions)
            }
            guard word.isPrefix else { continue }
            if let merged = try mergedPostings(of: resolved, slot: slot, in: rankedFields, among: candidates) {
                prefixFrequency += merged.documentFrequencySum
                addMergedPostings(merged, weight: field.weight * factor, norms, fieldBit, within: candidates, to: &contributions)
                continue
            }
            try forEachExpansion(of: resolved, slot: slot, in: rankedFields) { info in
                prefixFrequency += info.documentFrequency
                try addPostings(of: info, in: fieldReader, weight: field.weight * factor, norms, fieldBit, within: candidates, to: &contributions)
                return true
            }
        }
        if word.isPhrase { exactFrequency = phraseFrequency(phraseFrequencies, in: rankedFields) }
        let idf = inverseDocumentFrequency(min(exactFrequency > 0 ? exactFrequency : prefixFrequency, segment.reader.documentCount))
        return contributions.reduce { weighted in wordScore(weightedFrequency: weighted, idf: idf) }
    }

    /// BM25's length normalisation of one field: `1 - b + b · length / average length`.
    struct LengthNorms {
        let lengths: FieldLengths
        /// `1 - b` and `b / average length`: a norm costs a multiplication, not a division.
        private let base: Double
        private let slope: Double

        init(lengths: FieldLengths, b: Double, averageLength: Double) {
            self.lengths = lengths
            base = 1 - b
            slope = b / averageLength
        }

        @inline(__always)
        func norm(of document: UInt32) -> Double { base + slope * Double(lengths.length(of: document)) }

        /// The smallest norm of any document: that of an empty field.
        var smallestNorm: Double { base }

        /// The largest length whose norm is at most `norm` (infinite when every length's is;
        /// negative when none is, or `norm` is not a number).
        func largestLength(withNormAtMost norm: Double) -> Double {
            guard norm >= base else { return -1 }
            guard slope > 0 else { return .infinity }
            return (norm - base) / slope
        }
    }

    /// Adds to `contributions` the postings of one term of a ranked field (whose bit is
    /// `fieldBit`), each worth `weight · tf / norm`: every live document's, or only those among
    /// `candidates` (ascending).
    @inline(__always)
    private func addPostings(
        of info: TermInfo, in fieldReader: FieldReader, weight: Double, _ norms: LengthNorms, _ fieldBit: UInt64,
        within candidates: [UInt32]?, to contributions: inout ContributionBuffer
    ) throws {
        var postings = try fieldReader.postings(for: info)
        guard let candidates else {
            while try postings.next() {
                let document = postings.document
                guard segment.live.isLive(document) else { continue }
                contributions.add(document, weight * Double(postings.frequency) / norms.norm(of: document), fieldBit)
            }
            return
        }
        // Both lists skip ahead to the other's next document, so a rare term costs its postings
        // and a frequent one the candidates, not their product.
        var index = 0
        while index < candidates.count {
            guard try postings.advance(to: candidates[index]) else { break }
            let document = postings.document
            guard document == candidates[index] else {
                index = DocumentSets.lowerBound(candidates, document, from: index + 1)
                continue
            }
            contributions.add(document, weight * Double(postings.frequency) / norms.norm(of: document), fieldBit)
            index += 1
        }
    }

    /// The merged postings (frequencies summed over the words it starts) a prefix is matched from
    /// in the field at `slot`, or nil when its words' postings are read instead. Among candidates:
    /// a short prefix's, which expands to thousands of words, or a longer one's where it starts
    /// more than ``expansionLimit`` words (merged on first use). Without candidates, the prefix
    /// drives a conjunction: a short prefix's once merged (they are then known to be few).
    private func mergedPostings(
        of resolved: ResolvedWord, slot: Int, in rankedFields: RankedFields, among candidates: [UInt32]?
    ) throws -> ShortPrefixCache.MergedPostings? {
        guard let cache = context.cache else { return nil }
        let term = resolved.word.term
        let name = context.parameters.fields[rankedFields.places[slot]].field
        let isShort = ShortPrefixCache.hasMergedPostings(term)
        guard candidates != nil else { return isShort ? cache.builtMergedPostings(segment: segment, name: name, prefix: term) : nil }
        guard isShort || (slot < resolved.expansions.count && resolved.expansions[slot] == nil) else { return nil }
        return try cache.mergedPostings(segment: segment, field: rankedFields.readers[slot], name: name, prefix: term)
    }

    /// ``addPostings(of:in:weight:_:_:within:to:)`` of a prefix's merged postings in a field: each
    /// document's summed frequency, every one or only those among `candidates` (ascending).
    @inline(__always)
    private func addMergedPostings(
        _ merged: ShortPrefixCache.MergedPostings, weight: Double, _ norms: LengthNorms, _ fieldBit: UInt64,
        within candidates: [UInt32]?, to contributions: inout ContributionBuffer
    ) {
        guard let candidates else {
            for (index, document) in merged.documents.enumerated() {
                contributions.add(document, weight * Double(merged.frequencies[index]) / norms.norm(of: document), fieldBit)
            }
            return
        }
        var low = 0
        for document in candidates {
            low = DocumentSets.lowerBound(merged.documents, document, from: low)
            guard low < merged.documents.count else { break }
            guard merged.documents[low] == document else { continue }
            contributions.add(document, weight * Double(merged.frequencies[low]) / norms.norm(of: document), fieldBit)
        }
    }

    /// ``wordMatches(_:in:within:)``, taken for a frequent word (one `cost` says matches many
    /// documents) from the cache's scored matches over the whole segment: those kept, or with
    /// `keeps`, when ``scoresInFull(_:among:)``, those scored now and kept.
    func scoredMatches(
        _ resolved: ResolvedWord, in rankedFields: RankedFields, within candidates: [UInt32]?, cost: @autoclosure () throws -> Int, keeps: Bool
    ) throws -> WordMatches {
        guard !resolved.word.isPhrase, case let cost = try cost(),
            let list = try keptList(resolved, in: rankedFields, cost: cost, builds: keeps && Self.scoresInFull(cost, among: candidates))
        else {
            return try wordMatches(resolved, in: rankedFields, within: candidates)
        }
        return list.matches(within: candidates)
    }

    /// Whether a word costing `cost` postings is worth scoring over the whole segment, to keep,
    /// when a query needs it only among `candidates`: always without candidates, and when they
    /// number an eighth of its postings or more, since matching it among them reads much of its
    /// postings anyway, and the next query with it looks it up instead.
    static func scoresInFull(_ cost: Int, among candidates: [UInt32]?) -> Bool {
        guard let candidates else { return true }
        return candidates.count >= cost / 8
    }

    /// The cache's scored list of a frequent word (one `cost` says matches many documents): kept,
    /// or with `builds`, scored now and kept; nil for other words.
    func keptList(
        _ resolved: ResolvedWord, in rankedFields: RankedFields, cost: @autoclosure () throws -> Int, builds: Bool
    ) throws -> ShortPrefixCache.ScoredList? {
        guard let cache = context.cache, !resolved.word.isPhrase,
            cache.isKeptScored(postings: try cost(), documentCount: segment.reader.documentCount)
        else { return nil }
        return try cache.scoredList(of: resolved, in: rankedFields, scorer: self, builds: builds)
    }

    /// The bit standing for ranked field `index` in a field mask (fields past the 64th share one).
    @inline(__always)
    static func fieldBit(_ index: Int) -> UInt64 { 1 << UInt64(min(index, 63)) }

    /// A cheap estimate of how many postings matching a word costs (to pick the word that drives
    /// a conjunction).
    func estimatedCost(_ resolved: ResolvedWord, in rankedFields: RankedFields) throws -> Int {
        let word = resolved.word
        if word.isPrefix && word.term.count <= 3 {
            // A short prefix expands to thousands of words: it costs its merged postings once they
            // are built in every field (after its first use with other words), every document until then.
            let unknown = Int.max / 2 - word.term.count
            guard let cache = context.cache else { return unknown }
            var total = resolved.wholeWordFrequency
            for place in rankedFields.places {
                let name = context.parameters.fields[place].field
                guard let merged = cache.builtMergedPostings(segment: segment, name: name, prefix: word.term) else { return unknown }
                total += merged.documentFrequencySum
            }
            return total
        }
        if !word.isPrefix && !word.isPhrase { return resolved.wholeWordFrequency }
        if word.isPhrase { return Self.phraseRarestFrequencies(try phraseWordFrequencies(word, in: rankedFields)).reduce(0, +) }
        // A longer prefix was resolved with the words it starts; a field with too many of them
        // counts as every document, or once its merged postings there are built, as their postings
        // when fewer.
        var total = resolved.wholeWordFrequency
        for (slot, known) in resolved.expansions.enumerated() {
            guard let known else {
                let name = context.parameters.fields[rankedFields.places[slot]].field
                let merged = context.cache?.builtMergedPostings(segment: segment, name: name, prefix: word.term)
                total += min(merged?.documentFrequencySum ?? .max, segment.reader.documentCount)
                continue
            }
            for info in known { total += info.documentFrequency }
        }
        return total
    }

    /// The document frequencies of a phrase's whole words (a last word typed as a prefix is left
    /// out) in each ranked field: one array per field (aligned with ``RankedFields/readers``), one
    /// frequency per word.
    func phraseWordFrequencies(_ word: QueryWord, in rankedFields: RankedFields) throws -> [[Int]] {
        guard let phrase = word.phraseTerms, word.isPhrase else { return [] }
        let wholeWords = word.isPrefix ? phrase.dropLast() : phrase[...]
        let entries = try wholeWords.map { try rankedFields.entries(of: $0) }
        return rankedFields.readers.indices.map { slot in entries.map { $0[slot]?.documentFrequency ?? 0 } }
    }

    /// In each field, the documents holding a phrase's rarest whole word, from
    /// ``phraseWordFrequencies(_:in:)``: what matching the phrase there costs, and 0 where a word
    /// is missing and the field cannot hold it.
    static func phraseRarestFrequencies(_ wordFrequencies: [[Int]]) -> [Int] {
        wordFrequencies.map { $0.min() ?? 0 }
    }

    /// How many documents a phrase is counted in for its idf, from ``phraseWordFrequencies(_:in:)``:
    /// in each field, as many as would hold all its whole words if they occurred independently
    /// (the field's documents times each word's share of them), summed over the fields as a word's
    /// documents are, and rounded up. The dictionaries tell it at once: counting the documents
    /// that hold the phrase would mean comparing positions in every one of them before the first
    /// could be scored, so that a phrase of frequent words could not stop early. Taking the
    /// rarest word's documents instead would count a phrase of words most documents hold in
    /// nearly every document, and its relevance would vanish.
    func phraseFrequency(_ wordFrequencies: [[Int]], in rankedFields: RankedFields) -> Int {
        var total = 0.0
        for (slot, frequencies) in wordFrequencies.enumerated() {
            let documents = Double(rankedFields.readers[slot].statistics.documentCount)
            guard documents > 0 else { continue }
            var expected = documents
            for frequency in frequencies { expected *= min(Double(frequency) / documents, 1) }
            total += expected
        }
        return Int(total.rounded(.up))
    }

    /// The word's idf, computed as ``wordMatches(_:in:within:)`` computes it (for explanations and
    /// score bounds): from its whole-word frequency (a phrase's: ``phraseFrequency(_:in:)``), or
    /// when no field has it whole, from the frequencies of the words it starts.
    func wordInverseDocumentFrequency(_ word: QueryWord) throws -> Double {
        let rankedFields = rankedFields()
        guard word.isPhrase else { return try wordInverseDocumentFrequency(resolve(word, in: rankedFields), in: rankedFields) }
        return phraseInverseDocumentFrequency(try phraseWordFrequencies(word, in: rankedFields), in: rankedFields)
    }

    /// A phrase's idf, from ``phraseWordFrequencies(_:in:)``: that of ``phraseFrequency(_:in:)``
    /// documents (at most every document of the segment).
    func phraseInverseDocumentFrequency(_ wordFrequencies: [[Int]], in rankedFields: RankedFields) -> Double {
        inverseDocumentFrequency(min(phraseFrequency(wordFrequencies, in: rankedFields), segment.reader.documentCount))
    }

    /// ``wordInverseDocumentFrequency(_:)`` of a resolved word (not a phrase). The frequencies of
    /// the words a prefix starts are summed only until they reach the document count: the idf is
    /// the same beyond.
    func wordInverseDocumentFrequency(_ resolved: ResolvedWord, in rankedFields: RankedFields) throws -> Double {
        let total = segment.reader.documentCount
        let exact = resolved.wholeWordFrequency
        guard exact == 0 && resolved.word.isPrefix else { return inverseDocumentFrequency(min(exact, total)) }
        var frequency = 0
        for slot in rankedFields.readers.indices where frequency < total {
            try forEachExpansion(of: resolved, slot: slot, in: rankedFields) { info in
                frequency += info.documentFrequency
                return frequency < total
            }
        }
        return inverseDocumentFrequency(min(frequency, total))
    }

    /// The documents matching all (or, without `requireAll`, any) of the words, optionally only
    /// among `initial` (ascending live documents, such as those passing a selective filter).
    func documents(for words: [QueryWord], requireAll: Bool, within initial: [UInt32]? = nil) throws -> Matches {
        try documents(for: resolve(words), requireAll: requireAll, within: initial)
    }

    /// ``documents(for:requireAll:within:)`` of a resolved query.
    /// - Parameter keepsScoredLists: keep the scores of a frequent word scored over the whole
    ///   segment in the cache (see ``scoredMatches(_:in:within:cost:keeps:)``), as searches do;
    ///   otherwise lists already kept are used but none is built.
    func documents(for query: ResolvedQuery, requireAll: Bool, within initial: [UInt32]? = nil, keepsScoredLists: Bool = false) throws -> Matches {
        let fields = query.fields
        let resolved = query.words
        if requireAll && resolved.count > 1 {
            return try conjunction(query, within: initial, keepsScoredLists: keepsScoredLists)
        }
        var perWord: [WordMatches] = []
        for word in resolved {
            let matches = try scoredMatches(word, in: fields, within: initial, cost: estimatedCost(word, in: fields), keeps: keepsScoredLists)
            if requireAll && matches.documents.isEmpty { return Matches() }
            perWord.append(matches)
        }
        var result = Matches()
        if requireAll {
            guard let only = perWord.first else { return result }
            result.documents = only.documents
            result.relevance = only.scores
            result.matchedWords = [Int](repeating: 1, count: only.documents.count)
            return result
        }
        var merged: [UInt32: (Double, Int)] = [:]
        for word in perWord {
            for (index, document) in word.documents.enumerated() {
                let previous = merged[document] ?? (0, 0)
                merged[document] = (previous.0 + word.scores[index], previous.1 + 1)
            }
        }
        for (document, value) in merged.sorted(by: { $0.key < $1.key }) {
            result.documents.append(document)
            result.relevance.append(value.0)
            result.matchedWords.append(value.1)
        }
        return result
    }
}
