import Foundation
import Limelight
@testable import LimelightRanking
import Testing

/// Engagement resolved to documents answers by segment and document: the popularity share of an engaged
/// document of any segment, nothing for the others (told by a bitset before any hashed lookup).
@Suite struct EngagedDocumentsTests {
    @Test func countsAreFoundInEverySegmentAndOnlyForEngagedDocuments() throws {
        let fixture = try SearchTestFixture()
        // Two flushes: two segments, of 130 and 70 items (more than a bitset word each).
        try fixture.index(try (0..<130).map { try SearchTestFixture.item("old-\($0)", ["title": .string("Old \($0)")]) })
        try fixture.app.engine.flush()
        try fixture.index(try (0..<70).map { try SearchTestFixture.item("new-\($0)", ["title": .string("New \($0)")]) })
        try fixture.app.engine.flush()
        let snapshot = fixture.app.snapshot()
        #expect(snapshot.segments.count == 2)
        let engagedIdentifiers = ["old-0": 2.0, "old-64": 1.0, "old-129": 5.0, "new-63": 3.0, "new-69": 1.0]
        var engagement: [String: Double] = [:]
        for (identifier, count) in engagedIdentifiers { engagement[StoredRecord.key(indexName: "", identifier: identifier)] = count }
        engagement["missing"] = 4  // a key no live document has is left out
        let engaged = EngagedDocuments(engagement, in: snapshot)
        #expect(!engaged.isEmpty)
        var found: [String: Double] = [:]
        for (segmentIndex, segment) in snapshot.segments.enumerated() {
            var expectedDocuments: [UInt32] = []
            for document in 0..<UInt32(segment.reader.documentCount) {
                let identifier = String(try segment.reader.key(of: document).drop { $0 != "\u{0}" }.dropFirst())
                if let share = engaged.popularityShare(segment: segmentIndex, document: document) {
                    found[identifier] = share
                    expectedDocuments.append(document)
                }
            }
            #expect(engaged.documents(inSegment: segmentIndex) == expectedDocuments)
            // Filtered by bitsets: only the engaged documents set in every one of them, ascending.
            let words = (segment.reader.documentCount + 63) / 64
            let evens = [UInt64](repeating: 0x5555_5555_5555_5555, count: words)
            let firstWordOnly = [UInt64.max]
            var filtered: [UInt32] = []
            engaged.forEachDocument(inSegment: segmentIndex, alsoSetIn: [evens, firstWordOnly]) { filtered.append($0) }
            #expect(filtered == expectedDocuments.filter { $0 % 2 == 0 && $0 < 64 })
            var unfiltered: [UInt32] = []
            engaged.forEachDocument(inSegment: segmentIndex, alsoSetIn: []) { unfiltered.append($0) }
            #expect(unfiltered == expectedDocuments)
        }
        #expect(found == engagedIdentifiers.mapValues(EngagedDocuments.popularityShare(ofCount:)))
        // Ten engagements or more give the whole share, one half; more count more below that.
        #expect(abs(EngagedDocuments.popularityShare(ofCount: 10) - 0.5) < 1e-12 && EngagedDocuments.popularityShare(ofCount: 50) == 0.5)
        #expect(EngagedDocuments.popularityShare(ofCount: 1) < EngagedDocuments.popularityShare(ofCount: 3))
        // Past the snapshot's segments and documents, nothing.
        #expect(engaged.popularityShare(segment: 2, document: 0) == nil)
        #expect(engaged.popularityShare(segment: 1, document: 10_000) == nil)
        #expect(EngagedDocuments([:], in: snapshot).popularityShare(segment: 0, document: 0) == nil)
    }
}
