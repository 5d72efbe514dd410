import LimelightCore
import Synchronization

extension ShortPrefixCache {
    /// Where ``ScoredList/prefetchLookups()`` leaves what it read.
    static let prefetchSink = Atomic<Int>(0)

    /// A frequent word's matches over a whole segment, scored: what scoring the word decodes from
    /// tens of thousands of postings in every field, kept so that the next query with the word
    /// (the next keystroke after it, typically) looks its candidates up instead. For a word matching
    /// a sixty-fourth of the segment or more, seven bytes a matching document and three sixteenths
    /// of a byte per document of the segment (a bitset that lists the documents and finds a
    /// document's place in constant time); for a rarer word, eleven bytes a matching document (its
    /// documents, searched instead). One of the bytes is the band of the document's score, which
    /// bounds it: a document looked up in the list has its score and fields read only when that
    /// bound lets it enter the top hits.
    final class ScoredList: Sendable {
        /// How many documents the word matches.
        let count: Int
        /// The documents, ascending, of a list without ``presence``; empty otherwise (the bitset
        /// lists them).
        private let sparseDocuments: [UInt32]
        /// Bit `d % 64` of word `d / 64` is set when the word matches document `d`; empty for a
        /// list under a sixty-fourth of the segment's documents.
        let presence: [UInt64]
        /// How many of the documents come before each word of ``presence``.
        let ranks: [UInt32]
        /// The word's score in each document, in document order (exactly: word scores are rounded
        /// to `Float` precision).
        let scores: [Float]
        /// The fields each matched in, as bits of their slots among the segment's ranked fields.
        let slotMasks: [UInt16]
        /// The field-mask bit of each slot (see ``SegmentScorer/fieldBit(_:)``).
        let slotBits: [UInt64]
        /// The snapshot's average field lengths the scores were computed with.
        let averageLengths: [Double]
        /// Holds the bitset so its identity is not reused while the list lives.
        let live: LiveDocuments
        /// How scores map to the 255 bands of equal width from the highest score down.
        let quantization: ScoreQuantization
        /// The band of each document's score, in document order: one byte that bounds the score
        /// (by ``bandCeilings``) where reading the score itself would cost a cache miss.
        let bandOfPlace: [UInt8]
        /// The highest score in each band (0 in an empty one).
        let bandCeilings: [Float]
        /// For a list of a quarter of the segment's documents or more, the band of each document
        /// of the segment (``ScoreQuantization/absent`` where the word does not match it); empty
        /// otherwise. Walking other lists best first looks documents up here most: one load bounds
        /// a document, where finding its place reads the bitset, then the running counts, then the
        /// band, each waiting for the one before.
        let bandOfDocument: [UInt8]
        /// The best documents by descending score, a band at a time (see ``ScoreBands``), when
        /// ``ShortPrefixCache/hasScoreBands(documents:documentCount:)``; nil for rarer words, whose
        /// documents a conjunction visits cheaply in document order.
        let bands: ScoreBands?

        /// The best engaged documents the list holds, for the engagement they were found for
        /// (see ``engagedMatches(_:segment:)``).
        private let engagedMatchesFound = Mutex<EngagedMatches?>(nil)

        /// The most ranked fields a segment may have for its words to be kept (a bit each).
        static let maximumSlots = 16

        /// Keeps `matches`; with `banded`, their best documents in score bands too.
        init(
            _ matches: SegmentScorer.WordMatches, fieldPlaces: [Int], documentCount: Int, averageLengths: [Double], live: LiveDocuments,
            banded: Bool
        ) {
            let documents = matches.documents
            count = documents.count
            let isSparse = documents.count < documentCount / 64
            sparseDocuments = isSparse ? documents : []
            var presence = [UInt64](repeating: 0, count: isSparse ? 0 : (documentCount + 63) / 64)
            for document in documents where !isSparse && Int(document) < documentCount {
                presence[Int(document) >> 6] |= 1 << UInt64(document & 63)
            }
            self.presence = presence
            ranks = BitsetRanks.runningCounts(presence)
            let scores = matches.scores.map(Float.init)
            self.scores = scores
            let quantization = ScoreQuantization(scores: scores)
            self.quantization = quantization
            let bandOfPlace = scores.map { UInt8(quantization.band(of: $0)) }
            self.bandOfPlace = bandOfPlace
            var bandCeilings = [Float](repeating: 0, count: ScoreQuantization.bandCount)
            for (score, band) in zip(scores, bandOfPlace) {
                bandCeilings[Int(band)] = max(bandCeilings[Int(band)], score)
            }
            self.bandCeilings = bandCeilings
            var bandOfDocument: [UInt8] = []
            if documents.count >= documentCount / 4 && !isSparse {
                bandOfDocument = [UInt8](repeating: ScoreQuantization.absent, count: documentCount)
                for (document, band) in zip(documents, bandOfPlace) where Int(document) < documentCount {
                    bandOfDocument[Int(document)] = band
                }
            }
            self.bandOfDocument = bandOfDocument
            let slotBits = fieldPlaces.map(SegmentScorer.fieldBit)
            self.slotBits = slotBits
            let slotMasks = matches.fieldMasks.map { mask in
                var slots: UInt16 = 0
                for (slot, bit) in slotBits.enumerated() where mask & bit != 0 { slots |= 1 << UInt16(slot) }
                return slots
            }
            self.slotMasks = slotMasks
            self.averageLengths = averageLengths
            self.live = live
            bands =
                banded
                ? ScoreBands(
                    documents: documents, scores: scores, slotMasks: slotMasks, bandOfPlace: bandOfPlace, bandCeilings: bandCeilings)
                : nil
        }

        /// The memory the list takes, its bands included.
        var byteCount: Int { matchesByteCount + boundsByteCount + (bands?.byteCount ?? 0) }

        /// The memory the matches take: documents, scores and fields, without the bands and the
        /// bounds that speed lookups up (what warming measures out, so that the same words are kept).
        var matchesByteCount: Int { count * (4 + 2) + sparseDocuments.count * 4 + presence.count * 8 + ranks.count * 4 }

        /// The memory the documents' score bands and the bands' ceilings take.
        var boundsByteCount: Int { bandOfPlace.count + bandCeilings.count * 4 + bandOfDocument.count }

        /// Calls `body` with each document, ascending, and its place (0, 1, 2, …).
        @inline(__always)
        func forEachDocument(_ body: (_ place: Int, _ document: UInt32) -> Void) {
            guard !presence.isEmpty else {
                for (place, document) in sparseDocuments.enumerated() { body(place, document) }
                return
            }
            var place = 0
            for (index, word) in presence.enumerated() {
                var bits = word
                while bits != 0 {
                    body(place, UInt32(index << 6 | bits.trailingZeroBitCount))
                    place += 1
                    bits &= bits - 1
                }
            }
        }

        /// The documents, ascending (built for a list with a bitset).
        func documents() -> [UInt32] {
            guard !presence.isEmpty else { return sparseDocuments }
            var documents: [UInt32] = []
            documents.reserveCapacity(count)
            forEachDocument { _, document in documents.append(document) }
            return documents
        }

        /// Reads the arrays that finding a document's band and place reads (``bandOfDocument``,
        /// ``presence``, ``ranks``), a byte per cache line, so that the lookups of a walk that
        /// follows hit the CPU caches. Queries come in no order the caches keep up with: a query's
        /// lists are in memory, and one sweep the hardware prefetches costs less than a miss for
        /// every document a walk looks up in score order (a tenth of the slowest two-word queries'
        /// time).
        func prefetchLookups() {
            let sum = Self.touchCacheLines(bandOfDocument) &+ Self.touchCacheLines(presence) &+ Self.touchCacheLines(ranks)
            // Stored so that the reads are not optimized away.
            ShortPrefixCache.prefetchSink.store(sum, ordering: .relaxed)
        }

        /// The documents the user engaged with that the list holds, a score band at a time from the
        /// best: those of the first bands that hold ``EngagedMatches/limit`` of them, found once for
        /// each engagement (the user's engagement changes far less often than they type). A
        /// one-word query whose cached best documents may have left out an engaged one reads them
        /// until their bands' ceilings fall below what the top hits need, instead of looking every
        /// engaged document up in the list. Ordered by band in one counting pass, not sorted, so
        /// that finding them costs what one lookup of them all did.
        func engagedMatches(_ engaged: EngagedDocuments, segment: Int) -> EngagedMatches {
            if let found = engagedMatchesFound.withLock({ $0 }), found.engagement === engaged.identity { return found }
            var places: [Int] = [], documents: [UInt32] = []
            func add(_ document: UInt32) {
                guard let place = place(of: document) else { return }
                places.append(place)
                documents.append(document)
            }
            engaged.forEachDocument(inSegment: segment, alsoSetIn: presence.isEmpty ? [] : [presence], add)
            // How many matches each band holds, then where each band's matches start.
            var starts = [Int](repeating: 0, count: ScoreQuantization.bandCount + 1)
            for place in places { starts[Int(bandOfPlace[place]) + 1] += 1 }
            for band in 0..<ScoreQuantization.bandCount { starts[band + 1] += starts[band] }
            // The matches (their indices in `places`) band by band, ascending within each.
            var ordered = [Int](repeating: 0, count: places.count)
            var next = starts
            for (index, place) in places.enumerated() {
                let band = Int(bandOfPlace[place])
                ordered[next[band]] = index
                next[band] += 1
            }
            // Whole bands, up to the one that reaches the limit.
            var keptBands = 0
            while keptBands < ScoreQuantization.bandCount && starts[keptBands] < EngagedMatches.limit { keptBands += 1 }
            let kept = ordered.prefix(starts[keptBands])
            let found = EngagedMatches(
                engagement: engaged.identity, documents: kept.map { documents[$0] }, scores: kept.map { scores[places[$0]] },
                ceilings: kept.map { scoreCeiling(at: places[$0]) },
                restCeiling: kept.count < ordered.count ? ordered[kept.count...].map { scores[places[$0]] }.max() : nil)
            engagedMatchesFound.withLock { $0 = found }
            return found
        }

        /// The sum of one byte per cache line of `array`.
        private static func touchCacheLines<Element>(_ array: [Element]) -> Int {
            array.withUnsafeBytes { bytes in
                var sum = 0
                for offset in stride(from: 0, to: bytes.count, by: 64) { sum &+= Int(bytes[offset]) }
                return sum
            }
        }

        /// The place of `document` among the documents, or nil when the word does not match it.
        @inline(__always)
        func place(of document: UInt32) -> Int? {
            var cursor = 0
            return place(of: document, from: &cursor)
        }

        /// ``place(of:)`` for documents looked up in ascending order: `cursor` (0 at first) is where
        /// the search of a list without a bitset resumes, galloping from the previous document.
        @inline(__always)
        func place(of document: UInt32, from cursor: inout Int) -> Int? {
            guard !presence.isEmpty else {
                cursor = DocumentSets.lowerBound(sparseDocuments, document, from: cursor)
                return cursor < sparseDocuments.count && sparseDocuments[cursor] == document ? cursor : nil
            }
            let word = Int(document >> 6)
            guard word < presence.count else { return nil }
            let bit: UInt64 = 1 << UInt64(document & 63)
            guard presence[word] & bit != 0 else { return nil }
            return Int(ranks[word]) + (presence[word] & (bit - 1)).nonzeroBitCount
        }

        /// The highest score the document at `place` may have: its band's ceiling, read from one
        /// byte a document instead of the four of its score.
        @inline(__always)
        func scoreCeiling(at place: Int) -> Float { bandCeilings[Int(bandOfPlace[place])] }

        /// The field mask of the document at `index`.
        @inline(__always)
        func fieldMask(at index: Int) -> UInt64 {
            var mask: UInt64 = 0
            var slots = slotMasks[index]
            while slots != 0 {
                mask |= slotBits[slots.trailingZeroBitCount]
                slots &= slots - 1
            }
            return mask
        }

        /// The matches among `candidates` (ascending; nil: all).
        func matches(within candidates: [UInt32]?) -> SegmentScorer.WordMatches {
            var result = SegmentScorer.WordMatches()
            guard let candidates else {
                result.documents = documents()
                result.scores = scores.map(Double.init)
                result.fieldMasks = (0..<count).map(fieldMask(at:))
                return result
            }
            let capacity = min(candidates.count, count)
            result.documents.reserveCapacity(capacity)
            result.scores.reserveCapacity(capacity)
            result.fieldMasks.reserveCapacity(capacity)
            var cursor = 0
            for document in candidates {
                guard let place = place(of: document, from: &cursor) else { continue }
                result.documents.append(document)
                result.scores.append(Double(scores[place]))
                result.fieldMasks.append(fieldMask(at: place))
            }
            return result
        }
    }

    /// The best documents of a scored list that the user engaged with (see
    /// ``ScoredList/engagedMatches(_:segment:)``).
    final class EngagedMatches: Sendable {
        /// How many documents kept bands must reach (whole bands are kept, so a few more may be).
        static let limit = 256
        /// The engagement they were found for.
        let engagement: EngagedDocuments.Identity
        /// The documents, a band at a time from the best (ascending within a band).
        let documents: [UInt32]
        /// Their scores in the list.
        let scores: [Float]
        /// The ceilings of their bands, descending: none of the documents from one on scores more.
        let ceilings: [Float]
        /// The best score of an engaged document the list holds past those kept; nil when every
        /// one is kept.
        let restCeiling: Float?

        init(engagement: EngagedDocuments.Identity, documents: [UInt32], scores: [Float], ceilings: [Float], restCeiling: Float?) {
            self.engagement = engagement
            self.documents = documents
            self.scores = scores
            self.ceilings = ceilings
            self.restCeiling = restCeiling
        }
    }

    /// The range of a scored list's scores cut into ``bandCount`` bands of equal width from the
    /// highest score down: band 0 holds the highest scores.
    struct ScoreQuantization: Sendable {
        /// The number of bands.
        static let bandCount = 255
        /// A band number no score has: "not in the list" in ``ScoredList/bandOfDocument``.
        static let absent: UInt8 = 255
        /// The highest score of all, and how many bands one unit of score spans.
        let highest: Float
        let scale: Float

        init(scores: [Float]) {
            highest = scores.max() ?? 0
            let lowest = scores.min() ?? 0
            scale = highest > lowest ? Float(Self.bandCount) / (highest - lowest) : 0
        }

        /// The band of `score`.
        @inline(__always)
        func band(of score: Float) -> Int { min(Int((highest - score) * scale), Self.bandCount - 1) }
    }

    /// The best documents of a scored list, ordered by descending score coarsely: the documents
    /// of each of the list's bands (see ``ScoreQuantization``), with their scores and fields
    /// copied so that a walk reads them in order, follow those of the bands above it. Walking the
    /// bands from the top visits documents best first to within a band's width, and the ceiling of
    /// the next band bounds every document left. Only the top bands are kept, down to the one that
    /// reaches an eighth of the documents: a walk that must go deeper costs more than scoring the
    /// list in document order. Built by counting, in time linear in the documents.
    final class ScoreBands: Sendable {
        /// The documents of the kept bands, band by band from the highest scores.
        let documents: [UInt32]
        /// Their scores in the list.
        let scores: [Float]
        /// Their fields, as in ``ScoredList/slotMasks``.
        let slotMasks: [UInt16]
        /// Where each kept band ends in ``documents``.
        private let ends: [Int32]
        /// The highest score in each kept band (0 in an empty one).
        let ceilings: [Float]
        /// Whether the kept bands hold every document of the list.
        let isComplete: Bool
        /// The highest score of a document past the kept bands (0 when they hold every one): what
        /// a document the walk has not met can score in a list walked to the end of its bands.
        let restCeiling: Float

        /// The bands of a scored list (its documents, scores, fields, and its documents' bands and
        /// the bands' ceilings, as in ``ScoredList``).
        init(
            documents listDocuments: [UInt32], scores listScores: [Float], slotMasks listSlotMasks: [UInt16], bandOfPlace: [UInt8],
            bandCeilings: [Float]
        ) {
            var sizes = [Int32](repeating: 0, count: ScoreQuantization.bandCount)
            for band in bandOfPlace { sizes[Int(band)] += 1 }
            let wanted = listDocuments.count / 8
            var ends: [Int32] = []
            var total: Int32 = 0
            for size in sizes where total < wanted {
                total += size
                ends.append(total)
            }
            var next = [Int32](repeating: 0, count: ends.count)
            for band in next.indices.dropFirst() { next[band] = ends[band - 1] }
            var documents = [UInt32](repeating: 0, count: Int(total))
            var bandScores = [Float](repeating: 0, count: Int(total))
            var slotMasks = [UInt16](repeating: 0, count: Int(total))
            for (place, band) in bandOfPlace.enumerated() where Int(band) < ends.count {
                let slot = Int(next[Int(band)])
                documents[slot] = listDocuments[place]
                bandScores[slot] = listScores[place]
                slotMasks[slot] = listSlotMasks[place]
                next[Int(band)] += 1
            }
            self.documents = documents
            self.scores = bandScores
            self.slotMasks = slotMasks
            self.ends = ends
            ceilings = Array(bandCeilings.prefix(ends.count))
            isComplete = Int(total) == listDocuments.count
            restCeiling = bandCeilings.dropFirst(ends.count).max() ?? 0
        }

        /// The number of kept bands.
        var keptCount: Int { ends.count }

        /// Whether no document scores in kept band `band`.
        @inline(__always)
        func isEmpty(_ band: Int) -> Bool { range(of: band).isEmpty }

        /// Where the documents of kept band `band` are in ``documents``.
        @inline(__always)
        func range(of band: Int) -> Range<Int> { Int(band == 0 ? 0 : ends[band - 1])..<Int(ends[band]) }

        var byteCount: Int { documents.count * (4 + 4 + 2) + ends.count * 8 }
    }

    /// The scored lists by segment, deletions, word and ranking parameters, with their size.
    struct ScoredLists: Sendable {
        private(set) var lists: [Key: ScoredList] = [:]
        /// How many lists each word has (by ``wordKey(term:isPrefix:)``): a lookup of a word without
        /// any, such as a rare word that drives a conjunction, ends here, before a key is built and
        /// hashed.
        private var listsPerWord: [Int: Int] = [:]
        private(set) var byteCount = 0
        /// What the lists take without their bands.
        private(set) var matchesByteCount = 0

        /// A word's text and kind, hashed.
        static func wordKey(term: String, isPrefix: Bool) -> Int {
            var hasher = Hasher()
            hasher.combine(term)
            hasher.combine(isPrefix)
            return hasher.finalize()
        }

        /// Whether some list may be of the word whose ``wordKey(term:isPrefix:)`` is `wordKey`.
        func mayHold(wordKey: Int) -> Bool { listsPerWord[wordKey] != nil }

        /// Keeps `list` under `key`, in place of any list there, first evicting others until the
        /// lists fit in `budget` bytes.
        mutating func insert(_ list: ScoredList, for key: Key, budget: Int) {
            remove(key)
            while byteCount + list.byteCount > budget, let victim = lists.first { remove(victim.key) }
            lists[key] = list
            listsPerWord[Self.wordKey(term: key.term, isPrefix: key.isPrefix), default: 0] += 1
            byteCount += list.byteCount
            matchesByteCount += list.matchesByteCount
        }

        private mutating func remove(_ key: Key) {
            guard let previous = lists.removeValue(forKey: key) else { return }
            byteCount -= previous.byteCount
            matchesByteCount -= previous.matchesByteCount
            let wordKey = Self.wordKey(term: key.term, isPrefix: key.isPrefix)
            if listsPerWord[wordKey] == 1 { listsPerWord[wordKey] = nil } else { listsPerWord[wordKey, default: 1] -= 1 }
        }
    }

    /// The scored list of `word` over the scorer's whole segment when the cache holds one for the
    /// segment's current deletions and field lengths: a lookup by the word's text, which needs
    /// nothing read from the segment's dictionaries.
    func keptScoredList(of word: QueryWord, scorer: SegmentScorer) -> ScoredList? {
        let wordKey = ScoredLists.wordKey(term: word.term, isPrefix: word.isPrefix)
        guard let list = scoredLists.withLock({ $0.mayHold(wordKey: wordKey) ? $0.lists[Self.key(scorer, word, scorer.context.parameters)] : nil }),
            list.live === scorer.segment.live,
            list.averageLengths == scorer.context.averageLengths
        else { return nil }
        return list
    }

    /// The scored matches of `resolved` over the scorer's whole segment, from the cache or, with
    /// `builds`, scored now and kept unless they would take more than an eighth of
    /// ``scoredListBudget``; nil when not cached and not built, or when the segment has more than
    /// ``ScoredList/maximumSlots`` ranked fields. Lists are evicted, those of merged-away segments
    /// and former deletions along with the rest, when the budget is reached.
    func scoredList(
        of resolved: SegmentScorer.ResolvedWord, in fields: SegmentScorer.RankedFields, scorer: SegmentScorer, builds: Bool
    ) throws -> ScoredList? {
        guard fields.places.count <= ScoredList.maximumSlots else { return nil }
        if let list = keptScoredList(of: resolved.word, scorer: scorer) { return list }
        guard builds else { return nil }
        let key = Self.key(scorer, resolved.word, scorer.context.parameters)
        let matches = try scorer.wordMatches(resolved, in: fields)
        let documentCount = scorer.segment.reader.documentCount
        let list = ScoredList(
            matches, fieldPlaces: fields.places, documentCount: documentCount, averageLengths: scorer.context.averageLengths,
            live: scorer.segment.live, banded: hasScoreBands(documents: matches.documents.count, documentCount: documentCount))
        guard list.byteCount <= scoredListBudget / 8 else { return list }
        scoredLists.withLock { $0.insert(list, for: key, budget: scoredListBudget) }
        return list
    }
}
