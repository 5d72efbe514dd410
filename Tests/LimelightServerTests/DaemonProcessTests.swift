import Foundation
import Limelight
import LimelightServer
import LimelightTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `limelightd` running on a store, on a free loopback port.
final class DaemonProcess: @unchecked Sendable {
    // Safety: `process` and `endpoint` are set once in init; `Process` is only signalled and waited on.
    let process = Process()
    let endpoint: HTTPEndpoint

    init(executable: String, store: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--store", store, "--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is "limelightd listening on http://127.0.0.1:PORT (store …)".
        var line = Data()
        let handle = output.fileHandleForReading
        while !line.contains(10) {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " "),
            let endpoint = HTTPEndpoint(String(text[start.lowerBound..<end]))
        else {
            process.terminate()
            throw DaemonStartFailure(output: text)
        }
        self.endpoint = endpoint
    }

    struct DaemonStartFailure: Error { var output: String }

    func send(_ method: String, _ path: String, token: String, json: String? = nil) throws -> HTTPClientResponse {
        try BlockingHTTPClient.send(
            method: method, endpoint: endpoint.appending(path),
            headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
            body: json.map { Array($0.utf8) }, timeout: 10)
    }

    func signal(_ number: Int32) {
        kill(process.processIdentifier, number)
        process.waitUntilExit()
    }
}

@Suite("The limelightd process", .serialized)
struct DaemonProcessTests {
    @Test func killNineDuringIndexingKeepsAcknowledgedData() async throws {
        // `swift build --build-tests` builds limelightd beside the test bundle.
        let executable = try #require(builtExecutable("limelightd"), "limelightd is not built beside the tests")
        let store = TemporaryDirectory(prefix: "limelightd-kill")
        let daemon = try DaemonProcess(executable: executable, store: store.path)
        let systemToken = try String(contentsOfFile: store.appending("system.token"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let registered = try daemon.send("POST", "/v1/apps", token: systemToken, json: #"{"bundleIdentifier": "com.example.crash"}"#)
        try #require(registered.status == 201)
        let token = try #require(try JSONDocument.parse(Data(registered.body))["token"]?.stringValue)

        // Index batches until the daemon is killed under our feet; remember what was acknowledged.
        let acknowledged = Mutex<[String]>([])
        let writer = Task { try await offCooperativePool {
            for batch in 0..<100_000 {
                let identifiers = (0..<20).map { "b\(batch)-\($0)" }
                let items = identifiers.map { itemJSON($0, title: "batch \(batch) item") }.joined(separator: ",")
                guard let response = try? daemon.send("POST", "/v1/items", token: token, json: #"{"items": [\#(items)]}"#),
                    response.status == 200
                else { return }
                acknowledged.withLock { $0.append(contentsOf: identifiers) }
            }
        } }
        while acknowledged.withLock({ $0.count }) < 400 { try await Task.sleep(for: .milliseconds(20)) }
        daemon.signal(SIGKILL)
        try await writer.value
        let acknowledgedIdentifiers = acknowledged.withLock { $0 }

        let restarted = try DaemonProcess(executable: executable, store: store.path)
        defer { restarted.signal(SIGTERM) }
        var missing: [String] = []
        for identifier in acknowledgedIdentifiers {
            let response = try restarted.send("GET", "/v1/items?identifier=\(identifier)", token: token)
            if response.status != 200 { missing.append(identifier) }
        }
        #expect(missing.isEmpty, "acknowledged but lost after kill -9: \(missing.prefix(10))")
        #expect(acknowledgedIdentifiers.count >= 400)
    }

    @Test func sigtermStopsCleanly() async throws {
        // `swift build --build-tests` builds limelightd beside the test bundle.
        let executable = try #require(builtExecutable("limelightd"), "limelightd is not built beside the tests")
        let store = TemporaryDirectory(prefix: "limelightd-term")
        let daemon = try DaemonProcess(executable: executable, store: store.path)
        let health = try BlockingHTTPClient.send(method: "GET", endpoint: daemon.endpoint.appending("/healthz"))
        #expect(health.status == 200)
        daemon.signal(SIGTERM)
        #expect(daemon.process.terminationReason == .exit)
        #expect(daemon.process.terminationStatus == 0)
    }
}
