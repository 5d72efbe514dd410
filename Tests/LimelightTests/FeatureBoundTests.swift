import Foundation
import Limelight
@testable import LimelightRanking
import Testing

/// The largest feature multiplier a segment allows comes from the values its columns hold: the
/// ranking skips documents whose relevance times that bound cannot enter the top hits, so it must
/// never be below a document's multiplier, and it should not assume features no document has.
@Suite struct FeatureBoundTests {
    /// Sixty recipes of equal text relevance, 400 to 990 days old, every seventh created by the
    /// user, among undated notes (which make "recipe" rare enough for its relevance to show
    /// differences of recency).
    static func fixture() throws -> SearchTestFixture {
        let fixture = try SearchTestFixture()
        let notes = try (0..<600).map { try SearchTestFixture.item("note-\($0)", ["title": .string("Note \($0)")]) }
        try fixture.index(notes + (0..<60).map { number in
            var attributes: [String: AttributeValue] = [
                "title": .string("Recipe"),
                "contentModificationDate": .date(fixture.now.addingTimeInterval(-Double(400 + number * 10) * 86_400)),
            ]
            if number % 7 == 3 { attributes["userCreated"] = .bool(true) }
            return try SearchTestFixture.item("recipe-\(number)", attributes)
        })
        return fixture
    }

    @Test func theBoundHoldsEveryDocumentAndFollowsTheNewestDate() throws {
        let fixture = try Self.fixture()
        let snapshot = fixture.app.snapshot()
        let parameters = AppIndex.userQueryRanking
        let features = parameters.features
        let context = ScoringContext(
            snapshot: snapshot, parameters: parameters, now: fixture.now.timeIntervalSince1970, engagement: [:], cache: nil)
        var largest = 0.0
        for segment in snapshot.segments {
            let scorer = SegmentScorer(segment: segment, context: context)
            for document in 0..<UInt32(segment.reader.documentCount) {
                let factor = scorer.features(document, includeEngagement: false).factor
                #expect(factor <= scorer.maximumFeatureFactor, "document \(document)")
                largest = max(largest, factor)
            }
            // The newest item is 400 days old and one flag is set somewhere: the bound is that,
            // not the full recency weight every item would get if it were new.
            let newest = SegmentScorer.recency(of: fixture.now.timeIntervalSince1970 - 400 * 86_400, now: context.now, features)
            #expect(abs(scorer.maximumFeatureFactor - (1 + newest + features.flagWeight)) < 1e-12)
            #expect(scorer.maximumFeatureFactor < 1 + features.recencyWeight / 2 + features.flagWeight)
        }
        #expect(largest > 1)
    }

    @Test func topHitsWithPruningAreTheFirstOfTheFullRanking() throws {
        let fixture = try Self.fixture()
        let everything = try fixture.ranked("recipe", limit: 100)
        #expect(everything.count == 60)
        for limit in [1, 3, 5, 10] {
            #expect(try fixture.ranked("recipe", limit: limit) == Array(everything.prefix(limit)), "limit \(limit)")
        }
        // A user-created item outranks every item that is not, the newest first.
        let created = (0..<60).filter { $0 % 7 == 3 }.map { "recipe-\($0)" }
        #expect(Set(everything.prefix(created.count)) == Set(created))
        #expect(everything.first == "recipe-3")
        #expect(everything[created.count] == "recipe-0")
    }
}
