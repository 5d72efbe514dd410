import Foundation
import Limelight
import LimelightCore
@testable import LimelightRanking
import Testing

/// A query that is one phrase is searched field by field, checking positions only where a
/// document could enter the top hits; it must return exactly the hits and scores of a full
/// evaluation, which scores every document holding the phrase.
@Suite struct PhraseRankingTests {
    /// Items over a small vocabulary, so that "for the" and "this package" are held, and their
    /// words without them, in many items, in titles, descriptions, keywords and text of every
    /// length; some flagged, hinted or dated. Three segments (the second with deletions).
    static func fixture() throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        let vocabulary = ["for", "the", "this", "package", "library", "tools", "data", "of", "a"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func text(_ length: Int) -> String {
            (0..<length).map { _ in next(4) == 0 ? "filler\(next(50))" : vocabulary[min(next(vocabulary.count), next(vocabulary.count))] }
                .joined(separator: " ")
        }
        var number = 0
        for batch in 0..<3 {
            var items: [StoredItem] = []
            for _ in 0..<400 {
                var attributes: [String: AttributeValue] = ["title": .string(text(1 + next(7)))]
                if next(3) > 0 { attributes["textContent"] = .string(text(2 + next(60))) }
                if next(4) == 0 { attributes["contentDescription"] = .string(text(3 + next(10))) }
                if next(5) == 0 { attributes["keywords"] = .strings([text(2), text(1)]) }
                if next(4) == 0 { attributes["userCreated"] = .bool(true) }
                if next(3) == 0 { attributes["rankingHint"] = .number(Double(1 + next(100))) }
                if next(2) == 0 { attributes["contentCreationDate"] = .date(fixture.now.addingTimeInterval(-Double(next(400)) * 86_400)) }
                attributes["fileSize"] = .number(Double(next(100)))
                items.append(try SearchTestFixture.item("item-\(number)", attributes))
                number += 1
            }
            try fixture.index(items)
            if batch == 1 {
                try fixture.app.apply([.deleteIdentifiers((400..<800).filter { $0 % 7 == 0 }.map { "item-\($0)" })], indexName: "", now: fixture.now)
            }
        }
        return fixture
    }

    /// The top hits as a full evaluation finds them: every document holding the phrase scored.
    static func reference(
        _ snapshot: Snapshot, _ context: ScoringContext, _ word: QueryWord, filter: EngineQuery?, limit: Int, requireAll: Bool
    ) throws -> [ScoredDocument] {
        var collector = TopCollector(limit: limit)
        for (segmentIndex, segment) in snapshot.segments.enumerated() {
            let scorer = SegmentScorer(segment: segment, context: context)
            let matches = try scorer.documents(for: [word], requireAll: requireAll)
            let evaluator = QueryEvaluator(segment: segment)
            for (index, document) in matches.documents.enumerated() {
                if let filter, !(try evaluator.matches(filter, document: document)) { continue }
                let score = scorer.finalScore(document, relevance: matches.relevance[index], matchedWords: 1, wordCount: 1, requireAll: requireAll)
                collector.add(ScoredDocument(segment: segmentIndex, document: document, score: score))
            }
        }
        return collector.results()
    }

    @Test func aPhraseRanksLikeAFullEvaluation() throws {
        let fixture = try Self.fixture()
        let snapshot = fixture.app.snapshot()
        #expect(snapshot.segments.count > 1, "the fixture spans segments")
        let now = fixture.now.timeIntervalSince1970
        let parameters = AppIndex.userQueryRanking
        // Every phrase searched field by field, however rare, and as searches choose.
        var fieldByField = UserQueryRanker(parameters: parameters)
        fieldByField.phraseSearchMinimum = 0
        let rankers = [fieldByField, UserQueryRanker(parameters: parameters)]
        let phrases: [QueryWord] = [
            QueryWord(term: "for the", isPrefix: false, phraseTerms: ["for", "the"]),
            QueryWord(term: "this package", isPrefix: false, phraseTerms: ["this", "package"]),
            QueryWord(term: "the for the", isPrefix: false, phraseTerms: ["the", "for", "the"]),
            QueryWord(term: "library of a", isPrefix: false, phraseTerms: ["library", "of", "a"]),
            QueryWord(term: "data t", isPrefix: true, phraseTerms: ["data", "t"]),
            QueryWord(term: "filler3 for", isPrefix: false, phraseTerms: ["filler3", "for"]),
        ]
        let filters: [EngineQuery?] = [
            nil,
            .range(field: "fileSize", lower: 10, upper: 70, includeLower: true, includeUpper: true),  // unselective: checked per hit
            .range(field: "fileSize", lower: 0, upper: 5, includeLower: true, includeUpper: true),  // selective: searched within
        ]
        var compared = 0
        var empty = 0
        for word in phrases {
            for limit in [1, 3, 10, 40, 2000] {
                for filter in filters {
                    for (engagement, requireAll) in [([:], true), (["item-7": 3.0, "item-450": 1.0], true), ([:], false)] {
                        let request = UserQueryRanker.Request(
                            words: [word], filter: filter, limit: limit, now: now, requireAllWords: requireAll, engagement: engagement)
                        let context = ScoringContext(snapshot: snapshot, parameters: parameters, now: now, engagement: engagement, cache: nil)
                        let expected = try Self.reference(snapshot, context, word, filter: filter, limit: limit, requireAll: requireAll)
                        let label = "\(word.term) limit \(limit) filter \(filter != nil) engaged \(!engagement.isEmpty) all \(requireAll)"
                        if expected.isEmpty { empty += 1 }
                        for ranker in rankers {
                            let found = try ranker.search(snapshot, request)
                            #expect(found.map(\.segment) == expected.map(\.segment), "\(label)")
                            #expect(found.map(\.document) == expected.map(\.document), "\(label)")
                            #expect(found.map(\.score) == expected.map(\.score), "\(label)")
                        }
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == 270)
        #expect(empty <= 30, "only the two rare phrases within the narrow range match nothing")
    }

    /// A phrase's idf counts the documents that would hold its whole words if they occurred
    /// independently, field by field, as the explanation shows it.
    @Test func aPhrasesIdfCountsItsWordsAsIndependent() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            try SearchTestFixture.item("a", ["title": .string("tools for the garden")]),
            try SearchTestFixture.item("b", ["title": .string("for the record"), "textContent": .string("the end")]),
            try SearchTestFixture.item("c", ["title": .string("the tools"), "textContent": .string("made for fun")]),
            try SearchTestFixture.item("d", ["title": .string("nothing here")]),
        ])
        let snapshot = fixture.app.snapshot()
        let context = ScoringContext(
            snapshot: snapshot, parameters: AppIndex.userQueryRanking, now: fixture.now.timeIntervalSince1970, engagement: [:], cache: nil)
        let scorer = SegmentScorer(segment: snapshot.segments[0], context: context)
        let fields = scorer.rankedFields()
        let phrase = QueryWord(term: "for the", isPrefix: false, phraseTerms: ["for", "the"])
        let frequencies = try scorer.phraseWordFrequencies(phrase, in: fields)
        let title = try #require(fields.readers.firstIndex { $0.statistics.documentCount == 4 })
        let text = try #require(fields.readers.firstIndex { $0.statistics.documentCount == 2 })
        #expect(frequencies[title] == [2, 3] && frequencies[text] == [1, 1])
        #expect(SegmentScorer.phraseRarestFrequencies(frequencies).reduce(0, +) == 3)
        // Titles: 4 · (2/4) · (3/4) = 1.5; text: 2 · (1/2) · (1/2) = 0.5.
        #expect(scorer.phraseFrequency(frequencies, in: fields) == 2)
        #expect(try scorer.wordInverseDocumentFrequency(phrase) == scorer.inverseDocumentFrequency(2))
        // A last word typed as a prefix is left out: "for" alone counts, 2 titles and 1 text.
        let typed = QueryWord(term: "for th", isPrefix: true, phraseTerms: ["for", "th"])
        #expect(scorer.phraseFrequency(try scorer.phraseWordFrequencies(typed, in: fields), in: fields) == 3)
        let hits = try fixture.app.searchUserQuery(text: "\"for the\"", options: UserQueryOptions(explain: true, now: fixture.now))
        #expect(hits.map(\.uniqueIdentifier).sorted() == ["a", "b"])
        let explanation = try #require(hits.first?.explanation)
        #expect("\(explanation)".contains("idf \(Explanation.format(scorer.inverseDocumentFrequency(2)))"))
    }
}
