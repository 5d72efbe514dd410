import Foundation
import LimelightCore
import Synchronization

/// A store directory holding many apps' indexes, each isolated under its bundle identifier.
///
/// Layout: `<store>/apps/<bundle identifier>/` holds one engine directory per app, and
/// `<store>/protected/<class>/<bundle identifier>/` the app's encrypted content of each protection
/// class (see ``ProtectionClass``). Opening an app is lazy and cached; every app shares nothing
/// with another.
public final class LimelightStore: Sendable {
    /// The store's directory.
    public let path: String
    /// Most records one app may keep.
    public let quotaPerApp: Int
    private let apps = Mutex<[AppKey: AppIndex]>([:])
    private let engineOptions: SearchEngine.Options
    /// The class keys of protected content and whether they are unlocked.
    let protectedData: ProtectedDataKeys

    /// An open app index: the app and the protection class of its content (nil: unprotected).
    struct AppKey: Hashable {
        var bundleIdentifier: String
        var protectionClass: ProtectionClass?
    }

    /// What rebuilds an app engine's documents from their stored records when its write-ahead log is
    /// replayed (the log keeps only the records; see ``SearchEngine/Options/documentDeriver``). Every
    /// engine of a store opens with it; open an app's engine directly only with it.
    public static let documentDeriver: DocumentDeriver = RecordDocumentMapper.deriver

    /// Opens (creating if needed) the store at `path`.
    public init(path: String, quotaPerApp: Int = 10_000_000, engineOptions: SearchEngine.Options = SearchEngine.Options()) throws {
        self.path = path
        self.quotaPerApp = quotaPerApp
        self.engineOptions = engineOptions
        protectedData = ProtectedDataKeys(storePath: path)
        do {
            try FileSystem.createDirectory(path + "/apps")
        } catch {
            throw CSIndexError(.indexUnavailableError, message: "cannot create the store at \(path): \(error)")
        }
    }

    /// The default store directory: `LIMELIGHT_STORE` when set, else `$XDG_DATA_HOME/limelight`,
    /// else `~/.local/share/limelight`.
    public static var defaultPath: String {
        let environment = ProcessInfo.processInfo.environment
        if let configured = environment["LIMELIGHT_STORE"], !configured.isEmpty { return configured }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/limelight" }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/limelight"
    }

    /// The app's bundle identifier when code does not set one: `LIMELIGHT_BUNDLE_ID` when set,
    /// else the executable's name.
    public static var defaultBundleIdentifier: String {
        if let configured = ProcessInfo.processInfo.environment["LIMELIGHT_BUNDLE_ID"], !configured.isEmpty { return configured }
        let executable = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "app"
        return executable.isEmpty ? "app" : executable
    }

    private static let shared = Mutex<[String: LimelightStore]>([:])

    /// The store at `path`, opened once per process and shared.
    public static func shared(path: String = defaultPath) throws -> LimelightStore {
        try shared.withLock { stores in
            if let store = stores[path] { return store }
            let store = try LimelightStore(path: path)
            stores[path] = store
            return store
        }
    }

    /// Whether `identifier` is a valid bundle identifier (letters, digits, `.`, `-`, `_`; not empty;
    /// at most 255 characters; not starting with a dot).
    public static func isValidBundleIdentifier(_ identifier: String) -> Bool {
        guard !identifier.isEmpty, identifier.utf8.count <= 255, !identifier.hasPrefix(".") else { return false }
        return identifier.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    /// The app's index of unprotected content, opened on first use.
    /// - Throws: ``CSIndexError`` when the identifier is invalid or the index cannot be opened.
    public func app(_ bundleIdentifier: String) throws -> AppIndex {
        try app(bundleIdentifier, protection: nil)
    }

    /// The app's index of content of `protectionClass` (nil: unprotected content), opened on
    /// first use. A protected index is encrypted at rest with its class's key.
    /// - Throws: ``CSIndexError`` (`indexUnavailableError`) when the identifier is invalid, the
    ///   class's key is locked (the underlying error is a ``ProtectedDataError``), or the index
    ///   cannot be opened.
    public func app(_ bundleIdentifier: String, protection protectionClass: ProtectionClass?) throws -> AppIndex {
        guard Self.isValidBundleIdentifier(bundleIdentifier) else {
            throw CSIndexError(.invalidItemError, message: "'\(bundleIdentifier)' is not a valid bundle identifier (letters, digits, '.', '-', '_')")
        }
        let key = AppKey(bundleIdentifier: bundleIdentifier, protectionClass: protectionClass)
        if let app = apps.withLock({ $0[key] }) { return app }
        var options = engineOptions
        options.documentDeriver = Self.documentDeriver
        if let protectionClass {
            do {
                options.encryptionKey = try protectedData.key(for: protectionClass)
            } catch {
                throw CSIndexError(.indexUnavailableError, message: "cannot open the index of \(bundleIdentifier): \(error)", underlyingError: error)
            }
        }
        return try apps.withLock { apps in
            if let app = apps[key] { return app }
            do {
                let engine = try SearchEngine.open(directory: directory(of: key), options: options)
                let app = AppIndex(bundleIdentifier: bundleIdentifier, engine: engine, quota: quotaPerApp, protectionClass: protectionClass)
                // Items that expired while the index was closed go now.
                _ = try? app.purgeExpiredIfDue()
                apps[key] = app
                return app
            } catch let error as StorageError {
                throw CSIndexError(.indexUnavailableError, message: "cannot open the index of \(bundleIdentifier): \(error)", underlyingError: error)
            }
        }
    }

    /// The engine directory of an app's content of one protection class.
    private func directory(of key: AppKey) -> String {
        guard let protectionClass = key.protectionClass else { return path + "/apps/" + key.bundleIdentifier }
        return path + "/protected/" + protectionClass.rawValue + "/" + key.bundleIdentifier
    }

    /// The bundle identifiers that have an index of unprotected content in this store.
    public func appIdentifiers() throws -> [String] {
        try FileSystem.list(path + "/apps").filter { FileSystem.isDirectory(path + "/apps/" + $0) }
    }

    /// The protection classes in which the app has content in this store (locked or not).
    public func protectionClasses(of bundleIdentifier: String) -> [ProtectionClass] {
        ProtectionClass.allCases.filter { protectionClass in
            FileSystem.isDirectory(directory(of: AppKey(bundleIdentifier: bundleIdentifier, protectionClass: protectionClass)))
        }
    }

    /// Closes and forgets the open indexes that `shouldClose` picks.
    func closeApps(where shouldClose: (AppKey) -> Bool) throws {
        let closing = apps.withLock { apps in
            let picked = apps.filter { shouldClose($0.key) }
            for key in picked.keys { apps[key] = nil }
            return Array(picked.values)
        }
        for app in closing { try app.engine.close() }
    }

    /// Flushes and closes every open app index.
    public func close() throws {
        try closeApps { _ in true }
    }
}
