import Foundation
import Limelight
import LimelightCore
import Testing

/// The filter that tells which ranked fields may hold a word must never rule out a field that
/// holds it, and ranked queries must find the same hits with it as without.
@Suite struct TermPresenceFilterTests {
    @Test func everyTermIsFoundInItsFieldsAndRankingIsUnchanged() throws {
        let fixture = try SearchTestFixture()
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        // Titles and keywords from small vocabularies, text from a large one: most words are in
        // one field only.
        try fixture.index((0..<400).map { number in
            try SearchTestFixture.item("item-\(number)", [
                "title": .string("title\(next(60)) common\(next(5))"),
                "keywords": .strings(["tag\(next(30))", "common\(next(5))"]),
                "textContent": .string((0..<8).map { _ in "word\(next(3_000))" }.joined(separator: " ") + " common\(next(5))"),
            ])
        })
        let names = AppIndex.userQueryRanking.fieldNames
        let reader = try #require(fixture.app.snapshot().segments.first?.reader)
        let queries = ["title7 word12", "common3 tag4", "word2999", "title59 common1 word77", "absentword"]
        let before = try queries.map { try fixture.ranked($0) }
        #expect(reader.termPresence(ofTextFieldsAmong: names) == nil, "built only when asked for")
        try reader.prepareTermPresence(ofTextFieldsAmong: names)
        let filter = try #require(reader.termPresence(ofTextFieldsAmong: names)).filter
        #expect(try queries.map { try fixture.ranked($0) } == before)

        let fields = reader.textFields(named: names).readers
        #expect(filter.fieldCount == fields.count)
        var present: [Set<String>] = []
        for (slot, field) in fields.enumerated() {
            var terms = Set<String>()
            try field.dictionary.forEachTerm { term, _ in
                terms.insert(String(decoding: term, as: UTF8.self))
                #expect(filter.fields(mayHolding: term) & (1 << UInt64(slot)) != 0, "slot \(slot)")
                return true
            }
            present.append(terms)
        }
        // Terms a field lacks are mostly ruled out for it.
        var wronglyAdmitted = 0
        var absent = 0
        for number in 0..<3_000 {
            let term = "word\(number)"
            let mask = filter.fields(mayHolding: term)
            for slot in fields.indices where !present[slot].contains(term) {
                absent += 1
                if mask & (1 << UInt64(slot)) != 0 { wronglyAdmitted += 1 }
            }
        }
        #expect(absent > 3_000)
        #expect(Double(wronglyAdmitted) < 0.05 * Double(absent), "\(wronglyAdmitted) of \(absent)")

        // Every prefix of four bytes or more of a field's term is admitted for that field; prefixes
        // no term of a field starts with are mostly ruled out; shorter ones cannot be tested.
        for (slot, terms) in present.enumerated() {
            for term in terms where term.utf8.count >= TermPresenceFilter.prefixLength {
                for length in TermPresenceFilter.prefixLength...term.count {
                    let prefix = String(term.prefix(length))
                    #expect(filter.fields(mayHoldingTermsStartingWith: prefix) & (1 << UInt64(slot)) != 0, "\(prefix) in slot \(slot)")
                }
            }
        }
        #expect(filter.fields(mayHoldingTermsStartingWith: "wor") == .max)
        var prefixesAbsent = 0
        var prefixesAdmitted = 0
        for _ in 0..<3_000 {
            let prefix = String((0..<5).map { _ in Character(UnicodeScalar(UInt8(97 + next(26)))) })
            let mask = filter.fields(mayHoldingTermsStartingWith: prefix)
            for slot in fields.indices where !present[slot].contains(where: { $0.hasPrefix(prefix.prefix(4)) }) {
                prefixesAbsent += 1
                if mask & (1 << UInt64(slot)) != 0 { prefixesAdmitted += 1 }
            }
        }
        #expect(prefixesAbsent > 3_000)
        #expect(Double(prefixesAdmitted) < 0.05 * Double(prefixesAbsent), "\(prefixesAdmitted) of \(prefixesAbsent)")
    }
}
