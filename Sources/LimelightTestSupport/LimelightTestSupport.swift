import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
public final class TemporaryDirectory: @unchecked Sendable {
    // Safety: `path` is immutable; removal happens once in deinit.
    /// The directory's absolute path.
    public let path: String

    /// Creates a new, empty directory whose name starts with `prefix`.
    public init(prefix: String = "limelight-test") {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        let name = "\(prefix)-\(UUID().uuidString.prefix(8))"
        path = (base as NSString).appendingPathComponent(name)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    public func appending(_ component: String) -> String { (path as NSString).appendingPathComponent(component) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The repository's root directory, found from a source file path inside it.
public func repositoryRoot(from filePath: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while url.path != "/" {
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}

/// The output of a finished child process.
public struct ProcessOutput: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var standardOutput: String
    /// Everything written to standard error.
    public var standardError: String
}

/// Runs `executable` with `arguments`, feeding `input` to its standard input, and waits for it.
public func runProcess(
    _ executable: String, _ arguments: [String], input: String? = nil, environment: [String: String]? = nil
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    // Read both pipes concurrently so that a chatty child never blocks on a full pipe.
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errorData = stderr.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus,
        standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}

/// A small deterministic random number generator (SplitMix64), so that randomised tests reproduce.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's state; the seed to begin with.
    public var state: UInt64

    /// Creates a generator from a seed.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
