import Foundation
import Limelight
import LimelightCore
import LimelightQuery
import Testing

/// The planner picks the cheapest plan: dictionary lookups, verification only when folding is
/// not exact, column ranges for numbers and dates.
@Suite struct PlannerTests {
    let planner = QueryPlanner(schema: CatalogueQuerySchema(), now: 1_700_000_000)

    func plan(_ query: String) throws -> EngineQuery { try planner.plan(queryString: query) }

    @Test func caseAndDiacriticInsensitiveEqualityIsOneLookup() throws {
        // A custom attribute keeps its whole values in a keyword field.
        guard case .term(let field, let term) = try plan(#"cuisine == "Frédéric"cd"#) else {
            Issue.record("expected a term lookup")
            return
        }
        #expect(field == "cuisine#v")
        #expect(term == "frederic")
    }

    @Test func exactEqualityVerifiesTheStoredValue() throws {
        guard case .filter(.term(let field, let term), _) = try plan(#"cuisine == "Paris""#) else {
            Issue.record("expected a verified term lookup")
            return
        }
        #expect(field == "cuisine#v")
        #expect(term == "paris")
    }

    @Test func prefixIsADictionaryWalk() throws {
        guard case .prefix(let field, let prefix) = try plan(#"cuisine == "Par*"cd"#) else {
            Issue.record("expected a prefix walk")
            return
        }
        #expect(field == "cuisine#v")
        #expect(prefix == "par")
    }

    @Test func searchableAttributesCompareWholeValuesThroughTheirWords() throws {
        // Built-in searchable attributes have no whole-value field: their words find candidates,
        // and the stored value decides.
        guard case .filter(.term(let field, let term), _) = try plan(#"title == "Frédéric"cd"#) else {
            Issue.record("expected a verified word lookup")
            return
        }
        #expect(field == "title")
        #expect(term == "frederic")
        guard case .filter(.and(let words), _) = try plan(#"title == "New York""#), words.count == 2,
            case .term("title", "new") = words[0], case .term("title", "york") = words[1]
        else {
            Issue.record("expected both words, verified")
            return
        }
        guard case .filter(.prefix("title", "mywindowc"), _) = try plan(#"title == "MyWindowC*""#) else {
            Issue.record("expected the lowercased compound as a prefix")
            return
        }
        guard case .filter(.term("title", "jpg"), _) = try plan(#"title == "*.jpg"cd"#) else {
            Issue.record("expected the whole word after the dot")
            return
        }
        guard case .filter(.and(let parts), _) = try plan(#"title == "pa*s"cd"#), parts.count == 2,
            case .prefix("title", "pa") = parts[0], case .matching("title", _) = parts[1]
        else {
            Issue.record("expected a prefix and a suffix scan")
            return
        }
        guard case .filter(.term(let presenceField, "title"), _) = try plan(#"title < "m""#) else {
            Issue.record("expected an ordering checked on the stored values of items with a title")
            return
        }
        #expect(presenceField == IndexFields.present)
    }

    @Test func wordsBecomeTermsAndPhrasesOnTheTextField() throws {
        guard case .term(let field, let term) = try plan(#"title == "Window"cdw"#) else {
            Issue.record("expected a word term")
            return
        }
        #expect(field == "title")
        #expect(term == "window")
        guard case .phrase(let phraseField, let terms, let lastIsPrefix) = try plan(#"title == "new yo*"cdw"#) else {
            Issue.record("expected a phrase")
            return
        }
        #expect(phraseField == "title")
        #expect(terms == ["new", "yo"])
        #expect(lastIsPrefix)
    }

    @Test func suffixScansTheDictionaryWithALiteralPrefixWhenThereIsOne() throws {
        guard case .matching(let field, let matcher) = try plan(#"cuisine == "*.jpg"cd"#) else {
            Issue.record("expected a dictionary scan")
            return
        }
        #expect(field == "cuisine#v")
        #expect(matcher.literalPrefix == "")
        guard case .matching(_, let general) = try plan(#"cuisine == "pa*s"cd"#) else {
            Issue.record("expected a dictionary scan")
            return
        }
        #expect(general.literalPrefix == "pa")
    }

    @Test func numbersAndDatesAreColumnRanges() throws {
        guard case .range(let field, let lower, let upper, let includeLower, _) = try plan("rating > 3") else {
            Issue.record("expected a range")
            return
        }
        #expect(field == "rating")
        #expect(lower == 3 && upper == nil && !includeLower)
        guard case .range(_, let dayStart, let dayEnd, true, false) = try plan("contentCreationDate == $time.today") else {
            Issue.record("expected a day range")
            return
        }
        let start = try #require(dayStart)
        #expect(try #require(dayEnd) - start == 86_400)
    }

    @Test func presenceUsesThePresenceField() throws {
        guard case .term(let field, let term) = try plan(#"kMDItemTitle == "*""#) else {
            Issue.record("expected presence")
            return
        }
        #expect(field == IndexFields.present)
        #expect(term == "title")
        guard case .not(.term) = try plan(#"title != "*""#) else {
            Issue.record("expected absence")
            return
        }
    }

    @Test func anyAttributeIsADisjunction() throws {
        guard case .or(let alternatives) = try plan(#"* == "x"cd"#) else {
            Issue.record("expected a disjunction")
            return
        }
        // Every default-searchable attribute, plus the custom attributes searchable by default.
        #expect(alternatives.count == AttributeCatalogue.defaultSearchableAttributes.count + 1)
    }

    @Test func typeMismatchesAreErrors() throws {
        #expect(throws: QueryPlanError.self) { try plan(#"rating == "lots""#) }
        #expect(throws: QueryPlanError.self) { try plan(#"thumbnailData == "abc""#) }
        #expect(throws: QuerySyntaxError.self) { try plan(#"title == "#) }
    }

    /// Random and mangled queries run end to end (lenient parse, plan, evaluate) without crashing.
    @Test func randomQueriesNeverCrashThePipeline() throws {
        let fixture = try SearchTestFixture.conformance()
        let pieces = [
            "title", "*", "**", "rating", "contentCreationDate", "==", "!=", "<", ">=", "&&", "||", "!", "(", ")",
            "\"Par*\"", "\"*a*\"cdw", "\"?\"", "3", "-1e9", "$time.today(-1)", "InRange(rating, 1, 3)", "\"東京\"w",
            "\"\"", "'x'", "true", "\"*\"", "keywords", "\"a b c\"t", "kMDItemFSName", "\\", "\"",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let count = Int.random(in: 1...7, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: " ")
            guard let expression = QueryParser.parseLenient(text).expression else { continue }
            guard let query = try? planner.plan(expression) else { continue }
            _ = try fixture.app.snapshot().count(query)
        }
    }
}
