import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
@testable import LimelightServer
import Testing

@Suite("App registration, credentials and health")
struct AppRoutesTests {
    @Test func healthzAnswersWithoutCredentials() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let response = try await client.call(.get, "/healthz")
            #expect(response.status == 200)
            #expect(response.body["status"] == "ok")
        }
    }

    @Test func systemTokenIsCreatedPrivateAndStable() throws {
        let fixture = try ServerFixture()
        let path = fixture.directory.appending("system.token")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let token = fixture.systemToken
        #expect(token.count == 64)
        #expect(token.allSatisfy { $0.isHexDigit })
        let reopened = try CredentialStore(directory: fixture.directory.path)
        #expect(reopened.systemToken == token)
    }

    @Test func registrationReturnsATokenThatSurvivesRestartAndIsStoredOnlyHashed() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            #expect(token.count == 64)
            let status = try await client.call(.get, "/v1/status", token: token)
            #expect(status.status == 200)
            #expect(status.body["bundleIdentifier"] == "com.example.notes")
            let saved = try String(contentsOfFile: fixture.directory.appending("apps.json"), encoding: .utf8)
            #expect(!saved.contains(token))
            #expect(saved.contains(TokenDigest.hexDigest(token)))
            // FIPS 180-4's example, so that hashes written by earlier versions keep matching.
            #expect(TokenDigest.hexDigest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            let attributes = try FileManager.default.attributesOfItem(atPath: fixture.directory.appending("apps.json"))
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let reopened = try CredentialStore(directory: fixture.directory.path)
            #expect(reopened.principal(forToken: token) == .app(AppRegistration(bundleIdentifier: "com.example.notes")))
        }
    }

    @Test func reRegistrationRotatesTheToken() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let first = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            let second = try await client.register("com.example.notes", systemToken: fixture.systemToken)
            #expect(first != second)
            #expect(try await client.call(.get, "/v1/status", token: first).status == 401)
            #expect(try await client.call(.get, "/v1/status", token: second).status == 200)
        }
    }

    @Test func registrationNeedsTheSystemCredential() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let body = #"{"bundleIdentifier": "com.example.a"}"#
            let missing = try await client.call(.post, "/v1/apps", json: body)
            #expect(missing.status == 401)
            #expect(missing.errorCode == "unauthorized")
            #expect(missing.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await client.call(.post, "/v1/apps", token: "0123", json: body).status == 401)
            let appToken = try await client.register("com.example.a", systemToken: fixture.systemToken)
            let forbidden = try await client.call(.post, "/v1/apps", token: appToken, json: #"{"bundleIdentifier": "com.example.b"}"#)
            #expect(forbidden.status == 403)
            #expect(forbidden.errorCode == "forbidden")
            #expect(try await client.call(.get, "/v1/apps", token: appToken).status == 403)
        }
    }

    @Test func registrationValidatesFields() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let cases: [(String, String)] = [
                (#"{"bundleIdentifier": "../etc"}"#, "bundleIdentifier"),
                (#"{}"#, "bundleIdentifier"),
                (#"{"bundleIdentifier": 7}"#, "bundleIdentifier"),
                (#"{"bundleIdentifier": "com.a", "callbackURL": "ftp://x"}"#, "callbackURL"),
                (#"{"bundleIdentifier": "com.a", "supportsContinuation": "yes"}"#, "supportsContinuation"),
                (#"{"bundleIdentifier": "com.a", "colour": "red"}"#, "colour"),
            ]
            for (body, field) in cases {
                let response = try await client.call(.post, "/v1/apps", token: fixture.systemToken, json: body)
                #expect(response.status == 400, "\(body)")
                #expect(response.errorCode == "invalidRequest")
                #expect(response.errorField == field, "\(body)")
            }
            let malformed = try await client.call(.post, "/v1/apps", token: fixture.systemToken, json: "{not json")
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "invalidRequest")
        }
    }

    @Test func listsRegisteredApps() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            _ = try await client.register("com.example.b", systemToken: fixture.systemToken, callbackURL: "http://127.0.0.1:9/cb")
            _ = try await client.register("com.example.a", systemToken: fixture.systemToken)
            let response = try await client.call(.get, "/v1/apps", token: fixture.systemToken)
            let apps = try #require(response.body["apps"]?.arrayValue)
            #expect(apps.compactMap { $0["bundleIdentifier"]?.stringValue } == ["com.example.a", "com.example.b"])
            #expect(apps.last?["callbackURL"] == "http://127.0.0.1:9/cb")
            #expect(!response.body.serialized.contains("token"))
        }
    }

    @Test func unknownRoutesAnswerJSON404() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let response = try await client.call(.get, "/v1/nothing-here", token: fixture.systemToken)
            #expect(response.status == 404)
            #expect(response.errorCode == "notFound")
        }
    }
}
