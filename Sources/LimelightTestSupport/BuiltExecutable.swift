import Foundation

/// The path of an executable product built beside the running test bundle (`.build/debug/NAME`).
public func builtExecutable(_ name: String) -> String? {
    var directory = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent(name).path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        directory.deleteLastPathComponent()
    }
    let fallback = repositoryRoot().appendingPathComponent(".build/debug/\(name)").path
    return FileManager.default.isExecutableFile(atPath: fallback) ? fallback : nil
}
