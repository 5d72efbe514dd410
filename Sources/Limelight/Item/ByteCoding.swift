/// Appends little-endian integers, LEB128 variable-length integers and length-prefixed byte strings.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

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
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func writeUInt64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func writeDouble(_ value: Double) {
        writeUInt64(value.bitPattern)
    }

    mutating func writeString(_ string: String) {
        writeVarint(UInt64(string.utf8.count))
        bytes.append(contentsOf: string.utf8)
    }

    mutating func writeLengthPrefixed(_ data: some Collection<UInt8>) {
        writeVarint(UInt64(data.count))
        bytes.append(contentsOf: data)
    }
}

/// Reads what ``ByteWriter`` writes, checking every length against the bytes that remain.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset: Int
    private let end: Int

    init(_ bytes: [UInt8], end: Int) {
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

    mutating func readBytes(_ count: Int) throws(StoredItemCodecError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated(at: offset) }
        defer { offset += count }
        return bytes[offset..<offset + count]
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
        let slice = try readBytes(4)
        return slice.reversed().reduce(0) { ($0 << 8) | UInt32($1) }
    }

    mutating func readUInt64() throws(StoredItemCodecError) -> UInt64 {
        let slice = try readBytes(8)
        return slice.reversed().reduce(0) { ($0 << 8) | UInt64($1) }
    }

    mutating func readDouble() throws(StoredItemCodecError) -> Double {
        Double(bitPattern: try readUInt64())
    }

    mutating func readString() throws(StoredItemCodecError) -> String {
        let start = offset
        let count = try readCount(minimumElementSize: 1)
        let slice = try readBytes(count)
        guard let string = String(validating: slice, as: UTF8.self) else {
            throw .corrupt("string is not valid UTF-8", at: start)
        }
        return string
    }

    mutating func readLengthPrefixed() throws(StoredItemCodecError) -> ArraySlice<UInt8> {
        let count = try readCount(minimumElementSize: 1)
        return try readBytes(count)
    }
}

/// The CRC-32 checksum (IEEE 802.3 polynomial, reflected), used to detect damaged records.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}
