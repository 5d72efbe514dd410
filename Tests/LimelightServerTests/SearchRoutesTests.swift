import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import Testing

/// `text` percent-encoded for a query parameter (everything but unreserved ASCII characters).
private func queryValue(_ text: String) -> String {
    let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
}

/// The body of `POST /v1/items` for these item lines, in `index` when given.
private func itemsBody(_ items: [String], index: String? = nil) -> String {
    let list = items.joined(separator: ",")
    guard let index else { return #"{"items": [\#(list)]}"# }
    return #"{"index": "\#(index)", "items": [\#(list)]}"#
}

/// The `uniqueIdentifier`s of an array of items.
private func itemIdentifiers(_ items: JSONDocument?) -> [String] {
    (items?.arrayValue ?? []).compactMap { $0["uniqueIdentifier"]?.stringValue }
}

/// The `text`s of an array of suggestion objects.
private func suggestionTexts(_ suggestions: JSONDocument?) -> [String] {
    (suggestions?.arrayValue ?? []).compactMap { $0["text"]?.stringValue }
}

/// A system-search hit as `bundleIdentifier/identifier`.
private func hitKey(_ hit: JSONDocument) -> String {
    (hit["bundleIdentifier"]?.stringValue ?? "?") + "/" + (hit["identifier"]?.stringValue ?? "?")
}

@Suite("Queries, suggestions and the system search")
struct SearchRoutesTests {
    @Test func metadataQueryRunsOnTheAppsOwnItems() async throws {
        var limits = ServiceLimits()
        limits.maximumQueryLength = 40
        let fixture = try ServerFixture(limits: limits)
        try await fixture.withClient { client in
            let notes = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let other = try await client.register("com.example.other", systemToken: fixture.systemToken)
            let defaultItems = [itemJSON("n1", title: "Banjo tuning"), itemJSON("n2", title: "Banjo chords"), itemJSON("n3", title: "Fiddle")]
            #expect(try await client.call(.post, "/v1/items", token: notes, json: itemsBody(defaultItems)).status == 200)
            let archived = itemsBody([itemJSON("a1", title: "Banjo history")], index: "archive")
            #expect(try await client.call(.post, "/v1/items", token: notes, json: archived).status == 200)
            #expect(try await client.call(.post, "/v1/items", token: other, json: itemsBody([itemJSON("o1", title: "Banjo elsewhere")])).status == 200)
            // App history shares the app's store but is not an item: a metadata query never returns it.
            let lesson = #"{"activityType": "com.example.notes.lesson", "title": "Banjo lesson", "persistentIdentifier": "lesson", "isEligibleForSearch": true}"#
            let recorded = try await client.call(.post, "/v1/activities", token: notes, json: lesson)
            #expect(recorded.body["outcome"] == "indexed")

            let banjo = "/v1/query?q=" + queryValue(#"title == "banjo*"c"#)
            let all = try await client.call(.get, banjo, token: notes)
            #expect(all.status == 200)
            #expect(itemIdentifiers(all.body["items"]).sorted() == ["a1", "n1", "n2"])
            let tuning = (all.body["items"]?.arrayValue ?? []).first(where: { $0["uniqueIdentifier"] == "n1" })
            #expect(tuning?["attributes"]?["title"] == "Banjo tuning")
            #expect(tuning?["contentType"] == "public.text")

            let archive = try await client.call(.get, banjo + "&index=archive", token: notes)
            #expect(itemIdentifiers(archive.body["items"]) == ["a1"])
            let defaultIndex = try await client.call(.get, banjo + "&index=", token: notes)
            #expect(itemIdentifiers(defaultIndex.body["items"]).sorted() == ["n1", "n2"])
            let titles = try await client.call(.get, banjo + "&index=archive&attributes=title", token: notes)
            let titled = try #require(titles.body["items"]?.arrayValue?.first)
            #expect(titled["attributes"] == ["title": "Banjo history"])
            #expect(titled["contentType"] == nil)
            let one = try await client.call(.get, banjo + "&limit=1", token: notes)
            #expect(one.body["items"]?.arrayValue?.count == 1)
            let none = try await client.call(.get, banjo + "&limit=0", token: notes)
            #expect(none.body["items"] == [])

            // Another app's query sees only its own item.
            let isolated = try await client.call(.get, banjo, token: other)
            #expect(itemIdentifiers(isolated.body["items"]) == ["o1"])

            // A syntax error is a 400 naming the column.
            let syntax = try await client.call(.get, "/v1/query?q=" + queryValue(#"title == "banjo"#), token: notes)
            #expect(syntax.status == 400)
            #expect(syntax.errorCode == "invalidRequest")
            #expect(syntax.errorField == "q")
            let message = syntax.body["error"]?["message"]?.stringValue ?? ""
            #expect(message.contains("column 10"), "\(message)")

            let missing = try await client.call(.get, "/v1/query", token: notes)
            #expect(missing.status == 400)
            #expect(missing.errorField == "q")
            for bad in ["&limit=many", "&limit=-1", "&limit=1001"] {
                let response = try await client.call(.get, banjo + bad, token: notes)
                #expect(response.status == 400, "\(bad)")
                #expect(response.errorField == "limit", "\(bad)")
            }
            let tooLong = try await client.call(.get, "/v1/query?q=" + String(repeating: "a", count: 41), token: notes)
            #expect(tooLong.errorCode == "tooManyRequested")
            #expect(tooLong.errorField == "q")
            #expect(try await client.call(.get, banjo, token: fixture.systemToken).status == 403)
            #expect(try await client.call(.get, banjo).status == 401)
        }
    }

    @Test func userQueryRanksPrefixMatchesOfEveryWord() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let notes = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let other = try await client.register("com.example.other", systemToken: fixture.systemToken)
            let defaultItems = [itemJSON("n1", title: "Banjo tuning"), itemJSON("n2", title: "Banjo chords"), itemJSON("n3", title: "Fiddle")]
            #expect(try await client.call(.post, "/v1/items", token: notes, json: itemsBody(defaultItems)).status == 200)
            let archived = itemsBody([itemJSON("a1", title: "Banjo history")], index: "archive")
            #expect(try await client.call(.post, "/v1/items", token: notes, json: archived).status == 200)
            let lesson = #"{"activityType": "com.example.notes.lesson", "title": "Banjo lesson", "persistentIdentifier": "lesson", "isEligibleForSearch": true}"#
            #expect(try await client.call(.post, "/v1/activities", token: notes, json: lesson).body["outcome"] == "indexed")

            let response = try await client.call(.get, "/v1/user-query?q=ban", token: notes)
            #expect(response.status == 200)
            let hits = try #require(response.body["hits"]?.arrayValue)
            // Items only (not the activity), from every index of the app.
            #expect(hits.compactMap { $0["item"]?["uniqueIdentifier"]?.stringValue }.sorted() == ["a1", "n1", "n2"])
            let scores = hits.compactMap { $0["score"]?.numberValue }
            #expect(scores.count == 3)
            #expect(scores.allSatisfy { $0 > 0 })
            #expect(zip(scores, scores.dropFirst()).allSatisfy { pair in pair.0 >= pair.1 })
            let history = hits.first(where: { $0["item"]?["uniqueIdentifier"] == "a1" })
            #expect(history?["index"] == "archive")
            #expect(history?["item"]?["attributes"]?["title"] == "Banjo history")
            #expect(hits.first(where: { $0["item"]?["uniqueIdentifier"] == "n1" })?["index"] == "")

            // Every word must match (as a prefix), ignoring case and diacritics.
            let twoWords = try await client.call(.get, "/v1/user-query?q=" + queryValue("BÁNJO tu"), token: notes)
            #expect(twoWords.body["hits"]?.arrayValue?.compactMap { $0["item"]?["uniqueIdentifier"]?.stringValue } == ["n1"])
            let archive = try await client.call(.get, "/v1/user-query?q=ban&index=archive", token: notes)
            #expect(archive.body["hits"]?.arrayValue?.compactMap { $0["item"]?["uniqueIdentifier"]?.stringValue } == ["a1"])
            let limited = try await client.call(.get, "/v1/user-query?q=ban&limit=1", token: notes)
            #expect(limited.body["hits"]?.arrayValue?.count == 1)
            let titles = try await client.call(.get, "/v1/user-query?q=fid&attributes=title", token: notes)
            let fiddle = try #require(titles.body["hits"]?.arrayValue?.first)
            #expect(fiddle["item"]?["uniqueIdentifier"] == "n3")
            #expect(fiddle["item"]?["attributes"] == ["title": "Fiddle"])
            #expect(fiddle["item"]?["contentType"] == nil)

            let isolated = try await client.call(.get, "/v1/user-query?q=ban", token: other)
            #expect(isolated.body["hits"] == [])
            let missing = try await client.call(.get, "/v1/user-query", token: notes)
            #expect(missing.status == 400)
            #expect(missing.errorField == "q")
            let badLimit = try await client.call(.get, "/v1/user-query?q=ban&limit=x", token: notes)
            #expect(badLimit.errorField == "limit")
            #expect(try await client.call(.get, "/v1/user-query?q=ban", token: fixture.systemToken).status == 403)
        }
    }

    @Test func suggestionsComeFromPastQueriesThenVocabulary() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let notes = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let other = try await client.register("com.example.other", systemToken: fixture.systemToken)
            let items = [itemJSON("n1", title: "Banjo tuning"), itemJSON("n2", title: "Banjo chords"), itemJSON("n3", title: "Banjo history")]
            #expect(try await client.call(.post, "/v1/items", token: notes, json: itemsBody(items)).status == 200)
            for query in ["banjo chords", "banjo tuner", "banjo chords"] {
                let recorded = try await client.call(.post, "/v1/query-history", token: notes, json: #"{"query": "\#(query)"}"#)
                #expect(recorded.status == 200)
                #expect(recorded.body == ["recorded": .bool(true)])
            }

            let past = try await client.call(.get, "/v1/suggestions?prefix=banjo", token: notes)
            #expect(past.status == 200)
            let suggestions = try #require(past.body["suggestions"]?.arrayValue)
            #expect(suggestionTexts(past.body["suggestions"]) == ["banjo chords", "banjo tuner"])
            #expect(suggestions.compactMap { $0["source"]?.stringValue } == ["pastQuery", "pastQuery"])
            #expect(suggestions.compactMap { $0["score"]?.numberValue } == [2, 1])

            // Past queries first, then the last word completed from the indexed words.
            let ban = try await client.call(.get, "/v1/suggestions?prefix=ban", token: notes)
            #expect(suggestionTexts(ban.body["suggestions"]) == ["banjo chords", "banjo tuner", "banjo"])
            #expect(ban.body["suggestions"]?.arrayValue?.last?["source"] == "vocabulary")
            let secondWord = try await client.call(.get, "/v1/suggestions?prefix=" + queryValue("banjo t"), token: notes)
            #expect(suggestionTexts(secondWord.body["suggestions"]) == ["banjo tuner", "banjo tuning"])
            let limited = try await client.call(.get, "/v1/suggestions?prefix=ban&limit=1", token: notes)
            #expect(suggestionTexts(limited.body["suggestions"]) == ["banjo chords"])

            // Another app has neither the history nor the words.
            let isolated = try await client.call(.get, "/v1/suggestions?prefix=ban", token: other)
            #expect(isolated.status == 200)
            #expect(isolated.body["suggestions"] == [])

            let missing = try await client.call(.get, "/v1/suggestions", token: notes)
            #expect(missing.status == 400)
            #expect(missing.errorField == "prefix")
            let badLimit = try await client.call(.get, "/v1/suggestions?prefix=ban&limit=101", token: notes)
            #expect(badLimit.status == 400)
            #expect(badLimit.errorField == "limit")
            for (body, field) in [(#"{}"#, "query"), (#"{"query": 3}"#, "query"), (#"{"query": "banjo colour", "colour": "red"}"#, "colour")] {
                let response = try await client.call(.post, "/v1/query-history", token: notes, json: body)
                #expect(response.status == 400, "\(body)")
                #expect(response.errorField == field, "\(body)")
            }
            let system = try await client.call(.post, "/v1/query-history", token: fixture.systemToken, json: #"{"query": "banjo picking"}"#)
            #expect(system.status == 403)
            // The failed requests recorded nothing.
            let after = try await client.call(.get, "/v1/suggestions?prefix=banjo", token: notes)
            #expect(suggestionTexts(after.body["suggestions"]) == ["banjo chords", "banjo tuner"])
        }
    }

    @Test func systemSearchGroupsAppsMergesHistoryAndSuggests() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let music = try await client.register("com.example.music", systemToken: fixture.systemToken, supportsContinuation: true)
            let notes = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let other = try await client.register("com.example.other", systemToken: fixture.systemToken)
            // Music: eight banjo items (b1…b8) and an activity about b1 viewed twice.
            let words = ["tuning", "chords", "history", "strings", "picks", "straps", "cases", "capos"]
            let banjoItems = words.enumerated().map { offset, word in itemJSON("b\(offset + 1)", title: "Banjo \(word)") }
            let musicItems = itemsBody(banjoItems + [itemJSON("f1", title: "Fiddle tunes")])
            #expect(try await client.call(.post, "/v1/items", token: music, json: musicItems).status == 200)
            let lesson = #"""
                {"activityType": "com.example.music.lesson", "title": "Banjo lesson", "persistentIdentifier": "lesson-1",
                 "isEligibleForSearch": true, "attributes": {"relatedUniqueIdentifier": "b1"}}
                """#
            for views in 1...2 {
                let recorded = try await client.call(.post, "/v1/activities", token: music, json: lesson)
                #expect(recorded.body["outcome"] == "indexed")
                #expect(recorded.body["viewCount"] == .integer(views))
            }
            // Notes: one banjo item and an activity about no item.
            #expect(try await client.call(.post, "/v1/items", token: notes, json: itemsBody([itemJSON("s1", title: "Banjo shopping list")])).status == 200)
            let concert = #"{"activityType": "com.example.notes.open", "title": "Banjo concert tickets", "persistentIdentifier": "concert", "isEligibleForSearch": true}"#
            #expect(try await client.call(.post, "/v1/activities", token: notes, json: concert).body["outcome"] == "indexed")
            // Other: nothing about banjos.
            #expect(try await client.call(.post, "/v1/items", token: other, json: itemsBody([itemJSON("x1", title: "Fiddle")])).status == 200)
            // A query typed in the system search and opened becomes a past query of the system search;
            // an app's own query history is not offered there.
            let opened = try await client.call(
                .post, "/v1/open", token: fixture.systemToken,
                json: #"{"identifier": "b1", "bundleIdentifier": "com.example.music", "query": "banjo tuning"}"#)
            #expect(opened.status == 200)
            #expect(try await client.call(.post, "/v1/query-history", token: notes, json: #"{"query": "banjo secret chords"}"#).status == 200)

            let result = try await client.call(.get, "/v1/search?q=banjo", token: fixture.systemToken)
            #expect(result.status == 200)
            #expect(result.body["query"] == "banjo")
            #expect(result.body["lockScreen"] == .bool(false))
            let topHits = try #require(result.body["topHits"]?.arrayValue)
            let sections = try #require(result.body["sections"]?.arrayValue)
            #expect(topHits.count == 3)
            let topScores = topHits.compactMap { $0["score"]?.numberValue }
            #expect(topScores.count == 3)
            #expect(zip(topScores, topScores.dropFirst()).allSatisfy { pair in pair.0 >= pair.1 })

            // Sections: one per app with results, none for the app without; top hits are not repeated.
            let byApp = Dictionary(sections.map { ($0["bundleIdentifier"]?.stringValue ?? "", $0) }, uniquingKeysWith: { first, _ in first })
            #expect(byApp.count == sections.count)
            #expect(byApp["com.example.other"] == nil)
            let sectionHits = sections.flatMap { $0["items"]?.arrayValue ?? [] }
            let shown = topHits + sectionHits
            let keys = shown.map(hitKey)
            #expect(Set(keys).count == keys.count, "\(keys)")
            let lowestTop = topScores.min() ?? 0
            #expect(sectionHits.allSatisfy { ($0["score"]?.numberValue ?? .infinity) <= lowestTop })

            let musicSection = try #require(byApp["com.example.music"])
            let musicRest = 8 - topHits.filter { $0["bundleIdentifier"] == "com.example.music" }.count
            #expect(musicSection["items"]?.arrayValue?.count == 3)
            #expect(musicSection["more"] == .integer(musicRest - 3))
            #expect(musicSection["searchInApp"] == ["query": "banjo"])
            #expect(musicSection["items"]?.arrayValue?.allSatisfy { $0["bundleIdentifier"] == "com.example.music" } == true)
            let notesRest = 2 - topHits.filter { $0["bundleIdentifier"] == "com.example.notes" }.count
            if notesRest > 0 {
                let notesSection = try #require(byApp["com.example.notes"])
                #expect(notesSection["items"]?.arrayValue?.count == notesRest)
                #expect(notesSection["more"] == .integer(0))
                #expect(notesSection["searchInApp"] == nil)
            } else {
                #expect(byApp["com.example.notes"] == nil)
            }
            // Ten pieces of content in all: 8 music items (b1 with its activity) and the 2 of notes.
            let total = topHits.count + sections.reduce(0) { sum, section in
                sum + (section["items"]?.arrayValue?.count ?? 0) + Int(section["more"]?.numberValue ?? 0)
            }
            #expect(total == 10)

            // The activity about b1 comes back once, as the item, with its views.
            #expect(shown.filter { $0["identifier"] == "b1" }.count == 1)
            #expect(!keys.contains("com.example.music/p:lesson-1"))
            let merged = try #require(shown.first(where: { $0["identifier"] == "b1" }))
            #expect(merged["bundleIdentifier"] == "com.example.music")
            #expect(merged["kind"] == "item")
            #expect(merged["index"] == "")
            #expect(merged["mergedRecords"] == .integer(2))
            #expect(merged["viewCount"] == .integer(2))
            #expect(merged["item"]?["attributes"]?["title"] == "Banjo tuning")
            #expect(merged["activity"] == nil)
            // An activity about no item is a result of its own, shown as the activity.
            let alone = try #require(shown.first(where: { $0["identifier"] == "p:concert" }))
            #expect(alone["bundleIdentifier"] == "com.example.notes")
            #expect(alone["kind"] == "activity")
            #expect(alone["mergedRecords"] == .integer(1))
            #expect(alone["viewCount"] == .integer(1))
            #expect(alone["activity"]?["title"] == "Banjo concert tickets")
            #expect(alone["activity"]?["activityType"] == "com.example.notes.open")
            #expect(alone["item"] == nil)

            #expect(result.body["suggestions"] == ["banjo tuning"])
            let ban = try await client.call(.get, "/v1/search?q=ban", token: fixture.systemToken)
            #expect(ban.body["suggestions"] == ["banjo tuning", "banjo"])

            // Locked: nothing private, not even suggestions.
            let locked = try await client.call(.get, "/v1/search?q=banjo&lockScreen=true", token: fixture.systemToken)
            #expect(locked.status == 200)
            #expect(locked.body == ["query": "banjo", "lockScreen": .bool(true), "topHits": [], "sections": [], "suggestions": []])
            let unlocked = try await client.call(.get, "/v1/search?q=banjo&lockScreen=false", token: fixture.systemToken)
            #expect(unlocked.body["topHits"]?.arrayValue?.count == 3)
            let badFlag = try await client.call(.get, "/v1/search?q=banjo&lockScreen=maybe", token: fixture.systemToken)
            #expect(badFlag.status == 400)
            #expect(badFlag.errorField == "lockScreen")
            let missing = try await client.call(.get, "/v1/search", token: fixture.systemToken)
            #expect(missing.status == 400)
            #expect(missing.errorField == "q")
        }
    }

    @Test func systemSearchNeedsTheSystemCredential() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            #expect(try await client.call(.post, "/v1/items", token: token, json: itemsBody([itemJSON("n1", title: "Banjo")])).status == 200)
            let forbidden = try await client.call(.get, "/v1/search?q=banjo", token: token)
            #expect(forbidden.status == 403)
            #expect(forbidden.errorCode == "forbidden")
            #expect(!forbidden.body.serialized.contains("n1"))
            let anonymous = try await client.call(.get, "/v1/search?q=banjo")
            #expect(anonymous.status == 401)
            #expect(anonymous.errorCode == "unauthorized")
            let allowed = try await client.call(.get, "/v1/search?q=banjo", token: fixture.systemToken)
            #expect(allowed.status == 200)
            #expect(allowed.body["topHits"]?.arrayValue?.first?["identifier"] == "n1")
        }
    }
}

extension SearchRoutesTests {
    /// On the lock screen only public app history shows: activities the app marked eligible for
    /// public indexing, never items, private activities or suggestions.
    @Test func lockScreenShowsOnlyPublicActivities() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.guide", systemToken: fixture.systemToken)
            #expect(try await client.call(.post, "/v1/items", token: token, json: itemsBody([itemJSON("i1", title: "Harbor walk notes")])).status == 200)
            let publicPage = #"{"activityType": "com.example.guide.place", "title": "Harbor museum", "persistentIdentifier": "museum", "isEligibleForSearch": true, "isEligibleForPublicIndexing": true, "webpageURL": "https://example.com/places/museum"}"#
            let privatePage = #"{"activityType": "com.example.guide.place", "title": "Harbor apartment door code", "persistentIdentifier": "home", "isEligibleForSearch": true}"#
            for activity in [publicPage, privatePage] {
                #expect(try await client.call(.post, "/v1/activities", token: token, json: activity).body["outcome"] == "indexed")
            }
            let unlocked = try await client.call(.get, "/v1/search?q=harbor", token: fixture.systemToken)
            let unlockedHits = (unlocked.body["topHits"]?.arrayValue ?? []) + (unlocked.body["sections"]?.arrayValue ?? []).flatMap { $0["items"]?.arrayValue ?? [] }
            #expect(unlockedHits.count == 3)

            let locked = try await client.call(.get, "/v1/search?q=harbor&lockScreen=true", token: fixture.systemToken)
            #expect(locked.status == 200)
            let lockedHits = (locked.body["topHits"]?.arrayValue ?? []) + (locked.body["sections"]?.arrayValue ?? []).flatMap { $0["items"]?.arrayValue ?? [] }
            #expect(lockedHits.count == 1)
            #expect(lockedHits.first?["activity"]?["title"] == "Harbor museum")
            #expect(locked.body["suggestions"] == [])
            #expect(!locked.body.serialized.contains("door code") && !locked.body.serialized.contains("walk notes"))
        }
    }
}
