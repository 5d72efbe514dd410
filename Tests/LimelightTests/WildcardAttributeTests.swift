import Foundation
import Limelight
import LimelightCore
import Testing

/// `*` and `**` are planned for the attributes some item of the searched snapshot has, so that an
/// attribute first indexed later is searched from the next snapshot on.
@Suite struct WildcardAttributeTests {
    @Test func attributesIndexedLaterAreSearched() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([try SearchTestFixture.item("harbour", ["title": .string("Harbour lights")])])
        #expect(try fixture.identifiers(#"** == "*light*"cd"#) == ["harbour"])
        try fixture.index([
            try SearchTestFixture.item("keeper", ["textContent": .string("The lighthouse keeper")]),
            try SearchTestFixture.item("author", ["authorNames": .strings(["Ada Lightfoot"])]),
        ])
        #expect(try fixture.identifiers(#"** == "*light*"cd"#) == ["author", "harbour", "keeper"])
        #expect(try fixture.identifiers(#"* == "*light*"cd"#) == ["author", "harbour"])
        #expect(try fixture.identifiers(#"** != "*light*"cd"#) == [])
        try fixture.app.apply([.deleteIdentifiers(["harbour"])], indexName: "", now: fixture.now)
        #expect(try fixture.identifiers(#"** == "harbour*"cd"#) == [])
    }

    @Test func planForASnapshotSkipsAttributesNoItemHas() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([try SearchTestFixture.item("harbour", ["title": .string("Harbour"), "keywords": .strings(["sea"])])])
        let options = SearchOptions(now: fixture.now)
        func alternatives(_ query: EngineQuery) -> Int {
            guard case .and(let clauses) = query, case .or(let alternatives)? = clauses.first else { return 1 }
            return alternatives.count
        }
        let everywhere = try fixture.app.compile(query: #"** == "sea*"cd"#, options: options)
        let held = try fixture.app.compile(query: #"** == "sea*"cd"#, options: options, snapshot: fixture.app.snapshot())
        #expect(alternatives(held) >= 2)
        #expect(alternatives(held) < alternatives(everywhere) / 4)
    }
}
