import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import Testing

/// Protected content through the daemon: writes and reads name a protection class, searches span
/// the unlocked classes, the system unlocks and locks, and protected content is encrypted on disk.
@Suite("Protection classes through limelightd")
struct ProtectionRoutesTests {
    static let passphrase = "correct horse battery staple"

    @Test func protectedContentIsKeptEncryptedAndFollowsTheLock() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let system = fixture.systemToken
            let token = try await client.register("com.example.mail", systemToken: system)
            let secret = #"{"index": "mail", "protection": "complete", "items": [\#(itemJSON("m1", title: "Quokka treaty"))]}"#

            // Locked (never unlocked): the write is refused, nothing is stored in clear instead.
            let refused = try await client.call(.post, "/v1/items", token: token, json: secret)
            #expect(refused.status == 503)
            #expect(refused.errorCode == "unavailable")
            #expect(refused.body["error"]?["indexErrorCode"] == .integer(-1000))
            #expect(refused.body["error"]?["message"]?.stringValue?.contains("POST /v1/protection/unlock") == true)
            #expect(try await client.call(.get, "/v1/protection", token: system).body["unlocked"] == .bool(false))

            // Only the system unlocks, and only with a passphrase.
            let unlock = #"{"passphrase": "\#(Self.passphrase)"}"#
            #expect(try await client.call(.post, "/v1/protection/unlock", token: token, json: unlock).status == 403)
            let empty = try await client.call(.post, "/v1/protection/unlock", token: system, json: #"{"passphrase": ""}"#)
            #expect(empty.status == 400)
            #expect(empty.errorField == "passphrase")
            #expect(try await client.call(.post, "/v1/protection/unlock", token: system, json: unlock).status == 200)
            #expect(try await client.call(.get, "/v1/protection", token: system).body["unlocked"] == .bool(true))

            #expect(try await client.call(.post, "/v1/items", token: token, json: secret).status == 200)
            let plain = #"{"index": "mail", "items": [\#(itemJSON("p1", title: "Quokka picnic"))]}"#
            #expect(try await client.call(.post, "/v1/items", token: token, json: plain).status == 200)
            let unknown = try await client.call(
                .post, "/v1/items", token: token, json: #"{"protection": "secret", "items": [\#(itemJSON("x", title: "x"))]}"#)
            #expect(unknown.status == 400)
            #expect(unknown.errorField == "protection")

            // Reads by identifier name the class; searches span every unlocked class unless narrowed.
            let read = try await client.call(.get, "/v1/items?identifier=m1&index=mail&protection=complete", token: token)
            #expect(read.body["item"]?["attributes"]?["title"] == "Quokka treaty")
            #expect(try await client.call(.get, "/v1/items?identifier=m1&index=mail", token: token).status == 404)
            let hits = try await client.call(.get, "/v1/user-query?q=quok", token: token)
            let found = hits.body["hits"]?.arrayValue ?? []
            #expect(Set(found.compactMap { $0["item"]?["uniqueIdentifier"]?.stringValue }) == ["m1", "p1"])
            #expect(found.first { $0["item"]?["uniqueIdentifier"] == "m1" }?["protection"] == "complete")
            #expect(found.first { $0["item"]?["uniqueIdentifier"] == "p1" }?["protection"] == nil)
            let unprotected = try await client.call(.get, "/v1/user-query?q=quok&protection=none", token: token)
            #expect(unprotected.body["hits"]?.arrayValue?.compactMap { $0["item"]?["uniqueIdentifier"]?.stringValue } == ["p1"])
            let metadata = try await client.call(.get, "/v1/query?q=title%3D%3D%22quokka*%22c&protection=complete", token: token)
            #expect(metadata.body["items"]?.arrayValue?.compactMap { $0["uniqueIdentifier"]?.stringValue } == ["m1"])
            let suggestions = try await client.call(.get, "/v1/suggestions?prefix=trea", token: token)
            #expect(suggestions.body["suggestions"]?.arrayValue?.contains { $0["text"] == "treaty" } == true)
            let badList = try await client.call(.get, "/v1/user-query?q=quok&protection=none,vault", token: token)
            #expect(badList.errorField == "protection")

            // Batches and client states of a protected index.
            let batch = #"{"index": "mail", "protection": "complete", "operations": [{"identifiers": ["m1"]}], "clientState": "djI="}"#
            #expect(try await client.call(.post, "/v1/batches", token: token, json: batch).status == 200)
            let state = try await client.call(.get, "/v1/client-state?index=mail&protection=complete", token: token)
            #expect(state.body["clientState"] == "djI=")
            #expect(try await client.call(.get, "/v1/client-state?index=mail", token: token).body["clientState"] == .null)
            let status = try await client.call(.get, "/v1/status", token: token)
            #expect(status.body["indexes"]?.arrayValue?.contains { $0["protection"] == "complete" && $0["hasClientState"] == .bool(true) } == true)

            // Locking hides and refuses `complete` content until the next unlock.
            #expect(try await client.call(.post, "/v1/items", token: token, json: secret).status == 200)
            #expect(try await client.call(.post, "/v1/protection/lock", token: system).status == 200)
            let afterLock = try await client.call(.get, "/v1/user-query?q=quok", token: token)
            #expect(afterLock.body["hits"]?.arrayValue?.compactMap { $0["item"]?["uniqueIdentifier"]?.stringValue } == ["p1"])
            #expect(try await client.call(.post, "/v1/items", token: token, json: secret).status == 503)

            // A wrong passphrase is refused; a changed one unlocks.
            #expect(try await client.call(.post, "/v1/protection/unlock", token: system, json: #"{"passphrase": "guess"}"#).status == 403)
            let change = #"{"passphrase": "\#(Self.passphrase)", "newPassphrase": "new secret"}"#
            #expect(try await client.call(.post, "/v1/protection/passphrase", token: system, json: change).status == 200)
            #expect(try await client.call(.post, "/v1/protection/unlock", token: system, json: unlock).status == 403)
            let unlockNew = try await client.call(.post, "/v1/protection/unlock", token: system, json: #"{"passphrase": "new secret"}"#)
            #expect(unlockNew.status == 200)
            #expect(try await client.call(.get, "/v1/items?identifier=m1&index=mail&protection=complete", token: token).status == 200)
        }
        try fixture.service.store.close()
        let root = fixture.directory.path + "/protected"
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).map { root + "/" + $0 }
        #expect(!files.isEmpty)
        for path in files {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            #expect(data.range(of: Data("treaty".utf8)) == nil, "\(path) holds indexed text in clear")
        }
    }
}
