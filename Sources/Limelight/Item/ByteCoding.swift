import LimelightCore

/// Appends little-endian integers, LEB128 variable-length integers and length-prefixed byte strings.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for `capacity` bytes.
    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func writeByte(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func writeBytes(_ data: some Sequence<UInt8>) {
        bytes.append(contentsOf: data)
    }

    mutating func writeVarint(_ value: UInt64) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }

    mutating func writeUInt32(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func writeUInt64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func writeDouble(_ value: Double) {
        writeUInt64(value.bitPattern)
    }

    mutating func writeString(_ string: String) {
        var string = string
        string.withUTF8 { utf8 in
            writeVarint(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func writeLengthPrefixed(_ data: some Collection<UInt8>) {
        writeVarint(UInt64(data.count))
        bytes.append(contentsOf: data)
    }
}

/// Reads what ``ByteWriter`` writes, checking every length against the bytes that remain. The
/// bytes are borrowed (a stored record in a memory-mapped segment, say): a reader is used only
/// while they are.
struct ByteReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset: Int
    private let end: Int

    init(_ bytes: UnsafeRawBufferPointer, end: Int) {
        self.bytes = bytes
        self.offset = 0
        self.end = min(end, bytes.count)
    }

    var remaining: Int { end - offset }
    var isAtEnd: Bool { offset == end }

    mutating func readByte() throws(StoredItemCodecError) -> UInt8 {
        guard offset < end else { throw .truncated(at: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readBytes(_ count: Int) throws(StoredItemCodecError) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw .truncated(at: offset) }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func readVarint() throws(StoredItemCodecError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        let start = offset
        while true {
            let byte = try readByte()
            if shift == 63, byte > 1 { throw .corrupt("variable-length integer overflows", at: start) }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
            if shift > 63 { throw .corrupt("variable-length integer is too long", at: start) }
        }
    }

    /// Reads a count and checks that at least `minimumElementSize` bytes per element remain.
    mutating func readCount(minimumElementSize: Int) throws(StoredItemCodecError) -> Int {
        let start = offset
        let count = try readVarint()
        guard count <= UInt64(remaining / max(1, minimumElementSize)) else {
            throw .corrupt("count \(count) exceeds the remaining \(remaining) bytes", at: start)
        }
        return Int(count)
    }

    mutating func readUInt32() throws(StoredItemCodecError) -> UInt32 {
        UInt32(littleEndian: try readBytes(4).loadUnaligned(as: UInt32.self))
    }

    mutating func readUInt64() throws(StoredItemCodecError) -> UInt64 {
        UInt64(littleEndian: try readBytes(8).loadUnaligned(as: UInt64.self))
    }

    mutating func readDouble() throws(StoredItemCodecError) -> Double {
        Double(bitPattern: try readUInt64())
    }

    mutating func readString() throws(StoredItemCodecError) -> String {
        let start = offset
        let count = try readCount(minimumElementSize: 1)
        guard let string = String(validUTF8: try readBytes(count)) else {
            throw .corrupt("string is not valid UTF-8", at: start)
        }
        return string
    }

    mutating func readLengthPrefixed() throws(StoredItemCodecError) -> UnsafeRawBufferPointer {
        let count = try readCount(minimumElementSize: 1)
        return try readBytes(count)
    }
}

/// The CRC-32 checksum (IEEE 802.3 polynomial, reflected), used to detect damaged records.
///
/// Table-driven slicing-by-8: eight bytes per step through eight 256-entry tables.
enum CRC32 {
    /// Table `t` at `t * 256`: the CRC of a byte followed by `t` zero bytes.
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
            tables[index] = value
        }
        for index in 0..<256 {
            for table in 1..<8 {
                let previous = tables[(table - 1) * 256 + index]
                tables[table * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { checksum($0) }
    }

    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { t in
            var index = 0
            let count = bytes.count
            while index + 8 <= count {
                let low = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)) ^ crc
                let high = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                    ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                index += 8
            }
            while index < count {
                crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
