import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import Testing

/// The body of `POST /v1/items` for these item lines, in `index` when given.
private func historyItemsBody(_ items: [String], index: String? = nil) -> String {
    let list = items.joined(separator: ",")
    guard let index else { return #"{"items": [\#(list)]}"# }
    return #"{"index": "\#(index)", "items": [\#(list)]}"#
}

/// A search-eligible activity with a persistent identifier.
private func eligibleActivity(_ persistentIdentifier: String, title: String, type: String = "com.example.view") -> String {
    #"{"activityType": "\#(type)", "title": "\#(title)", "persistentIdentifier": "\#(persistentIdentifier)", "isEligibleForSearch": true}"#
}

/// The values of `key` in the `activities` array of a response.
private func activityValues(_ response: JSONResponse, _ key: String) -> [String] {
    (response.body["activities"]?.arrayValue ?? []).compactMap { $0[key]?.stringValue }
}

@Suite("App history, opening results and launches")
struct HistoryRoutesTests {
    @Test func recordsEligibleActivitiesAndCountsRepeatedViews() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.recipes", systemToken: fixture.systemToken)
            let poutine = #"""
                {"activityType": "com.example.recipe.view", "title": "Poutine", "keywords": ["fries", "gravy"],
                 "userInfo": {"recipe": 42}, "persistentIdentifier": "recipe-42", "isEligibleForSearch": true}
                """#
            let first = try await client.call(.post, "/v1/activities", token: token, json: poutine)
            #expect(first.status == 200)
            #expect(first.body == ["outcome": "indexed", "identifier": "p:recipe-42", "viewCount": .integer(1)])
            // The same activity again replaces the saved one and counts a second view.
            let deluxe = #"""
                {"activityType": "com.example.recipe.view", "title": "Poutine deluxe", "userInfo": {"recipe": 42},
                 "persistentIdentifier": "recipe-42", "isEligibleForSearch": true}
                """#
            let second = try await client.call(.post, "/v1/activities", token: token, json: deluxe)
            #expect(second.status == 200)
            #expect(second.body == ["outcome": "indexed", "identifier": "p:recipe-42", "viewCount": .integer(2)])
            // Without a persistent identifier, the type and the user info identify the activity.
            let tourtiere = #"{"activityType": "com.example.recipe.view", "title": "Tourtiere", "userInfo": {"recipe": 7}, "isEligibleForSearch": true}"#
            let third = try await client.call(.post, "/v1/activities", token: token, json: tourtiere)
            #expect(third.body["outcome"] == "indexed")
            #expect(third.body["identifier"] == .string(#"t:com.example.recipe.view{"recipe":7}"#))
            #expect(third.body["viewCount"] == .integer(1))
            // Not eligible for search: reported and not stored.
            let hidden = #"{"activityType": "com.example.recipe.view", "title": "Hidden", "persistentIdentifier": "hidden"}"#
            let skipped = try await client.call(.post, "/v1/activities", token: token, json: hidden)
            #expect(skipped.status == 200)
            #expect(skipped.body == ["outcome": "notEligibleForSearch"])

            let listed = try await client.call(.get, "/v1/activities", token: token)
            #expect(listed.status == 200)
            #expect(activityValues(listed, "title").sorted() == ["Poutine deluxe", "Tourtiere"])
            let activities = listed.body["activities"]?.arrayValue ?? []
            let saved = try #require(activities.first(where: { $0["persistentIdentifier"] == "recipe-42" }))
            #expect(saved["activityType"] == "com.example.recipe.view")
            #expect(saved["userInfo"] == ["recipe": .integer(42)])
            #expect(saved["isEligibleForSearch"] == .bool(true))
            #expect(saved["keywords"] == nil)  // replaced by the second recording, which had none
            #expect(saved["viewCount"] == nil)  // view counts are not part of the activity JSON

            // Malformed activities are 400s and store nothing.
            let unknown = try await client.call(.post, "/v1/activities", token: token, json: #"{"activityType": "x", "colour": "red"}"#)
            #expect(unknown.status == 400)
            #expect(unknown.errorCode == "invalidRequest")
            #expect(unknown.body["error"]?["message"]?.stringValue?.contains("colour") == true)
            let noType = try await client.call(.post, "/v1/activities", token: token, json: #"{"title": "x", "isEligibleForSearch": true}"#)
            #expect(noType.status == 400)
            #expect(noType.body["error"]?["message"]?.stringValue?.contains("activityType") == true)
            let badURL = try await client.call(
                .post, "/v1/activities", token: token,
                json: #"{"activityType": "x", "webpageURL": "ftp://example.com/a", "isEligibleForSearch": true}"#)
            #expect(badURL.status == 400)
            let notObject = try await client.call(.post, "/v1/activities", token: token, json: "[1]")
            #expect(notObject.status == 400)
            let system = try await client.call(.post, "/v1/activities", token: fixture.systemToken, json: eligibleActivity("s", title: "System"))
            #expect(system.status == 403)
            #expect(try await client.call(.get, "/v1/activities", token: fixture.systemToken).status == 403)
            let after = try await client.call(.get, "/v1/activities", token: token)
            #expect(activityValues(after, "title").sorted() == ["Poutine deluxe", "Tourtiere"])
        }
    }

    @Test func stronglyRelatedActivityNeedsItsItem() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.recipes", systemToken: fixture.systemToken)
            let other = try await client.register("com.example.other", systemToken: fixture.systemToken)
            let recipes = historyItemsBody([itemJSON("r1", title: "Poutine")], index: "recipes")
            #expect(try await client.call(.post, "/v1/items", token: token, json: recipes).status == 200)
            // Another app's item with the identifier does not count.
            #expect(try await client.call(.post, "/v1/items", token: other, json: historyItemsBody([itemJSON("r9", title: "Elsewhere")])).status == 200)

            func about(_ identifier: String) -> String {
                #"""
                {"activityType": "com.example.recipe.view", "persistentIdentifier": "about-\#(identifier)", "isEligibleForSearch": true,
                 "attributes": {"relatedUniqueIdentifier": "\#(identifier)"}}
                """#
            }
            // The item is in a named index: any of the app's indexes will do.
            let kept = try await client.call(.post, "/v1/activities", token: token, json: about("r1"))
            #expect(kept.status == 200)
            #expect(kept.body == ["outcome": "indexed", "identifier": "p:about-r1", "viewCount": .integer(1)])
            let missing = try await client.call(.post, "/v1/activities", token: token, json: about("r9"))
            #expect(missing.status == 200)
            #expect(missing.body == ["outcome": "relatedItemMissing", "relatedUniqueIdentifier": "r9"])

            let listed = try await client.call(.get, "/v1/activities", token: token)
            #expect(activityValues(listed, "persistentIdentifier") == ["about-r1"])
            #expect(listed.body["activities"]?.arrayValue?.first?["attributes"]?["relatedUniqueIdentifier"] == "r1")

            // Deleting the item takes the activity bound to it along.
            let deleted = try await client.call(.delete, "/v1/items", token: token, json: #"{"index": "recipes", "identifiers": ["r1"]}"#)
            #expect(deleted.status == 200)
            let afterDelete = try await client.call(.get, "/v1/activities", token: token)
            #expect(afterDelete.body == ["activities": []])
            let again = try await client.call(.post, "/v1/activities", token: token, json: about("r1"))
            #expect(again.body == ["outcome": "relatedItemMissing", "relatedUniqueIdentifier": "r1"])
        }
    }

    @Test func deletesActivitiesByPersistentIdentifierOrAll() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.recipes", systemToken: fixture.systemToken)
            for name in ["a", "b", "c"] {
                let recorded = try await client.call(.post, "/v1/activities", token: token, json: eligibleActivity(name, title: "Activity \(name)"))
                #expect(recorded.body["outcome"] == "indexed")
            }
            let deleted = try await client.call(.delete, "/v1/activities", token: token, json: #"{"persistentIdentifiers": ["a", "nothing"]}"#)
            #expect(deleted.status == 200)
            #expect(deleted.body == ["deleted": .bool(true)])
            let remaining = try await client.call(.get, "/v1/activities", token: token)
            #expect(activityValues(remaining, "persistentIdentifier").sorted() == ["b", "c"])

            let cases: [(String, String)] = [
                (#"{}"#, "persistentIdentifiers"),
                (#"{"all": false}"#, "persistentIdentifiers"),
                (#"{"persistentIdentifiers": ["b"], "all": true}"#, "persistentIdentifiers"),
                (#"{"persistentIdentifiers": ["b", 1]}"#, "persistentIdentifiers[1]"),
                (#"{"all": "yes"}"#, "all"),
                (#"{"all": true, "colour": "red"}"#, "colour"),
            ]
            for (body, field) in cases {
                let response = try await client.call(.delete, "/v1/activities", token: token, json: body)
                #expect(response.status == 400, "\(body)")
                #expect(response.errorField == field, "\(body)")
            }
            #expect(try await client.call(.delete, "/v1/activities", token: fixture.systemToken, json: #"{"all": true}"#).status == 403)
            let stillRemaining = try await client.call(.get, "/v1/activities", token: token)
            #expect(activityValues(stillRemaining, "persistentIdentifier").sorted() == ["b", "c"])

            let all = try await client.call(.delete, "/v1/activities", token: token, json: #"{"all": true}"#)
            #expect(all.status == 200)
            #expect(try await client.call(.get, "/v1/activities", token: token).body == ["activities": []])
        }
    }

    @Test func appOpensItsItemsPagesAndActivities() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.recipes", systemToken: fixture.systemToken)
            #expect(try await client.call(.post, "/v1/items", token: token, json: historyItemsBody([itemJSON("n1", title: "Poutine")])).status == 200)
            let kitchen = historyItemsBody([itemJSON("k1", title: "Tourtiere")], index: "kitchen")
            #expect(try await client.call(.post, "/v1/items", token: token, json: kitchen).status == 200)
            let poutine = #"""
                {"activityType": "com.example.recipe.view", "title": "Poutine", "userInfo": {"recipe": 42},
                 "persistentIdentifier": "recipe-42", "isEligibleForSearch": true}
                """#
            #expect(try await client.call(.post, "/v1/activities", token: token, json: poutine).body["outcome"] == "indexed")

            // An item: the searchable-item action with its identifier.
            let item = try await client.call(.post, "/v1/open", token: token, json: #"{"identifier": "n1"}"#)
            #expect(item.status == 200)
            #expect(item.body["activity"]?["activityType"] == .string(CSSearchableItemActionType))
            #expect(item.body["activity"]?["activityType"] == "com.apple.corespotlightitem")
            #expect(item.body["activity"]?["userInfo"] == .object([CSSearchableItemActivityIdentifier: .string("n1")]))
            #expect(item.body["bundleIdentifier"] == nil)
            let named = try await client.call(.post, "/v1/open", token: token, json: #"{"identifier": "k1", "index": "kitchen"}"#)
            #expect(named.status == 200)
            #expect(named.body["activity"]?["userInfo"]?[CSSearchableItemActivityIdentifier] == "k1")
            let wrongIndex = try await client.call(.post, "/v1/open", token: token, json: #"{"identifier": "k1"}"#)
            #expect(wrongIndex.status == 404)
            #expect(wrongIndex.errorCode == "notFound")
            #expect(try await client.call(.post, "/v1/open", token: token, json: #"{"identifier": "nothing"}"#).status == 404)

            // A web page: a browsing-web activity with the page.
            let page = try await client.call(.post, "/v1/open", token: token, json: #"{"webpageURL": "https://example.com/recipes/42"}"#)
            #expect(page.status == 200)
            #expect(page.body["activity"]?["activityType"] == .string(ActivityRecord.browsingWebType))
            #expect(page.body["activity"]?["activityType"] == "NSUserActivityTypeBrowsingWeb")
            #expect(page.body["activity"]?["webpageURL"] == "https://example.com/recipes/42")
            let ftp = try await client.call(.post, "/v1/open", token: token, json: #"{"webpageURL": "ftp://example.com/recipes/42"}"#)
            #expect(ftp.status == 400)
            #expect(ftp.errorCode == "invalidRequest")

            // App history: the saved activity itself.
            let saved = try await client.call(.post, "/v1/open", token: token, json: #"{"activityIdentifier": "p:recipe-42"}"#)
            #expect(saved.status == 200)
            #expect(saved.body["activity"]?["activityType"] == "com.example.recipe.view")
            #expect(saved.body["activity"]?["title"] == "Poutine")
            #expect(saved.body["activity"]?["userInfo"] == ["recipe": .integer(42)])
            #expect(saved.body["activity"]?["persistentIdentifier"] == "recipe-42")
            #expect(try await client.call(.post, "/v1/open", token: token, json: #"{"activityIdentifier": "p:nothing"}"#).status == 404)

            // Search in App needs the app to have declared it.
            let continuation = try await client.call(.post, "/v1/open", token: token, json: #"{"searchInApp": "poutine"}"#)
            #expect(continuation.status == 403)
            #expect(continuation.errorCode == "forbidden")

            // Exactly one target, and an app names no other app.
            let cases: [(String, String)] = [
                (#"{}"#, "identifier"),
                (#"{"identifier": "n1", "webpageURL": "https://example.com/"}"#, "identifier"),
                (#"{"activityIdentifier": "p:recipe-42", "searchInApp": "x"}"#, "identifier"),
                (#"{"identifier": "n1", "bundleIdentifier": "com.example.recipes"}"#, "bundleIdentifier"),
                (#"{"identifier": 1}"#, "identifier"),
            ]
            for (body, field) in cases {
                let response = try await client.call(.post, "/v1/open", token: token, json: body)
                #expect(response.status == 400, "\(body)")
                #expect(response.errorField == field, "\(body)")
            }
            #expect(try await client.call(.post, "/v1/open", json: #"{"identifier": "n1"}"#).status == 401)

            // What an app opens itself is not queued as a launch.
            let launches = try await client.call(.get, "/v1/launches", token: token)
            #expect(launches.status == 200)
            #expect(launches.body == ["activities": []])
        }
    }

    @Test func systemOpensResultsForAppsAndQueuesTheLaunches() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let music = try await client.register("com.example.music", systemToken: fixture.systemToken, supportsContinuation: true)
            let plain = try await client.register("com.example.plain", systemToken: fixture.systemToken)
            let apps = try await client.call(.get, "/v1/apps", token: fixture.systemToken)
            let registered = apps.body["apps"]?.arrayValue ?? []
            #expect(registered.first(where: { $0["bundleIdentifier"] == "com.example.music" })?["supportsContinuation"] == .bool(true))
            #expect(registered.first(where: { $0["bundleIdentifier"] == "com.example.plain" })?["supportsContinuation"] == .bool(false))
            #expect(try await client.call(.post, "/v1/items", token: music, json: historyItemsBody([itemJSON("b1", title: "Banjo tuning")])).status == 200)

            // Search in App for an app that continues searches.
            let continued = try await client.call(
                .post, "/v1/open", token: fixture.systemToken, json: #"{"searchInApp": "banjo", "bundleIdentifier": "com.example.music"}"#)
            #expect(continued.status == 200)
            #expect(continued.body["bundleIdentifier"] == "com.example.music")
            #expect(continued.body["activity"]?["activityType"] == .string(CSQueryContinuationActionType))
            #expect(continued.body["activity"]?["activityType"] == "com.apple.corespotlightquerycontinuation")
            #expect(continued.body["activity"]?["userInfo"] == .object([CSSearchQueryString: .string("banjo")]))
            // …and for one that does not, or that is not registered.
            let refused = try await client.call(
                .post, "/v1/open", token: fixture.systemToken, json: #"{"searchInApp": "banjo", "bundleIdentifier": "com.example.plain"}"#)
            #expect(refused.status == 403)
            #expect(refused.errorCode == "forbidden")
            let unknown = try await client.call(
                .post, "/v1/open", token: fixture.systemToken, json: #"{"searchInApp": "banjo", "bundleIdentifier": "com.example.unknown"}"#)
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "notFound")
            let noApp = try await client.call(.post, "/v1/open", token: fixture.systemToken, json: #"{"searchInApp": "banjo"}"#)
            #expect(noApp.status == 400)
            #expect(noApp.errorField == "bundleIdentifier")

            // An item opened after a query.
            let opened = try await client.call(
                .post, "/v1/open", token: fixture.systemToken,
                json: #"{"identifier": "b1", "bundleIdentifier": "com.example.music", "query": "banjo tuning"}"#)
            #expect(opened.status == 200)
            #expect(opened.body["bundleIdentifier"] == "com.example.music")
            #expect(opened.body["activity"]?["activityType"] == .string(CSSearchableItemActionType))
            #expect(opened.body["activity"]?["userInfo"] == .object([CSSearchableItemActivityIdentifier: .string("b1")]))
            let missingItem = try await client.call(
                .post, "/v1/open", token: fixture.systemToken, json: #"{"identifier": "b2", "bundleIdentifier": "com.example.music"}"#)
            #expect(missingItem.status == 404)

            // The app picks up what was opened for it, oldest first, once.
            let launches = try await client.call(.get, "/v1/launches", token: music)
            #expect(launches.status == 200)
            #expect(activityValues(launches, "activityType") == [CSQueryContinuationActionType, CSSearchableItemActionType])
            #expect(launches.body["activities"]?.arrayValue?.first?["userInfo"]?[CSSearchQueryString] == "banjo")
            #expect(launches.body["activities"]?.arrayValue?.last?["userInfo"]?[CSSearchableItemActivityIdentifier] == "b1")
            #expect(try await client.call(.get, "/v1/launches", token: music).body == ["activities": []])
            #expect(try await client.call(.get, "/v1/launches", token: plain).body == ["activities": []])
            #expect(try await client.call(.get, "/v1/launches", token: fixture.systemToken).status == 403)

            // The query became one of the app's past queries.
            let suggestions = try await client.call(.get, "/v1/suggestions?prefix=banjo", token: music)
            #expect(suggestions.body["suggestions"]?.arrayValue?.first?["text"] == "banjo tuning")
            #expect(suggestions.body["suggestions"]?.arrayValue?.first?["source"] == "pastQuery")

            // Registering again without the declaration withdraws Search in App.
            _ = try await client.register("com.example.music", systemToken: fixture.systemToken)
            let withdrawn = try await client.call(
                .post, "/v1/open", token: fixture.systemToken, json: #"{"searchInApp": "banjo", "bundleIdentifier": "com.example.music"}"#)
            #expect(withdrawn.status == 403)
        }
    }

    /// App A keeps app history and has launches queued; app B can neither read, delete nor open
    /// them, and what B records with the same identifiers is B's own.
    @Test func appBNeverReachesAppAsHistory() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let tokenA = try await client.register("com.example.a", systemToken: fixture.systemToken)
            let tokenB = try await client.register("com.example.b", systemToken: fixture.systemToken)
            #expect(try await client.call(.post, "/v1/items", token: tokenA, json: historyItemsBody([itemJSON("a-item", title: "A private item")])).status == 200)
            let trip = eligibleActivity("trip", title: "A secret trip", type: "com.example.a.trip")
            #expect(try await client.call(.post, "/v1/activities", token: tokenA, json: trip).body["viewCount"] == .integer(1))

            // Read: B sees no history.
            let listB = try await client.call(.get, "/v1/activities", token: tokenB)
            #expect(listB.status == 200)
            #expect(listB.body == ["activities": []])
            // Delete: B's deletions touch only B's history.
            #expect(try await client.call(.delete, "/v1/activities", token: tokenB, json: #"{"persistentIdentifiers": ["trip"]}"#).status == 200)
            #expect(try await client.call(.delete, "/v1/activities", token: tokenB, json: #"{"all": true}"#).status == 200)
            let historyOfA = try await client.call(.get, "/v1/activities", token: tokenA)
            #expect(activityValues(historyOfA, "title") == ["A secret trip"])
            // Open: A's activity and item are not found for B, and nothing of them leaks.
            let openActivity = try await client.call(.post, "/v1/open", token: tokenB, json: #"{"activityIdentifier": "p:trip"}"#)
            #expect(openActivity.status == 404)
            #expect(!openActivity.body.serialized.contains("secret"))
            let openItem = try await client.call(.post, "/v1/open", token: tokenB, json: #"{"identifier": "a-item"}"#)
            #expect(openItem.status == 404)
            #expect(!openItem.body.serialized.contains("private"))

            // Launches queued for A are A's alone.
            let opened = try await client.call(
                .post, "/v1/open", token: fixture.systemToken, json: #"{"activityIdentifier": "p:trip", "bundleIdentifier": "com.example.a"}"#)
            #expect(opened.status == 200)
            #expect(opened.body["activity"]?["title"] == "A secret trip")
            #expect(try await client.call(.get, "/v1/launches", token: tokenB).body == ["activities": []])
            let launchesOfA = try await client.call(.get, "/v1/launches", token: tokenA)
            #expect(activityValues(launchesOfA, "title") == ["A secret trip"])

            // The same persistent identifier recorded by B is a separate activity with its own count.
            let tripB = eligibleActivity("trip", title: "B trip", type: "com.example.a.trip")
            #expect(try await client.call(.post, "/v1/activities", token: tokenB, json: tripB).body["viewCount"] == .integer(1))
            #expect(try await client.call(.post, "/v1/activities", token: tokenA, json: trip).body["viewCount"] == .integer(2))
            let finalHistoryOfA = try await client.call(.get, "/v1/activities", token: tokenA)
            #expect(activityValues(finalHistoryOfA, "title") == ["A secret trip"])
            let finalHistoryOfB = try await client.call(.get, "/v1/activities", token: tokenB)
            #expect(activityValues(finalHistoryOfB, "title") == ["B trip"])
        }
        #expect(try fixture.service.store.app("com.example.a").activities().map(\.title) == ["A secret trip"])
    }
}
