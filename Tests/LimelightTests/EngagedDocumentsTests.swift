import Foundation
import Limelight
@testable import LimelightRanking
import Testing

/// Engagement resolved to documents answers by segment and document: the count for an engaged
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
                if let count = engaged.count(segment: segmentIndex, document: document) {
                    found[identifier] = count
                    expectedDocuments.append(document)
                }
            }
            #expect(engaged.documents(inSegment: segmentIndex) == expectedDocuments)
        }
        #expect(found == engagedIdentifiers)
        // Past the snapshot's segments and documents, nothing.
        #expect(engaged.count(segment: 2, document: 0) == nil)
        #expect(engaged.count(segment: 1, document: 10_000) == nil)
        #expect(EngagedDocuments([:], in: snapshot).count(segment: 0, document: 0) == nil)
    }
}
