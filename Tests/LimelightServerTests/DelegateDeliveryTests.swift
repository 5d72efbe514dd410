import Foundation
import Hummingbird
import HummingbirdTesting
import Limelight
import LimelightServer
import ServiceLifecycle
import Synchronization
import Testing

/// A real HTTP server on loopback that records delegate callbacks and fails the first `failures`.
final class CallbackRecorder: Sendable {
    let received = Mutex<[JSONDocument]>([])
    let remainingFailures: Mutex<Int>
    /// The body answered for a received request (nil: an empty body).
    let reply: @Sendable (JSONDocument) -> String?

    init(failures: Int, reply: @escaping @Sendable (JSONDocument) -> String? = { _ in nil }) {
        remainingFailures = Mutex(failures)
        self.reply = reply
    }

    /// Runs the server for the duration of `body`, passing its callback URL.
    func serve(_ body: @escaping @Sendable (String) async throws -> Void) async throws {
        let router = Router()
        router.post("/callback") { request, _ -> Response in
            let buffer = try await request.body.collect(upTo: 1 << 20)
            let document = try JSONDocument.parse(Data(buffer.readableBytesView))
            self.received.withLock { $0.append(document) }
            let fail = self.remainingFailures.withLock { count -> Bool in
                defer { count = max(0, count - 1) }
                return count > 0
            }
            if fail { return Response(status: .serviceUnavailable) }
            guard let body = self.reply(document) else { return Response(status: .ok) }
            return Response(status: .ok, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) })
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                let serviceGroup = ServiceGroup(services: [application], gracefulShutdownSignals: [], logger: application.logger)
                try await serviceGroup.run()
            }
            var iterator = portStream.makeAsyncIterator()
            let port = await iterator.next() ?? 0
            do {
                try await body("http://127.0.0.1:\(port)/callback")
            } catch {
                group.cancelAll()
                throw error
            }
            group.cancelAll()
        }
    }
}

@Suite("Index delegate delivered out of process")
struct DelegateDeliveryTests {
    @Test func deliversReindexAllAndRetriesWithBackoffUntilAcknowledged() async throws {
        let fixture = try ServerFixture()
        let recorder = CallbackRecorder(failures: 1)
        try await recorder.serve { callbackURL in
            try await fixture.withClient { client in
                _ = try await client.register("com.example.cb", systemToken: fixture.systemToken, callbackURL: callbackURL)
                let queued = try await client.call(.post, "/v1/apps/com.example.cb/reindex", token: fixture.systemToken)
                #expect(queued.status == 202)
                #expect(queued.body["request"]?["kind"] == "reindexAll")
            }
            let delivery = DelegateDeliveryService(service: fixture.service, timeout: 5)
            let start = Date()
            // First attempt: the callback answers 503, so the request stays pending.
            #expect(await delivery.deliverRound(now: start) == 0)
            #expect(recorder.received.withLock { $0.count } == 1)
            #expect(try await fixture.service.pendingDelegateRequests(bundleIdentifier: "com.example.cb").count == 1)
            // Not due again before its backoff (1 s after the first attempt).
            #expect(await delivery.deliverRound(now: start.addingTimeInterval(0.5)) == 0)
            #expect(recorder.received.withLock { $0.count } == 1)
            // After the backoff it is delivered again and acknowledged.
            #expect(await delivery.deliverRound(now: start.addingTimeInterval(1.5)) == 1)
            let deliveries = recorder.received.withLock { $0 }
            #expect(deliveries.count == 2)
            #expect(deliveries[1]["attempt"] == .integer(2))
            #expect(deliveries[1]["bundleIdentifier"] == "com.example.cb")
            #expect(deliveries[0]["id"] == deliveries[1]["id"])
            #expect(try await fixture.service.pendingDelegateRequests(bundleIdentifier: "com.example.cb").isEmpty)
            #expect(await delivery.deliverRound(now: start.addingTimeInterval(100)) == 0)
        }
    }

    @Test func announcesExpiringItemsForReindexing() async throws {
        let fixture = try ServerFixture()
        let recorder = CallbackRecorder(failures: 0)
        try await recorder.serve { callbackURL in
            try await fixture.withClient { client in
                let token = try await client.register("com.example.exp", systemToken: fixture.systemToken, callbackURL: callbackURL)
                let soon = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
                let item = #"{"uniqueIdentifier": "soon", "expirationDate": "\#(soon)", "attributes": {"title": "Soon gone"}}"#
                let later = #"{"uniqueIdentifier": "later", "expirationDate": "2100-01-01T00:00:00Z", "attributes": {"title": "Stays"}}"#
                #expect(try await client.call(.post, "/v1/items", token: token, json: #"{"index": "n", "items": [\#(item), \#(later)]}"#).status == 200)
            }
            let delivery = DelegateDeliveryService(service: fixture.service, timeout: 5)
            #expect(await delivery.deliverRound() == 1)
            let deliveries = recorder.received.withLock { $0 }
            #expect(deliveries.count == 1)
            #expect(deliveries.first?["kind"] == "reindexIdentifiers")
            #expect(deliveries.first?["index"] == "n")
            #expect(deliveries.first?["identifiers"] == ["soon"])
            // Announced once only.
            #expect(await delivery.deliverRound() == 0)
        }
    }

    @Test func pendingRequestsSurviveARestartAndUnreachableCallbacks() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            _ = try await client.register("com.example.down", systemToken: fixture.systemToken, callbackURL: "http://127.0.0.1:1/none")
            #expect(try await client.call(.post, "/v1/apps/com.example.down/reindex", token: fixture.systemToken, json: #"{"index": "mail"}"#).status == 202)
        }
        let delivery = DelegateDeliveryService(service: fixture.service, timeout: 1)
        #expect(await delivery.deliverRound() == 0)
        try fixture.service.store.close()
        let reopened = try LimelightService(storePath: fixture.directory.path)
        let pending = try await reopened.pendingDelegateRequests(bundleIdentifier: "com.example.down")
        #expect(pending.count == 1)
        #expect(pending.first?.kind == .reindexAll)
        #expect(pending.first?.indexName == "mail")
        #expect(pending.first?.attempts == 1)
    }

    @Test func reindexOfUnknownAppIs404() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let response = try await client.call(.post, "/v1/apps/com.example.nobody/reindex", token: fixture.systemToken)
            #expect(response.status == 404)
        }
    }
}

@Suite("Promised data provided out of process")
struct DataProviderTests {
    @Test func promisedDataAndFilesComeFromTheAppsCallback() async throws {
        let fixture = try ServerFixture()
        let recorder = CallbackRecorder(failures: 1) { request in
            request["kind"] == "provideFileURL" ? #"{"fileURL": "file:///tmp/photo-1.jpg"}"# : "caption for \(request["identifier"]?.stringValue ?? "")"
        }
        try await recorder.serve { callbackURL in
            try await fixture.withClient { client in
                let token = try await client.register("com.example.photos", systemToken: fixture.systemToken, callbackURL: callbackURL)
                let promises = #", "providerDataTypeIdentifiers": ["public.plain-text"], "providerFileTypeIdentifiers": ["public.jpeg"]"#
                let items = #"{"index": "library", "items": [\#(itemJSON("p1", title: "Harbor at dawn", extra: promises))]}"#
                #expect(try await client.call(.post, "/v1/items", token: token, json: items).status == 200)

                // The first callback attempt fails (503); the daemon tries again while the caller waits.
                let data = try await client.call(
                    .post, "/v1/apps/com.example.photos/provide-data", token: fixture.systemToken,
                    json: #"{"index": "library", "identifier": "p1", "typeIdentifier": "public.plain-text"}"#)
                #expect(data.status == 200)
                let decoded = try #require(data.body["data"]?.stringValue.flatMap { Data(base64Encoded: $0) })
                #expect(String(decoding: decoded, as: UTF8.self) == "caption for p1")
                let file = try await client.call(
                    .post, "/v1/apps/com.example.photos/provide-data", token: fixture.systemToken,
                    json: #"{"index": "library", "identifier": "p1", "typeIdentifier": "public.jpeg", "file": true}"#)
                #expect(file.body["fileURL"] == "file:///tmp/photo-1.jpg")

                // Only promised types of existing items, only for the system credential.
                let unpromised = try await client.call(
                    .post, "/v1/apps/com.example.photos/provide-data", token: fixture.systemToken,
                    json: #"{"index": "library", "identifier": "p1", "typeIdentifier": "public.png"}"#)
                #expect(unpromised.status == 404)
                let missing = try await client.call(
                    .post, "/v1/apps/com.example.photos/provide-data", token: fixture.systemToken,
                    json: #"{"identifier": "p1", "typeIdentifier": "public.plain-text"}"#)
                #expect(missing.status == 404)
                let byApp = try await client.call(
                    .post, "/v1/apps/com.example.photos/provide-data", token: token,
                    json: #"{"index": "library", "identifier": "p1", "typeIdentifier": "public.plain-text"}"#)
                #expect(byApp.status == 403)
            }
        }
        let kinds = recorder.received.withLock { $0.compactMap { $0["kind"]?.stringValue } }
        #expect(kinds == ["provideData", "provideData", "provideFileURL"])
        #expect(recorder.received.withLock { $0.first?["attempt"] } == .integer(1))
    }

    @Test func anAppWithoutCallbackCannotProvide() async throws {
        let fixture = try ServerFixture()
        try await fixture.withClient { client in
            let token = try await client.register("com.example.photos", systemToken: fixture.systemToken)
            let item = itemJSON("p1", title: "x", extra: #", "providerDataTypeIdentifiers": ["public.plain-text"]"#)
            #expect(try await client.call(.post, "/v1/items", token: token, json: #"{"items": [\#(item)]}"#).status == 200)
            let response = try await client.call(
                .post, "/v1/apps/com.example.photos/provide-data", token: fixture.systemToken,
                json: #"{"identifier": "p1", "typeIdentifier": "public.plain-text"}"#)
            #expect(response.status == 503)
            #expect(response.errorCode == "unavailable")
        }
    }
}
