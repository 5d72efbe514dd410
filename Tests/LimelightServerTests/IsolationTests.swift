import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import Testing

@Suite("Isolation between apps")
struct IsolationTests {
    /// App A indexes private items and a client state; every attempt of app B fails or touches only
    /// B's own (empty) index, and A's data is intact afterwards.
    @Test func appBNeverReachesAppAsData() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let tokenA = try await client.register("com.example.a", systemToken: fixture.systemToken)
            let tokenB = try await client.register("com.example.b", systemToken: fixture.systemToken)
            let stateA = Data("a-secret-state".utf8).base64EncodedString()
            let batch = #"""
                {"index": "private", "operations": [{"items": [\#(itemJSON("secret", title: "A's secret", domain: "vault"))]}],
                 "clientState": "\#(stateA)"}
                """#
            #expect(try await client.call(.post, "/v1/batches", token: tokenA, json: batch).status == 200)
            _ = try await client.call(.post, "/v1/items", token: tokenA, json: #"{"items": [\#(itemJSON("pub", title: "A default"))]}"#)

            // Reads: 404 with none of A's data (the message may repeat the identifier B asked for).
            for uri in ["/v1/items?identifier=secret&index=private", "/v1/items?identifier=pub"] {
                let response = try await client.call(.get, uri, token: tokenB)
                #expect(response.status == 404)
                #expect(!response.body.serialized.contains("A's") && !response.body.serialized.contains("vault"))
            }
            let state = try await client.call(.get, "/v1/client-state?index=private", token: tokenB)
            #expect(state.body["clientState"] == .null)
            let status = try await client.call(.get, "/v1/status", token: tokenB)
            #expect(status.body["indexes"] == [])

            // Writes by B land in B's own index only.
            for body in [
                #"{"index": "private", "identifiers": ["secret"]}"#, #"{"index": "private", "domainIdentifiers": ["vault"]}"#,
                #"{"index": "private", "all": true}"#, #"{"all": true}"#,
            ] {
                _ = try await client.call(.delete, "/v1/items", token: tokenB, json: body)
            }
            let hijack = #"{"index": "private", "operations": [{"items": [\#(itemJSON("secret", title: "B was here"))]}], "expectedClientState": "\#(stateA)", "clientState": "\#(stateA)"}"#
            #expect(try await client.call(.post, "/v1/batches", token: tokenB, json: hijack).status == 409)

            // System routes: 403 for an app token; bad tokens: 401.
            #expect(try await client.call(.get, "/v1/apps", token: tokenB).status == 403)
            #expect(try await client.call(.get, "/v1/apps/com.example.a/delegate-requests", token: tokenB).status == 403)
            #expect(try await client.call(.post, "/v1/apps/com.example.a/reindex", token: tokenB).status == 403)
            #expect(try await client.call(.get, "/v1/items?identifier=secret&index=private", token: tokenA + "0").status == 401)
            #expect(try await client.call(.get, "/v1/items?identifier=secret&index=private", token: "").status == 401)
            #expect(try await client.call(.get, "/v1/items?identifier=secret&index=private").status == 401)
            // The system credential has no items of its own.
            #expect(try await client.call(.get, "/v1/items?identifier=secret&index=private", token: fixture.systemToken).status == 403)

            // A's data is intact.
            let secret = try await client.call(.get, "/v1/items?identifier=secret&index=private", token: tokenA)
            #expect(secret.body["item"]?["attributes"]?["title"] == "A's secret")
            #expect(try await client.call(.get, "/v1/items?identifier=pub", token: tokenA).status == 200)
            #expect(try await client.call(.get, "/v1/client-state?index=private", token: tokenA).body["clientState"] == .string(stateA))
        }
        #expect(try fixture.service.store.app("com.example.b").records().isEmpty)
    }

    @Test func authorizationHeaderForms() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.a", systemToken: fixture.systemToken)
            for header in ["Basic \(token)", token, "Bearer", "Bearer  ", "bearer \(token)x"] {
                let response = try await client.execute(uri: "/v1/status", method: .get, headers: [.authorization: header])
                #expect(response.status == .unauthorized, "\(header)")
            }
            let lowercase = try await client.execute(uri: "/v1/status", method: .get, headers: [.authorization: "bearer \(token)"])
            #expect(lowercase.status == .ok)
        }
    }
}
