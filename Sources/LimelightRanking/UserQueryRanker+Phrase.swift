import LimelightCore

extension UserQueryRanker {
    /// Answers a query that is one phrase ("for the", a run of CJK bigrams) field by field, so that
    /// positions are compared only in documents that could enter the top hits. A phrase of
    /// frequent words is held by both its words in most documents, and comparing their positions
    /// in every one of them is what such a query costs.
    ///
    /// Fields are taken one at a time: those where the phrase's rarest word is rare first, then
    /// the others in order of the most they can add (weight over the smallest length norm). In
    /// each, a document holding every word of the phrase is checked only when this field's match
    /// and the later fields' at its lengths could bring it into the top hits, counting as found
    /// so far each document's match in the field it was found in. A document found is scored
    /// over every field and not looked at again. Where the words are frequent, the documents short
    /// enough in the field are listed from its lengths and only they are searched. The search
    /// stops once the fields left cannot lift an unseen document into the top hits. The hits and
    /// their scores are those of a full evaluation (``SegmentScorer/wordMatches(_:in:within:)``).
    ///
    /// - Returns: false when the phrase's rarest words are in fewer than ``phraseSearchMinimum``
    ///   documents in all fields together: comparing positions in each then costs less than
    ///   searching field by field, and the collector is unchanged.
    func searchPhrase(
        _ scorer: SegmentScorer, _ query: SegmentScorer.ResolvedQuery, _ segmentIndex: Int, _ request: Request,
        _ collector: inout TopCollector
    ) throws -> Bool {
        let word = query.words[0].word
        guard let terms = word.phraseTerms, word.isPhrase else { return false }
        let wordFrequencies = try scorer.phraseWordFrequencies(word, in: query.fields)
        let frequencies = SegmentScorer.phraseRarestFrequencies(wordFrequencies)
        guard frequencies.reduce(0, +) >= phraseSearchMinimum else { return false }
        let segment = scorer.segment
        let evaluator = QueryEvaluator(segment: segment)
        let fields = PhraseFields(scorer, query.fields, frequencies: frequencies)
        let idf = scorer.phraseInverseDocumentFrequency(wordFrequencies, in: query.fields)
        let requireAll = request.requireAllWords
        // The least weighted frequency a document needs to reach a threshold.
        let saturated = idf * (parameters.k1 + 1)
        func leastWeighted(reaching threshold: Double) -> Double {
            let floor = scorer.relevanceFloor(threshold: requireAll ? threshold : threshold - SegmentScorer.matchedWordStep)
            guard floor > 0 else { return 0 }
            guard floor < saturated else { return .infinity }
            // The inverse of the saturation, lowered so that rounding cannot turn a document away.
            return floor * parameters.k1 / (saturated - floor) * (1 - 1e-6)
        }
        // A selective filter gives the documents searched; any other is checked on each hit.
        var allowed: [UInt32]?
        if let filter = request.filter, try evaluator.estimatedCost(filter) <= segment.reader.documentCount / 8 {
            allowed = try evaluator.evaluate(filter, within: nil)
            if allowed?.isEmpty == true { return true }
        }
        let checksEach = request.filter != nil && allowed == nil
        // The top hits with, for each document found in the field searched, the least it scores
        // (its match in that field alone), so that the bar rises as documents are found.
        var provisional = collector
        var scored = DocumentBits(count: segment.reader.documentCount)
        for (rank, slot) in fields.order.enumerated() {
            if let threshold = collector.threshold, fields.mostFrom[rank] < leastWeighted(reaching: threshold) { break }
            let rest = fields.mostFrom[rank + 1]
            let (name, weight, norms) = (fields.names[slot], fields.weights[slot], fields.norms[slot])
            let later = fields.order[(rank + 1)...].map { (fields.weights[$0], fields.norms[$0]) }
            // The least weighted frequency a document must be able to reach to be checked.
            var needed = provisional.threshold.map(leastWeighted) ?? 0
            // Where the phrase's words are frequent, reading their postings costs more than the
            // lengths: the documents short enough to reach the bar with the later fields at their
            // most are found first, and only they are searched.
            var within = allowed
            if needed > rest && frequencies[slot] >= segment.reader.documentCount / 16 {
                let longest = norms.largestLength(withNormAtMost: weight / (needed - rest))
                within = Self.documents(of: norms.lengths, upTo: longest, among: allowed, count: segment.reader.documentCount)
                if within?.isEmpty == true { continue }
            }
            let found = try evaluator.phraseDocuments(
                field: name, terms: terms, lastIsPrefix: word.isPrefix, within: within,
                worthChecking: { document in
                    guard !scored.contains(document) else { return false }
                    guard needed > 0 else { return true }
                    // This field's match, with the later fields matched too at this document's lengths
                    // (a segment stores a length of 0 only for a field the document has no word in,
                    // which cannot hold the phrase).
                    var most = weight / norms.norm(of: document)
                    for (laterWeight, laterNorms) in later where laterNorms.lengths.length(of: document) > 0 {
                        most += laterWeight / laterNorms.norm(of: document)
                    }
                    return most >= needed
                },
                found: { document in
                    guard !checksEach else { return }
                    let least = scorer.wordScore(weightedFrequency: weight / norms.norm(of: document), idf: idf) * (1 - 1e-12)
                        - SegmentScorer.relevanceStep + (requireAll ? 0 : SegmentScorer.matchedWordStep)
                    provisional.add(ScoredDocument(segment: segmentIndex, document: document, score: least))
                    if let threshold = provisional.threshold { needed = leastWeighted(reaching: threshold) }
                })
            guard !found.isEmpty else { continue }
            // Each document found is scored over every field, summed in field order as a full
            // evaluation sums it.
            var weighted = [Double](repeating: 0, count: found.count)
            for other in fields.names.indices where fields.holds[other] {
                let holding = other == slot ? found : try evaluator.phraseDocuments(
                    field: fields.names[other], terms: terms, lastIsPrefix: word.isPrefix, within: found,
                    worthChecking: { _ in true }, found: { _ in })
                var cursor = 0
                for document in holding {
                    while found[cursor] != document { cursor += 1 }
                    weighted[cursor] += fields.weights[other] / fields.norms[other].norm(of: document)
                }
            }
            for (index, document) in found.enumerated() {
                scored.insert(document)
                let relevance = scorer.wordScore(weightedFrequency: weighted[index], idf: idf)
                let score = scorer.finalScore(document, relevance: relevance, matchedWords: 1, wordCount: 1, requireAll: requireAll)
                if let threshold = collector.threshold, score < threshold { continue }
                if checksEach, let filter = request.filter, !(try evaluator.matches(filter, document: document)) { continue }
                collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            }
            provisional = collector
        }
        return true
    }

    /// The documents (of `among`, or all `count` of the segment) whose length is at most `longest`.
    static func documents(of lengths: FieldLengths, upTo longest: Double, among: [UInt32]?, count: Int) -> [UInt32] {
        if let among { return among.filter { Double(lengths.length(of: $0)) <= longest } }
        var result: [UInt32] = []
        for document in 0..<UInt32(count) where Double(lengths.length(of: document)) <= longest { result.append(document) }
        return result
    }

    /// The ranked fields of a segment a phrase is searched in, and the order they are taken in.
    struct PhraseFields {
        /// Each field's name, weight and length norms, and whether it may hold the phrase (it has
        /// every whole word of it), aligned with the segment's ranked fields.
        let names: [String]
        let weights: [Double]
        let norms: [SegmentScorer.LengthNorms]
        let holds: [Bool]
        /// The fields that may hold the phrase: those where it is rare first, then the others, most
        /// each can add first.
        let order: [Int]
        /// `mostFrom[r]`: the most the fields from rank `r` of ``order`` on can add together
        /// (`mostFrom[order.count]` is 0).
        let mostFrom: [Double]

        /// The most documents a field's rarest word of the phrase may be in for the field to be
        /// searched first: its few matches are then known, and it leaves the bounds of the rest.
        static let fewDocuments = 256

        /// - Parameter frequencies: ``SegmentScorer/phraseRarestFrequencies(_:)`` of the phrase.
        init(_ scorer: SegmentScorer, _ fields: SegmentScorer.RankedFields, frequencies: [Int]) {
            let parameters = scorer.context.parameters
            var names: [String] = []
            var weights: [Double] = []
            var norms: [SegmentScorer.LengthNorms] = []
            var most: [Double] = []
            for (slot, place) in fields.places.enumerated() {
                let field = parameters.fields[place]
                let fieldNorms = SegmentScorer.LengthNorms(
                    lengths: fields.readers[slot].lengthTable, b: field.lengthNormalization, averageLength: scorer.context.averageLengths[place])
                names.append(field.field)
                weights.append(field.weight)
                norms.append(fieldNorms)
                // The smallest norm is that of an empty field.
                most.append(field.weight / fieldNorms.smallestNorm)
            }
            self.names = names
            self.weights = weights
            self.norms = norms
            holds = frequencies.map { $0 > 0 }
            let few = frequencies.map { $0 <= Self.fewDocuments }
            order = most.indices.filter { frequencies[$0] > 0 }.sorted { few[$0] != few[$1] ? few[$0] : most[$0] > most[$1] }
            var mostFrom = [Double](repeating: 0, count: order.count + 1)
            for rank in order.indices.reversed() { mostFrom[rank] = mostFrom[rank + 1] + most[order[rank]] }
            self.mostFrom = mostFrom
        }
    }
}
