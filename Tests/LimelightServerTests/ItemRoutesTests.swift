import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import Testing

@Suite("Indexing, deletion, batches and client state")
struct ItemRoutesTests {
    @Test func indexesReadsAndUpdatesItems() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let body = #"{"index": "notes", "items": [\#(itemJSON("n1", title: "Banjo tuning")), \#(itemJSON("n2", title: "Fiddle"))]}"#
            let indexed = try await client.call(.post, "/v1/items", token: token, json: body)
            #expect(indexed.status == 200)
            #expect(indexed.body["indexed"] == .integer(2))
            let read = try await client.call(.get, "/v1/items?identifier=n1&index=notes", token: token)
            #expect(read.status == 200)
            #expect(read.body["item"]?["attributes"]?["title"] == "Banjo tuning")
            #expect(read.body["item"]?["contentType"] == "public.text")
            _ = try await client.call(.post, "/v1/items", token: token, json: #"{"index": "notes", "items": [\#(itemJSON("n1", title: "Banjo chords"))]}"#)
            let updated = try await client.call(.get, "/v1/items?identifier=n1&index=notes", token: token)
            #expect(updated.body["item"]?["attributes"]?["title"] == "Banjo chords")
            let otherIndex = try await client.call(.get, "/v1/items?identifier=n1", token: token)
            #expect(otherIndex.status == 404)
            let status = try await client.call(.get, "/v1/status", token: token)
            #expect(status.body["indexes"] == [["name": "notes", "items": .integer(2), "hasClientState": .bool(false)]])
        }
        let record = try fixture.service.store.app("com.example.notes").record(identifier: "n2", indexName: "notes")
        #expect(record?.item.attributes["title"] == .string("Fiddle"))
    }

    @Test func invalidItemsNameTheField() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let wrongType = itemJSON("bad", title: "x", extra: #", "pageCount": "many""#)
            let response = try await client.call(
                .post, "/v1/items", token: token, json: #"{"items": [\#(itemJSON("ok", title: "fine")), \#(wrongType)]}"#)
            #expect(response.status == 400)
            #expect(response.errorCode == "invalidItem")
            #expect(response.errorField == "items[1].attributes.pageCount")
            #expect(response.body["error"]?["indexErrorCode"] == .integer(-1001))
            // Nothing of the failed request was applied.
            #expect(try await client.call(.get, "/v1/items?identifier=ok", token: token).status == 404)
            let missing = try await client.call(.post, "/v1/items", token: token, json: #"{"index": "x"}"#)
            #expect(missing.errorField == "items")
            let noIdentifier = try await client.call(.post, "/v1/items", token: token, json: #"{"items": [{"attributes": {}}]}"#)
            #expect(noIdentifier.status == 400)
            #expect(noIdentifier.errorField?.hasPrefix("items[0]") == true)
            let badIndex = try await client.call(.post, "/v1/items", token: token, json: #"{"index": 3, "items": []}"#)
            #expect(badIndex.errorField == "index")
            let notObject = try await client.call(.post, "/v1/items", token: token, json: "[1, 2]")
            #expect(notObject.status == 400)
            let empty = try await client.call(.post, "/v1/items", token: token)
            #expect(empty.status == 400)
        }
    }

    @Test func deletesByIdentifiersDomainsAndAll() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.mail", systemToken: fixture.systemToken)
            let items = [
                itemJSON("m1", title: "one", domain: "work"), itemJSON("m2", title: "two", domain: "work.inbox"),
                itemJSON("m3", title: "three", domain: "home"), itemJSON("m4", title: "four"),
            ]
            _ = try await client.call(.post, "/v1/items", token: token, json: #"{"items": [\#(items.joined(separator: ","))]}"#)
            #expect(try await client.call(.delete, "/v1/items", token: token, json: #"{"identifiers": ["m4"]}"#).status == 200)
            #expect(try await client.call(.get, "/v1/items?identifier=m4", token: token).status == 404)
            #expect(try await client.call(.delete, "/v1/items", token: token, json: #"{"domainIdentifiers": ["work"]}"#).status == 200)
            #expect(try await client.call(.get, "/v1/items?identifier=m1", token: token).status == 404)
            #expect(try await client.call(.get, "/v1/items?identifier=m2", token: token).status == 404)
            #expect(try await client.call(.get, "/v1/items?identifier=m3", token: token).status == 200)
            #expect(try await client.call(.delete, "/v1/items", token: token, json: #"{"all": true}"#).status == 200)
            #expect(try await client.call(.get, "/v1/items?identifier=m3", token: token).status == 404)
            let ambiguous = try await client.call(.delete, "/v1/items", token: token, json: #"{"identifiers": ["a"], "all": true}"#)
            #expect(ambiguous.status == 400)
            let nothing = try await client.call(.delete, "/v1/items", token: token, json: #"{}"#)
            #expect(nothing.status == 400)
            let badElement = try await client.call(.delete, "/v1/items", token: token, json: #"{"identifiers": ["a", 2]}"#)
            #expect(badElement.errorField == "identifiers[1]")
        }
    }

    @Test func batchesCommitAtomicallyWithClientState() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.sync", systemToken: fixture.systemToken)
            let none = try await client.call(.get, "/v1/client-state?index=feed", token: token)
            #expect(none.body["clientState"] == .null)
            let state1 = Data("cursor-1".utf8).base64EncodedString()
            let batch = #"""
                {"index": "feed", "operations": [{"items": [\#(itemJSON("f1", title: "first")), \#(itemJSON("f2", title: "second"))]},
                 {"identifiers": ["f2"]}], "clientState": "\#(state1)"}
                """#
            let committed = try await client.call(.post, "/v1/batches", token: token, json: batch)
            #expect(committed.status == 200)
            #expect(committed.body["committed"] == .bool(true))
            #expect(try await client.call(.get, "/v1/client-state?index=feed", token: token).body["clientState"] == .string(state1))
            #expect(try await client.call(.get, "/v1/items?identifier=f1&index=feed", token: token).status == 200)
            #expect(try await client.call(.get, "/v1/items?identifier=f2&index=feed", token: token).status == 404)

            // Compare-and-swap: a stale expectation applies nothing and answers 409.
            let state2 = Data("cursor-2".utf8).base64EncodedString()
            let stale = #"""
                {"index": "feed", "operations": [{"items": [\#(itemJSON("f3", title: "third"))]}],
                 "expectedClientState": "\#(Data("cursor-0".utf8).base64EncodedString())", "clientState": "\#(state2)"}
                """#
            let conflict = try await client.call(.post, "/v1/batches", token: token, json: stale)
            #expect(conflict.status == 409)
            #expect(conflict.errorCode == "mismatchedClientState")
            #expect(conflict.body["error"]?["indexErrorCode"] == .integer(-1006))
            #expect(try await client.call(.get, "/v1/items?identifier=f3&index=feed", token: token).status == 404)
            let fresh = stale.replacingOccurrences(of: Data("cursor-0".utf8).base64EncodedString(), with: state1)
            #expect(try await client.call(.post, "/v1/batches", token: token, json: fresh).status == 200)
            #expect(try await client.call(.get, "/v1/client-state?index=feed", token: token).body["clientState"] == .string(state2))
            #expect(try await client.call(.get, "/v1/items?identifier=f3&index=feed", token: token).status == 200)

            // "expectedClientState": null means "there must be no state yet".
            let firstOnly = #"{"index": "other", "operations": [], "expectedClientState": null, "clientState": "\#(state1)"}"#
            #expect(try await client.call(.post, "/v1/batches", token: token, json: firstOnly).status == 200)
            #expect(try await client.call(.post, "/v1/batches", token: token, json: firstOnly).status == 409)
        }
    }

    @Test func batchValidation() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.sync", systemToken: fixture.systemToken)
            let tooBig = Data(repeating: 7, count: 251).base64EncodedString()
            let oversized = try await client.call(
                .post, "/v1/batches", token: token, json: #"{"index": "f", "operations": [], "clientState": "\#(tooBig)"}"#)
            #expect(oversized.status == 400)
            #expect(oversized.errorCode == "invalidClientState")
            let notBase64 = try await client.call(.post, "/v1/batches", token: token, json: #"{"index": "f", "clientState": "%%%"}"#)
            #expect(notBase64.errorField == "clientState")
            let badOperation = try await client.call(
                .post, "/v1/batches", token: token, json: #"{"index": "f", "operations": [{"identifiers": ["a"], "colour": 1}]}"#)
            #expect(badOperation.errorField == "operations[0].colour")
            let badItem = try await client.call(
                .post, "/v1/batches", token: token,
                json: #"{"index": "f", "operations": [{"all": true}, {"items": [{"uniqueIdentifier": "x", "attributes": {"rating": "high"}}]}]}"#)
            #expect(badItem.errorField == "operations[1].items[0].attributes.rating")
            let empty = try await client.call(.post, "/v1/batches", token: token, json: #"{"index": "f"}"#)
            #expect(empty.status == 400)
        }
    }

    @Test func requestLimitsAndQuota() async throws {
        var limits = ServiceLimits()
        limits.maximumBodyBytes = 2_000
        limits.maximumItemsPerRequest = 3
        limits.quotaPerApp = 5
        let fixture = try ServerFixture(limits: limits)
        try await fixture.withClient { client in
            let token = try await client.register("com.example.big", systemToken: fixture.systemToken)
            let huge = #"{"items": [\#(itemJSON("x", title: String(repeating: "a", count: 3_000)))]}"#
            let tooLarge = try await client.call(.post, "/v1/items", token: token, json: huge)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.errorCode == "tooLarge")
            let four = (1...4).map { itemJSON("i\($0)", title: "t") }.joined(separator: ",")
            let tooMany = try await client.call(.post, "/v1/items", token: token, json: #"{"items": [\#(four)]}"#)
            #expect(tooMany.status == 413)
            #expect(tooMany.errorField == "items")
            for start in [0, 3] {
                let three = (start..<(start + 3)).map { itemJSON("q\($0)", title: "t") }.joined(separator: ",")
                let response = try await client.call(.post, "/v1/items", token: token, json: #"{"items": [\#(three)]}"#)
                if start == 0 {
                    #expect(response.status == 200)
                } else {
                    #expect(response.status == 507)
                    #expect(response.errorCode == "quotaExceeded")
                    #expect(response.body["error"]?["indexErrorCode"] == .integer(-1004))
                }
            }
        }
    }
}
