/// A bounds-checked cursor over bytes that are not owned by the reader (a memory-mapped segment,
/// a log record, an array).
///
/// Every read checks bounds and throws ``StorageError`` on truncated or malformed input, so
/// corrupt files produce errors, never crashes.
public struct ByteReader {
    /// The bytes being read.
    public let buffer: UnsafeRawBufferPointer
    /// The current read position, in bytes from the start of `buffer`.
    public var offset: Int

    /// Creates a reader positioned at `offset`.
    public init(_ buffer: UnsafeRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= buffer.count }

    /// The number of bytes left to read.
    public var remaining: Int { max(0, buffer.count - offset) }

    @inline(__always) private func need(_ n: Int) throws {
        guard n >= 0, offset >= 0, n <= buffer.count - offset else {
            throw StorageError.corrupt("read of \(n) bytes at offset \(offset) runs past the end (\(buffer.count))")
        }
    }

    /// Reads one byte.
    public mutating func readByte() throws -> UInt8 {
        try need(1)
        defer { offset += 1 }
        return buffer[offset]
    }

    /// Reads a little-endian 16-bit integer.
    public mutating func readUInt16() throws -> UInt16 {
        try need(2)
        defer { offset += 2 }
        return UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// Reads a little-endian 32-bit integer.
    public mutating func readUInt32() throws -> UInt32 {
        try need(4)
        defer { offset += 4 }
        return UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// Reads a little-endian 64-bit integer.
    public mutating func readUInt64() throws -> UInt64 {
        try need(8)
        defer { offset += 8 }
        return UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// Reads a double stored as its little-endian bit pattern.
    public mutating func readDouble() throws -> Double { Double(bitPattern: try readUInt64()) }

    /// Reads an unsigned LEB128 variable-length integer (at most 10 bytes).
    @inline(__always)
    public mutating func readVarInt() throws -> UInt64 { try Self.varInt(in: buffer, at: &offset) }

    /// Decodes the unsigned LEB128 integer at `offset` in `buffer` and moves `offset` past it: for
    /// hot loops that keep their offset in a local variable.
    @inline(__always)
    static func varInt(in buffer: UnsafeRawBufferPointer, at offset: inout Int) throws -> UInt64 {
        guard offset < buffer.count else { throw StorageError.corrupt("truncated variable-length integer") }
        let first = buffer[offset]
        offset += 1
        if first < 0x80 { return UInt64(first) }
        var result = UInt64(first & 0x7F)
        var shift: UInt64 = 7
        while true {
            guard offset < buffer.count else { throw StorageError.corrupt("truncated variable-length integer") }
            let byte = buffer[offset]
            offset += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift > 63 { throw StorageError.corrupt("variable-length integer longer than 10 bytes") }
        }
    }

    /// Reads a variable-length integer that must fit in `Int` and be at most `limit`.
    @inline(__always)
    public mutating func readLength(limit: Int = Int(Int32.max)) throws -> Int {
        let value = try readVarInt()
        guard value <= UInt64(limit) else { throw StorageError.corrupt("length \(value) exceeds limit \(limit)") }
        return Int(value)
    }

    /// Reads `count` raw bytes as a slice of the underlying buffer (no copy).
    @inline(__always)
    public mutating func readSlice(_ count: Int) throws -> UnsafeRawBufferPointer {
        try need(count)
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
    }

    /// Reads `count` raw bytes into a new array.
    public mutating func readBytes(_ count: Int) throws -> [UInt8] { Array(try readSlice(count)) }

    /// Reads a length-prefixed UTF-8 string; invalid UTF-8 is an error.
    public mutating func readString() throws -> String {
        let count = try readLength(limit: remaining)
        return try Self.string(fromUTF8: try readSlice(count))
    }

    /// The string whose UTF-8 bytes are `bytes`; invalid UTF-8 is an error.
    public static func string(fromUTF8 bytes: UnsafeRawBufferPointer) throws -> String {
        guard let string = String(validUTF8: bytes) else { throw StorageError.corrupt("invalid UTF-8 in stored string") }
        return string
    }

    /// Reads a length-prefixed byte array.
    public mutating func readBlob() throws -> [UInt8] { Array(try readBlobSlice()) }

    /// Reads a length-prefixed byte array in place (valid while `buffer` is).
    public mutating func readBlobSlice() throws -> UnsafeRawBufferPointer {
        try readSlice(try readLength(limit: remaining))
    }
}
