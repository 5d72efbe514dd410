import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The daemon's credentials: the system token and the registered apps with their tokens.
///
/// Files, both mode 0600 in the store directory:
/// - `system.token`: the system credential, 32 random bytes as hexadecimal, created on first start.
/// - `apps.json`: the registrations; each keeps only the SHA-256 of its token, so the file does not
///   reveal working app tokens.
///
/// Tokens are 32 random bytes from the system's secure generator. Thread-safe.
public final class CredentialStore: Sendable {
    private struct StoredApp: Codable {
        var registration: AppRegistration
        var tokenSHA256: String
    }

    private struct State {
        var apps: [String: StoredApp] = [:]
        var bundleByTokenHash: [String: String] = [:]
    }

    /// The directory holding the credential files.
    public let directory: String
    /// The system credential.
    public let systemToken: String
    private let state: Mutex<State>

    /// Loads the credentials of the store at `directory`, creating the system token when absent.
    /// - Throws: ``LimelightServiceError`` (`unavailable`) when the files cannot be read or written.
    public init(directory: String) throws(LimelightServiceError) {
        self.directory = directory
        let tokenPath = directory + "/system.token"
        do {
            if let existing = try? String(contentsOfFile: tokenPath, encoding: .utf8),
                !existing.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            {
                systemToken = existing.trimmingCharacters(in: .whitespacesAndNewlines)
            } else {
                let token = Self.newToken()
                try Self.writePrivateFile(tokenPath, Data((token + "\n").utf8))
                systemToken = token
            }
            var loaded = State()
            if let data = FileManager.default.contents(atPath: directory + "/apps.json") {
                for app in try JSONDecoder().decode([StoredApp].self, from: data) {
                    loaded.apps[app.registration.bundleIdentifier] = app
                    loaded.bundleByTokenHash[app.tokenSHA256] = app.registration.bundleIdentifier
                }
            }
            state = Mutex(loaded)
        } catch {
            throw LimelightServiceError(.unavailable, "cannot load the credentials in \(directory): \(error)")
        }
    }

    /// A new random token: 32 bytes from the system's secure generator, as hexadecimal.
    public static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return TokenDigest.hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Registers `registration` (or replaces an earlier one of the same app) and returns its new
    /// token; an earlier token of the app stops working.
    /// - Throws: ``LimelightServiceError`` (`unavailable`) when the registrations cannot be saved.
    public func register(_ registration: AppRegistration) throws(LimelightServiceError) -> String {
        let token = Self.newToken()
        let stored = StoredApp(registration: registration, tokenSHA256: TokenDigest.hexDigest(token))
        let result: Result<Void, LimelightServiceError> = state.withLock { state in
            var next = state
            if let previous = next.apps[registration.bundleIdentifier] { next.bundleByTokenHash[previous.tokenSHA256] = nil }
            next.apps[registration.bundleIdentifier] = stored
            next.bundleByTokenHash[stored.tokenSHA256] = registration.bundleIdentifier
            do {
                let apps = next.apps.values.sorted { $0.registration.bundleIdentifier < $1.registration.bundleIdentifier }
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try Self.writePrivateFile(directory + "/apps.json", try encoder.encode(apps))
            } catch {
                return .failure(LimelightServiceError(.unavailable, "cannot save the app registrations: \(error)"))
            }
            state = next
            return .success(())
        }
        try result.get()
        return token
    }

    /// Who `token` identifies, or nil for an unknown token.
    public func principal(forToken token: String) -> Principal? {
        if Self.constantTimeEqual(token, systemToken) { return .system }
        let hash = TokenDigest.hexDigest(token)
        return state.withLock { state in
            state.bundleByTokenHash[hash].flatMap { state.apps[$0] }.map { .app($0.registration) }
        }
    }

    /// The registration of an app, or nil.
    public func registration(of bundleIdentifier: String) -> AppRegistration? {
        state.withLock { $0.apps[bundleIdentifier]?.registration }
    }

    /// Every registration, by bundle identifier.
    public func registrations() -> [AppRegistration] {
        state.withLock { $0.apps.values.map(\.registration) }.sorted { $0.bundleIdentifier < $1.bundleIdentifier }
    }

    private static func constantTimeEqual(_ left: String, _ right: String) -> Bool {
        let a = Array(left.utf8), b = Array(right.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }

    /// Writes `data` to `path` atomically (temporary file, fsync, rename) with mode 0600.
    static func writePrivateFile(_ path: String, _ data: Data) throws {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw POSIXFailure(operation: "open \(temporary)", code: errno) }
        defer { close(descriptor) }
        _ = fchmod(descriptor, 0o600)
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXFailure(operation: "write \(temporary)", code: errno)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw POSIXFailure(operation: "fsync \(temporary)", code: errno) }
        guard rename(temporary, path) == 0 else { throw POSIXFailure(operation: "rename \(temporary)", code: errno) }
    }
}

/// A failed system call.
struct POSIXFailure: Error, CustomStringConvertible {
    var operation: String
    var code: Int32
    var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
