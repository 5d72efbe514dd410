#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a directory's `LOCK` file, held while the engine is open.
///
/// One engine writes a directory at a time: two writers would append to the same log at their own
/// offsets and delete each other's files. The kernel releases the lock when the process dies, so a
/// crash never leaves a stale lock behind.
public final class DirectoryLock: Sendable {
    /// The lock file.
    public let path: String
    private let file: FileHandle

    /// Takes the lock on `directory`, failing at once if someone else holds it.
    /// - Throws: ``StorageError/locked(path:)`` when it is held elsewhere; I/O errors.
    public init(directory: String) throws {
        path = directory + "/LOCK"
        file = try FileHandle(path: path, mode: .createOrOpen)
        guard file.tryLockExclusively() else {
            file.close()
            throw StorageError.locked(path: directory)
        }
    }

    /// Releases the lock (also released when the lock is deallocated or the process ends).
    public func release() { file.close() }
}
