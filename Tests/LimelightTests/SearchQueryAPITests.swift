import Foundation
import Limelight
import Synchronization
import Testing

/// CSSearchQuery and CSUserQuery: batches, one completion, cancellation, counts, fetched attributes,
/// the async sequences, suggestions and engagement.
@Suite struct SearchQueryAPITests {
    final class Collected: Sendable {
        let batches = Mutex<[[CSSearchableItem]]>([])
        let completions = Mutex<[(any Error)?]>([])
    }

    /// Runs a query with handlers and waits for its completion.
    func run(_ query: CSSearchQuery) async -> Collected {
        let collected = Collected()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            query.foundItemsHandler = { items in collected.batches.withLock { $0.append(items) } }
            query.completionHandler = { error in
                collected.completions.withLock { $0.append(error) }
                continuation.resume()
            }
            query.start()
        }
        return collected
    }

    func fixture(items count: Int) throws -> SearchTestFixture {
        let fixture = try SearchTestFixture(shared: true)
        var items: [StoredItem] = []
        for number in 0..<count {
            items.append(try SearchTestFixture.item("note-\(number)", ["title": .string("Note \(number)"), "contentDescription": .string("text \(number)")]))
        }
        try fixture.index(items)
        return fixture
    }

    @Test func deliversBatchesThenOneCompletion() async throws {
        let fixture = try fixture(items: 250)
        let context = CSSearchQueryContext()
        context.fetchAttributes = ["title"]
        let query = CSSearchQuery(queryString: #"title == "note*"c"#, queryContext: context, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        let collected = await run(query)
        let batches = collected.batches.withLock { $0 }
        #expect(batches.count >= 3)
        #expect(batches.allSatisfy { $0.count <= 100 })
        let items = batches.flatMap { $0 }
        #expect(items.count == 250)
        #expect(query.foundItemCount == 250)
        #expect(Set(items.map(\.uniqueIdentifier)).count == 250)
        #expect(collected.completions.withLock { $0.count } == 1)
        #expect(collected.completions.withLock { $0.first! } == nil)
        let item = try #require(items.first)
        #expect(item.attributeSet.title?.hasPrefix("Note") == true)
        #expect(item.attributeSet.contentDescription == nil)
    }

    @Test func invalidQueryCompletesWithTheColumn() async throws {
        let fixture = try fixture(items: 1)
        let query = CSSearchQuery(queryString: #"title == "#, queryContext: nil, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        let collected = await run(query)
        let error = try #require(collected.completions.withLock { $0.first ?? nil } as? CSSearchQueryError)
        #expect(error.code == .invalidQuery)
        #expect(error.errorCode == -2002)
        #expect(error.message.contains("column 10"))
        #expect(query.foundItemCount == 0)
    }

    @Test func cancelledQueryReportsCancelled() async throws {
        let fixture = try fixture(items: 10)
        let query = CSSearchQuery(queryString: #"title == "*""#, queryContext: nil, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        query.cancel()
        #expect(query.isCancelled)
        let collected = await run(query)
        let error = try #require(collected.completions.withLock { $0.first ?? nil } as? CSSearchQueryError)
        #expect(error.code == .cancelled)
        #expect(error.errorCode == -2003)
        #expect(collected.batches.withLock { $0.isEmpty })
    }

    @Test func resultsSequenceYieldsEveryItem() async throws {
        let fixture = try fixture(items: 30)
        let query = CSSearchQuery(queryString: #"contentDescription == "text 1*""#, queryContext: nil, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        var identifiers: [String] = []
        for try await result in query.results { identifiers.append(result.id) }
        #expect(identifiers.sorted() == (["note-1"] + (10..<20).map { "note-\($0)" }).sorted())
        #expect(query.foundItemCount == 11)
    }

    @Test func resultsSequenceThrowsInvalidQuery() async throws {
        let fixture = try fixture(items: 1)
        let query = CSSearchQuery(queryString: "title ==== 1", queryContext: nil, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        await #expect(throws: CSSearchQueryError.self) {
            for try await _ in query.results {}
        }
    }

    @Test func filterQueriesApply() async throws {
        let fixture = try fixture(items: 20)
        let context = CSSearchQueryContext()
        context.filterQueries = [#"contentDescription == "text 1*""#]
        let query = CSSearchQuery(queryString: #"title == "Note*""#, queryContext: context, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        let collected = await run(query)
        #expect(collected.batches.withLock { $0.flatMap { $0 } }.count == 11)
    }

    @Test func userQueryRanksAndSuggests() async throws {
        let fixture = try SearchTestFixture(shared: true)
        try fixture.index([
            SearchTestFixture.item("tuner", ["title": .string("Banjo tuner")]),
            SearchTestFixture.item("chords", ["title": .string("Banjo chords"), "keywords": .strings(["banjo", "chords"])]),
            SearchTestFixture.item("history", ["title": .string("History of music"), "textContent": .string("the banjo came to America")]),
        ])
        let context = CSUserQueryContext()
        context.fetchAttributes = ["title"]
        context.maxSuggestionCount = 5
        let query = CSUserQuery(userQueryString: "banjo c", userQueryContext: context, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        var items: [CSUserQuery.Item] = []
        var suggestions: [CSSuggestion] = []
        for try await response in query.responses {
            switch response {
            case .item(let item): items.append(item)
            case .suggestion(let suggestion): suggestions.append(suggestion)
            }
        }
        #expect(items.map(\.id) == ["chords", "history"])
        #expect(items.first?.item.attributeSet.title == "Banjo chords")
        #expect(suggestions.map(\.suggestionText).contains("banjo chords"))
        #expect(suggestions.first?.suggestionKind == .default)

        // Engagement is remembered: the query becomes a past-query suggestion.
        let engaged = try #require(items.first)
        query.userEngaged(engaged, visibleItems: items, interaction: .select)
        let again = CSUserQuery(userQueryString: "ban", userQueryContext: context, storePath: fixture.directory.path, bundleIdentifier: fixture.bundleIdentifier)
        var later: [CSSuggestion] = []
        for try await response in again.responses {
            if case .suggestion(let suggestion) = response { later.append(suggestion) }
        }
        #expect(later.first?.suggestionText == "banjo c")
        #expect(later.first?.suggestionKind == .custom)
    }

    @Test func suggestionsFromVocabularyAndPastQueries() throws {
        let fixture = try SearchTestFixture()
        try fixture.index([
            SearchTestFixture.item("1", ["title": .string("Banjo tuner")]),
            SearchTestFixture.item("2", ["title": .string("Banjo chords")]),
            SearchTestFixture.item("3", ["title": .string("Bandoneon")]),
            SearchTestFixture.item("4", ["title": .string("Banjo lessons")]),
        ])
        let vocabulary = try fixture.app.suggestions(prefix: "ban", limit: 5)
        #expect(vocabulary.first?.text == "banjo")
        #expect(vocabulary.map(\.text).contains("bandoneon"))
        #expect(vocabulary.allSatisfy { $0.source == .vocabulary })
        let next = try fixture.app.suggestions(prefix: "banjo t", limit: 5)
        #expect(next.map(\.text) == ["banjo tuner"])
        try fixture.app.recordUserQuery("banjo chords")
        try fixture.app.recordUserQuery("banjo chords")
        try fixture.app.recordUserQuery("banjo tuner")
        let past = try fixture.app.suggestions(prefix: "banjo", limit: 5)
        #expect(past.prefix(2).map(\.text) == ["banjo chords", "banjo tuner"])
        #expect(past.first?.source == .pastQuery)
        // Durable: a new store object on the same directory sees the history.
        #expect(fixture.app.pastUserQueries().first?.text == "banjo chords")
    }
}
