#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text of a system error number.
func errnoDescription(_ code: Int32) -> String {
    if let text = strerror(code) { return String(cString: text) + " (errno \(code))" }
    return "errno \(code)"
}

/// Thin, throwing wrappers over the POSIX file calls the engine needs.
///
/// Every durable write goes through ``FileHandle/sync()`` and, for renames, ``FileSystem/syncDirectory(_:)``.
public enum FileSystem {
    /// Whether a file or directory exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The size of the file at `path` in bytes.
    public static func size(_ path: String) throws -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { throw StorageError.io(operation: "stat", path: path, code: errno) }
        return Int(info.st_size)
    }

    /// Creates `path` and any missing parents (mode 0700: stores hold private data).
    public static func createDirectory(_ path: String) throws {
        if isDirectory(path) { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component
            if !isDirectory(prefix) {
                if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                    throw StorageError.io(operation: "mkdir", path: prefix, code: errno)
                }
            }
            prefix += "/"
        }
    }

    /// The names of the entries of a directory (without `.` and `..`).
    public static func list(_ path: String) throws -> [String] {
        guard let dir = opendir(path) else { throw StorageError.io(operation: "opendir", path: path, code: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes a file; a missing file is not an error.
    public static func remove(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT {
            throw StorageError.io(operation: "unlink", path: path, code: errno)
        }
    }

    /// Removes a directory tree; a missing directory is not an error.
    public static func removeTree(_ path: String) throws {
        guard isDirectory(path) else { return try remove(path) }
        for name in try list(path) { try removeTree(path + "/" + name) }
        if rmdir(path) != 0 && errno != ENOENT { throw StorageError.io(operation: "rmdir", path: path, code: errno) }
    }

    /// Atomically renames `from` to `to`, replacing `to`.
    public static func rename(_ from: String, to: String) throws {
        if systemRename(from, to) != 0 { throw StorageError.io(operation: "rename", path: from, code: errno) }
    }

    /// Flushes a directory's entries (file creations, renames, removals) to stable storage.
    public static func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { throw StorageError.io(operation: "open directory", path: path, code: errno) }
        defer { close(fd) }
        if fsync(fd) != 0 { throw StorageError.io(operation: "fsync directory", path: path, code: errno) }
    }

    /// Reads a whole file.
    public static func readFile(_ path: String) throws -> [UInt8] {
        let handle = try FileHandle(path: path, mode: .read)
        defer { handle.close() }
        return try handle.read(count: try handle.size(), at: 0)
    }

    /// Writes `bytes` to `path` durably and atomically: a temporary file is written and synced,
    /// renamed over `path`, and the directory is synced.
    public static func writeFileAtomically(_ path: String, bytes: [UInt8]) throws {
        let temporary = path + ".tmp"
        let handle = try FileHandle(path: temporary, mode: .createTruncate)
        do {
            try handle.write(bytes, at: 0)
            try handle.sync()
            handle.close()
        } catch {
            handle.close()
            throw error
        }
        try rename(temporary, to: path)
        try syncDirectory(directoryName(of: path))
    }

    /// The directory part of a path ("." when there is none).
    public static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// An open file descriptor with positioned reads and writes.
public final class FileHandle: @unchecked Sendable {
    // Safety: the descriptor is only used through positioned calls (pread/pwrite) that are safe to
    // issue concurrently, and `close()` is called by the single owner when no other user remains.

    /// How to open a file.
    public enum Mode: Sendable {
        case read
        case readWrite
        case createTruncate
        case createOrOpen
    }

    /// The path the file was opened with.
    public let path: String
    private var fd: Int32

    /// Opens `path`.
    public init(path: String, mode: Mode) throws {
        self.path = path
        let flags: Int32
        switch mode {
        case .read: flags = O_RDONLY
        case .readWrite: flags = O_RDWR
        case .createTruncate: flags = O_RDWR | O_CREAT | O_TRUNC
        case .createOrOpen: flags = O_RDWR | O_CREAT
        }
        fd = open(path, flags | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StorageError.io(operation: "open", path: path, code: errno) }
    }

    deinit { close() }

    /// Closes the descriptor; further calls fail.
    public func close() {
        if fd >= 0 {
            _ = systemClose(fd)
            fd = -1
        }
    }

    /// Takes an exclusive `flock` without waiting; false when another open file holds it.
    public func tryLockExclusively() -> Bool {
        fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0
    }

    /// The file's current size.
    public func size() throws -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw StorageError.io(operation: "fstat", path: path, code: errno) }
        return Int(info.st_size)
    }

    /// Reads exactly `count` bytes at `offset` (fewer only at end of file).
    public func read(count: Int, at offset: Int) throws -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        var done = 0
        try result.withUnsafeMutableBytes { raw in
            while done < count {
                let n = pread(fd, raw.baseAddress! + done, count - done, off_t(offset + done))
                if n < 0 {
                    if errno == EINTR { continue }
                    throw StorageError.io(operation: "read", path: path, code: errno)
                }
                if n == 0 { break }
                done += n
            }
        }
        if done < count { result.removeLast(count - done) }
        return result
    }

    /// Writes all of `bytes` at `offset`.
    public func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        var done = 0
        while done < bytes.count {
            let n = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw StorageError.io(operation: "write", path: path, code: errno)
            }
            done += n
        }
    }

    /// Writes all of `bytes` at `offset`.
    public func write(_ bytes: [UInt8], at offset: Int) throws {
        try bytes.withUnsafeBytes { try write($0, at: offset) }
    }

    /// Flushes the file's data (and the metadata needed to read it back) to stable storage.
    public func sync() throws {
        if fdatasync(fd) != 0 { throw StorageError.io(operation: "fdatasync", path: path, code: errno) }
    }

    /// Cuts the file to `size` bytes.
    public func truncate(to size: Int) throws {
        if ftruncate(fd, off_t(size)) != 0 { throw StorageError.io(operation: "ftruncate", path: path, code: errno) }
    }

    /// Maps the whole file read-only into memory.
    public func mapReadOnly() throws -> MappedRegion {
        let length = try size()
        return try MappedRegion(fd: fd, length: length, path: path)
    }
}

/// Bytes that stay valid for the lifetime of this object: a read-only memory map of a file, or a
/// heap buffer for in-memory segments. Both are immutable once created.
public final class MappedRegion: @unchecked Sendable {
    // Safety: the bytes are never written after initialisation; unmapping happens in deinit when
    // no reference (and so no reader) remains.
    /// The bytes.
    public let bytes: UnsafeRawBufferPointer
    private let isMapped: Bool

    init(fd: Int32, length: Int, path: String) throws {
        if length == 0 {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            isMapped = false
            return
        }
        guard let address = mmap(nil, length, PROT_READ, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            throw StorageError.io(operation: "mmap", path: path, code: errno)
        }
        bytes = UnsafeRawBufferPointer(start: address, count: length)
        isMapped = true
    }

    /// Copies `array` into a new heap region.
    public init(copying array: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(array.count, 1), alignment: 16)
        array.withUnsafeBytes { source in
            if let base = source.baseAddress { buffer.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: array.count)
        isMapped = false
    }

    deinit {
        guard let base = bytes.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }
}

@inline(__always) private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
@inline(__always) private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
