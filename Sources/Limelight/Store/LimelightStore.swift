import Foundation
import LimelightCore
import Synchronization

/// A store directory holding many apps' indexes, each isolated under its bundle identifier.
///
/// Layout: `<store>/apps/<bundle identifier>/` holds one engine directory per app. Opening an app
/// is lazy and cached; every app shares nothing with another.
public final class LimelightStore: Sendable {
    /// The store's directory.
    public let path: String
    /// Most records one app may keep.
    public let quotaPerApp: Int
    private let apps = Mutex<[String: AppIndex]>([:])
    private let engineOptions: SearchEngine.Options

    /// Opens (creating if needed) the store at `path`.
    public init(path: String, quotaPerApp: Int = 10_000_000, engineOptions: SearchEngine.Options = SearchEngine.Options()) throws {
        self.path = path
        self.quotaPerApp = quotaPerApp
        self.engineOptions = engineOptions
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

    /// The app's index, opened on first use.
    /// - Throws: ``CSIndexError`` when the identifier is invalid or the index cannot be opened.
    public func app(_ bundleIdentifier: String) throws -> AppIndex {
        guard Self.isValidBundleIdentifier(bundleIdentifier) else {
            throw CSIndexError(.invalidItemError, message: "'\(bundleIdentifier)' is not a valid bundle identifier (letters, digits, '.', '-', '_')")
        }
        return try apps.withLock { apps in
            if let app = apps[bundleIdentifier] { return app }
            do {
                let engine = try SearchEngine.open(directory: path + "/apps/" + bundleIdentifier, options: engineOptions)
                let app = AppIndex(bundleIdentifier: bundleIdentifier, engine: engine, quota: quotaPerApp)
                // Items that expired while the index was closed go now.
                _ = try? app.purgeExpiredIfDue()
                apps[bundleIdentifier] = app
                return app
            } catch let error as StorageError {
                throw CSIndexError(.indexUnavailableError, message: "cannot open the index of \(bundleIdentifier): \(error)", underlyingError: error)
            }
        }
    }

    /// The bundle identifiers that have an index in this store.
    public func appIdentifiers() throws -> [String] {
        try FileSystem.list(path + "/apps").filter { FileSystem.isDirectory(path + "/apps/" + $0) }
    }

    /// Flushes and closes every open app index.
    public func close() throws {
        let open = apps.withLock { apps in
            defer { apps.removeAll() }
            return Array(apps.values)
        }
        for app in open { try app.engine.close() }
    }
}
