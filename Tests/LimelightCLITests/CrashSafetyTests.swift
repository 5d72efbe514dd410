import Foundation
import Limelight
import LimelightTestSupport
import Testing

/// Kills a writing process at random moments and checks, on reopen, that every acknowledged batch
/// is fully there, no unacknowledged batch is partly there, and the client state matches. With a
/// tiny flush threshold the kills also land during segment flushes and merges.
@Suite struct CrashSafetyTests {
    @Test(arguments: [nil, 64 * 1024] as [Int?])
    func killedWriterLosesNothingAcknowledged(flushThreshold: Int?) throws {
        let limelight = try #require(builtExecutable("limelight"), "the limelight executable is not built")
        let store = TemporaryDirectory()
        var lastAcknowledged = 0
        for round in 0..<6 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: limelight)
            process.arguments = ["crash-writer", "--store", store.path, "--app", "com.example.crash", "--index", "mail", "--batches", "100000"]
                + (flushThreshold.map { ["--flush-threshold", String($0)] } ?? [])
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Read acknowledgements for a random while, then kill without warning.
            let deadline = Date().addingTimeInterval(Double.random(in: 0.2...0.9) + Double(round) * 0.05)
            var buffer = Data()
            let reader = output.fileHandleForReading
            while Date() < deadline {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            buffer.append(reader.readDataToEndOfFile())
            let acks = String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { Int($0.split(separator: " ").last ?? "") }
            lastAcknowledged = max(lastAcknowledged, acks.last ?? lastAcknowledged)

            let app = try LimelightStore(path: store.path).app("com.example.crash")
            let state = try #require(app.clientState(indexName: "mail").flatMap { String(data: $0, encoding: .utf8) })
            let committed = try #require(Int(state.dropFirst("batch-".count)))
            // The kill may land after a commit but before its acknowledgement was printed.
            #expect(committed == lastAcknowledged || committed == lastAcknowledged + 1, "client state \(state), last ack \(lastAcknowledged)")
            let records = try app.records(indexName: "mail")
            var perBatch: [Int: Int] = [:]
            for record in records {
                let batch = Int(record.item.uniqueIdentifier.dropFirst().split(separator: "-")[0])!
                perBatch[batch, default: 0] += 1
            }
            #expect(perBatch.keys.max() == committed)
            #expect(perBatch.count == committed)
            #expect(perBatch.values.allSatisfy { $0 == 20 }, "a batch is partly there")
            try app.engine.close()
            lastAcknowledged = committed
        }
        #expect(lastAcknowledged > 0)
    }
}
