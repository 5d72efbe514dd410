/// An append-only byte buffer with little-endian and variable-length integer encoders.
///
/// Used to build log records, segment files and manifests in memory before they are written.
public struct ByteWriter: Sendable {
    /// The bytes written so far.
    public internal(set) var bytes: [UInt8]

    /// Creates an empty writer, optionally reserving capacity.
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bytes written so far.
    public var count: Int { bytes.count }

    /// Appends one byte.
    @inline(__always) public mutating func write(_ byte: UInt8) { bytes.append(byte) }

    /// Appends raw bytes.
    public mutating func write<C: Collection>(bytes other: C) where C.Element == UInt8 {
        bytes.append(contentsOf: other)
    }

    /// Appends a 32-bit integer, little-endian.
    public mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a 64-bit integer, little-endian.
    public mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a 16-bit integer, little-endian.
    public mutating func write(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a double as its IEEE-754 bit pattern, little-endian.
    public mutating func write(_ value: Double) { write(value.bitPattern) }

    /// Appends an unsigned LEB128 variable-length integer (1 byte for values below 128).
    @inline(__always) public mutating func writeVarInt(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Appends an unsigned LEB128 variable-length integer.
    @inline(__always) public mutating func writeVarInt(_ value: Int) { writeVarInt(UInt64(value)) }

    /// Appends a length-prefixed UTF-8 string.
    public mutating func writeString(_ string: String) {
        var s = string
        s.withUTF8 { utf8 in
            writeVarInt(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Appends a length-prefixed byte array.
    public mutating func writeBlob(_ blob: [UInt8]) {
        writeVarInt(blob.count)
        bytes.append(contentsOf: blob)
    }

    /// Overwrites four bytes at `offset` with a little-endian 32-bit integer.
    public mutating func patch(_ value: UInt32, at offset: Int) {
        withUnsafeBytes(of: value.littleEndian) { raw in
            for i in 0..<4 { bytes[offset + i] = raw[i] }
        }
    }

    /// Pads with zero bytes until the count is a multiple of `alignment`.
    public mutating func align(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }
}
