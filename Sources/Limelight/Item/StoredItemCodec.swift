import Foundation

/// The compact binary form in which the index stores each item.
///
/// Layout (version 1; integers little-endian, `varint` = unsigned LEB128, `string` = varint byte count
/// then UTF-8):
///
///     "LLI" version:u8 flags:u8            flags: 1 = domain, 2 = expiration, 4 = isUpdate
///     uniqueIdentifier:string [domainIdentifier:string] [expirationDate:f64]
///     attributeCount:varint { name:string value }        sorted by name
///     customCount:varint { keyName:string keyFlags:u8 value }   keyFlags: 1 searchable,
///                                                           2 by default, 4 unique, 8 multi-valued
///     crc32:u32                                           of every byte before it
///     value = tag:u8 payload: 1 string | 2 count {string} | 3 f64 | 4 count {f64} | 5 date:f64 |
///             6 count {f64} | 7 bool:u8 (0 or 1) | 8 bytes (varint length) | 9 url:string |
///             10 count {string}
///
/// Dates are stored as the exact bit pattern of their interval since the reference date, numbers as
/// the exact bits of their `Double`, so every ``AttributeValue`` round-trips unchanged (URLs round-trip
/// through their absolute string). Encoding is deterministic: equal items give equal bytes.
///
/// The decoder checks every length against the bytes that remain, the checksum, every tag and every
/// value against the catalogue, and throws ``StoredItemCodecError`` on anything unexpected; it never
/// traps on damaged input.
public enum StoredItemCodec {
    /// The format version written by `encode(_:)`.
    public static let currentVersion: UInt8 = 1
    static let signature: [UInt8] = Array("LLI".utf8)

    private enum Flag {
        static let domain: UInt8 = 1
        static let expiration: UInt8 = 2
        static let update: UInt8 = 4
        static let known: UInt8 = 7
    }

    private enum KeyFlag {
        static let searchable: UInt8 = 1
        static let searchableByDefault: UInt8 = 2
        static let unique: UInt8 = 4
        static let multiValued: UInt8 = 8
        static let known: UInt8 = 15
    }

    /// Encodes a stored item.
    ///
    /// - Parameter item: The item.
    /// - Returns: The record's bytes.
    /// - Complexity: O(size of the item).
    public static func encode(_ item: StoredItem) -> [UInt8] {
        var writer = ByteWriter(capacity: 256)
        writer.writeBytes(signature)
        writer.writeByte(currentVersion)
        var flags: UInt8 = 0
        if item.domainIdentifier != nil { flags |= Flag.domain }
        if item.expirationDate != nil { flags |= Flag.expiration }
        if item.isUpdate { flags |= Flag.update }
        writer.writeByte(flags)
        writer.writeString(item.uniqueIdentifier)
        if let domain = item.domainIdentifier { writer.writeString(domain) }
        if let expiration = item.expirationDate { writer.writeDouble(expiration.timeIntervalSinceReferenceDate) }
        writer.writeVarint(UInt64(item.attributes.count))
        for (name, value) in item.attributes.sorted(by: { $0.key < $1.key }) {
            writer.writeString(name)
            write(value, to: &writer)
        }
        writer.writeVarint(UInt64(item.customAttributes.count))
        for (name, custom) in item.customAttributes.sorted(by: { $0.key < $1.key }) {
            writer.writeString(name)
            var keyFlags: UInt8 = 0
            if custom.key.isSearchable { keyFlags |= KeyFlag.searchable }
            if custom.key.isSearchableByDefault { keyFlags |= KeyFlag.searchableByDefault }
            if custom.key.isUnique { keyFlags |= KeyFlag.unique }
            if custom.key.isMultiValued { keyFlags |= KeyFlag.multiValued }
            writer.writeByte(keyFlags)
            write(custom.value, to: &writer)
        }
        writer.writeUInt32(CRC32.checksum(writer.bytes))
        return writer.bytes
    }

    /// Encodes a searchable item's stored attributes.
    ///
    /// Values the attribute set refused (its ``CSSearchableItemAttributeSet/validationIssues``) are not
    /// part of the item; check ``CSSearchableItemAttributeSet/validate()`` first to reject such items.
    ///
    /// - Parameter item: The item.
    /// - Returns: The record's bytes.
    public static func encode(_ item: CSSearchableItem) -> [UInt8] {
        let attributeSet = item.attributeSet
        let stored = StoredItem(
            uncheckedIdentifier: item.uniqueIdentifier, domainIdentifier: item.domainIdentifier,
            expirationDate: item.expirationDate, isUpdate: item.isUpdate,
            attributes: attributeSet.storedAttributes, customAttributes: attributeSet.customAttributes
        )
        return encode(stored)
    }

    private static func write(_ value: AttributeValue, to writer: inout ByteWriter) {
        switch value {
        case .string(let string):
            writer.writeByte(1)
            writer.writeString(string)
        case .strings(let strings):
            writer.writeByte(2)
            writer.writeVarint(UInt64(strings.count))
            for string in strings { writer.writeString(string) }
        case .number(let number):
            writer.writeByte(3)
            writer.writeDouble(number)
        case .numbers(let numbers):
            writer.writeByte(4)
            writer.writeVarint(UInt64(numbers.count))
            for number in numbers { writer.writeDouble(number) }
        case .date(let date):
            writer.writeByte(5)
            writer.writeDouble(date.timeIntervalSinceReferenceDate)
        case .dates(let dates):
            writer.writeByte(6)
            writer.writeVarint(UInt64(dates.count))
            for date in dates { writer.writeDouble(date.timeIntervalSinceReferenceDate) }
        case .bool(let flag):
            writer.writeByte(7)
            writer.writeByte(flag ? 1 : 0)
        case .data(let data):
            writer.writeByte(8)
            writer.writeLengthPrefixed(Array(data))
        case .url(let url):
            writer.writeByte(9)
            writer.writeString(url.absoluteString)
        case .urls(let urls):
            writer.writeByte(10)
            writer.writeVarint(UInt64(urls.count))
            for url in urls { writer.writeString(url.absoluteString) }
        }
    }

    /// Decodes a record written by `encode(_:)`.
    ///
    /// - Parameter bytes: The record's bytes, exactly.
    /// - Returns: The stored item.
    /// - Throws: ``StoredItemCodecError`` when the bytes are truncated, damaged, have trailing bytes,
    ///   or come from an unknown version.
    /// - Complexity: O(`bytes.count`).
    public static func decode(_ bytes: [UInt8]) throws(StoredItemCodecError) -> StoredItem {
        try bytes.withUnsafeBytes { raw in Result { () throws(StoredItemCodecError) in try decode(raw) } }.get()
    }

    /// ``decode(_:)`` of borrowed bytes (a record in a memory-mapped segment, say).
    public static func decode(_ bytes: UnsafeRawBufferPointer) throws(StoredItemCodecError) -> StoredItem {
        var reader = try body(of: bytes, verifyingChecksum: true)
        return try decodeBody(&reader)
    }

    /// The item without its attributes (identifier, domain, expiration date and update flag): what
    /// a search hit that fetches no attributes carries. Neither the attributes nor the checksum are
    /// read, so the record must come from a segment whose checksum was verified when it was opened
    /// (as for ``attributeValue(named:in:)``); the parts it reads are still bounds- and
    /// UTF-8-checked.
    /// - Throws: ``StoredItemCodecError`` as ``decode(_:)`` does for the parts it reads.
    public static func decodeWithoutAttributes(_ bytes: [UInt8]) throws(StoredItemCodecError) -> StoredItem {
        try bytes.withUnsafeBytes { raw in Result { () throws(StoredItemCodecError) in try decodeWithoutAttributes(raw) } }.get()
    }

    /// ``decodeWithoutAttributes(_:)`` of borrowed bytes (a record in a memory-mapped segment, say).
    public static func decodeWithoutAttributes(_ bytes: UnsafeRawBufferPointer) throws(StoredItemCodecError) -> StoredItem {
        var reader = try body(of: bytes, verifyingChecksum: false)
        let header = try decodeHeader(&reader)
        return StoredItem(
            uncheckedIdentifier: header.uniqueIdentifier, domainIdentifier: header.domainIdentifier,
            expirationDate: header.expirationDate, isUpdate: header.isUpdate, attributes: [:], customAttributes: [])
    }

    /// A reader of the item's body (after the signature and version, before the checksum), once the
    /// signature, version and (when asked) the checksum are checked.
    private static func body(of bytes: UnsafeRawBufferPointer, verifyingChecksum: Bool) throws(StoredItemCodecError) -> ByteReader {
        let headerSize = signature.count + 2
        guard bytes.count >= headerSize + 4 else { throw .truncated(at: bytes.count) }
        guard bytes.prefix(signature.count).elementsEqual(signature) else {
            throw StoredItemCodecError(kind: .badSignature, message: "not a stored item", offset: 0)
        }
        let version = bytes[signature.count]
        guard version == currentVersion else {
            throw StoredItemCodecError(
                kind: .unsupportedVersion, message: "format version \(version) is not supported",
                offset: signature.count)
        }
        let bodyEnd = bytes.count - 4
        if verifyingChecksum {
            let expectedChecksum = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: bodyEnd, as: UInt32.self))
            guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<bodyEnd])) == expectedChecksum else {
                throw StoredItemCodecError(kind: .checksumMismatch, message: "the checksum does not match", offset: bodyEnd)
            }
        }
        var reader = ByteReader(bytes, end: bodyEnd)
        _ = try reader.readBytes(signature.count + 1)
        return reader
    }

    /// The value of the built-in attribute `name` in a record written by `encode(_:)`, read without
    /// decoding the rest of the item or checking the checksum: for testing the candidates of a query
    /// against their stored values, in segments whose checksums were verified when opened.
    ///
    /// - Parameters:
    ///   - name: The attribute's canonical name.
    ///   - bytes: The record's bytes.
    /// - Returns: The value, or nil when the item has none or the bytes are damaged.
    /// - Complexity: O(size of the attributes before `name`), without allocating for them.
    static func attributeValue(named name: String, in bytes: UnsafeRawBufferPointer) -> AttributeValue? {
        guard bytes.count >= signature.count + 6, bytes[signature.count] == currentVersion else { return nil }
        var reader = ByteReader(bytes, end: bytes.count - 4)
        let wanted = Array(name.utf8)
        do {
            _ = try reader.readBytes(signature.count + 1)
            let flags = try reader.readByte()
            _ = try reader.readLengthPrefixed()
            if flags & Flag.domain != 0 { _ = try reader.readLengthPrefixed() }
            if flags & Flag.expiration != 0 { _ = try reader.readBytes(8) }
            let attributeCount = try reader.readCount(minimumElementSize: 3)
            for _ in 0..<attributeCount {
                if try reader.readLengthPrefixed().elementsEqual(wanted) { return try readValue(&reader) }
                try skipValue(&reader)
            }
        } catch {
            return nil
        }
        return nil
    }

    /// Moves past one value written by `write(_:to:)`.
    private static func skipValue(_ reader: inout ByteReader) throws(StoredItemCodecError) {
        let tagOffset = reader.offset
        switch try reader.readByte() {
        case 1, 8, 9:
            _ = try reader.readLengthPrefixed()
        case 2, 10:
            for _ in 0..<(try reader.readCount(minimumElementSize: 1)) { _ = try reader.readLengthPrefixed() }
        case 3, 5:
            _ = try reader.readBytes(8)
        case 4, 6:
            _ = try reader.readBytes(8 * (try reader.readCount(minimumElementSize: 8)))
        case 7:
            _ = try reader.readByte()
        case let tag:
            throw .corrupt("unknown value tag \(tag)", at: tagOffset)
        }
    }

    /// The fields before the attributes.
    private struct Header {
        var uniqueIdentifier: String
        var domainIdentifier: String?
        var expirationDate: Date?
        var isUpdate: Bool
    }

    private static func decodeHeader(_ reader: inout ByteReader) throws(StoredItemCodecError) -> Header {
        let flagsOffset = reader.offset
        let flags = try reader.readByte()
        guard flags & ~Flag.known == 0 else { throw .corrupt("unknown flags \(flags)", at: flagsOffset) }
        let uniqueIdentifier = try reader.readString()
        let domainIdentifier = flags & Flag.domain != 0 ? try reader.readString() : nil
        let expirationDate =
            flags & Flag.expiration != 0 ? Date(timeIntervalSinceReferenceDate: try reader.readDouble()) : nil
        return Header(
            uniqueIdentifier: uniqueIdentifier, domainIdentifier: domainIdentifier, expirationDate: expirationDate,
            isUpdate: flags & Flag.update != 0)
    }

    private static func decodeBody(_ reader: inout ByteReader) throws(StoredItemCodecError) -> StoredItem {
        let header = try decodeHeader(&reader)
        var attributes: [String: AttributeValue] = [:]
        let attributeCount = try reader.readCount(minimumElementSize: 3)
        for _ in 0..<attributeCount {
            let nameOffset = reader.offset
            let name = try reader.readString()
            let value = try readValue(&reader)
            guard let definition = AttributeCatalogue.attribute(named: name), definition.name == name else {
                throw .corrupt("unknown attribute '\(name)'", at: nameOffset)
            }
            guard attributes[name] == nil else { throw .corrupt("attribute '\(name)' appears twice", at: nameOffset) }
            do {
                attributes[name] = try definition.validate(value)
            } catch {
                throw .corrupt(error.message, at: nameOffset)
            }
        }
        var customAttributes: [CustomAttribute] = []
        var customNames: Set<String> = []
        let customCount = try reader.readCount(minimumElementSize: 4)
        for _ in 0..<customCount {
            let nameOffset = reader.offset
            let name = try reader.readString()
            let keyFlags = try reader.readByte()
            guard keyFlags & ~KeyFlag.known == 0 else {
                throw .corrupt("unknown key flags \(keyFlags)", at: nameOffset)
            }
            let value = try readValue(&reader)
            guard
                let key = CSCustomAttributeKey(
                    keyName: name, searchable: keyFlags & KeyFlag.searchable != 0,
                    searchableByDefault: keyFlags & KeyFlag.searchableByDefault != 0,
                    unique: keyFlags & KeyFlag.unique != 0, multiValued: keyFlags & KeyFlag.multiValued != 0)
            else { throw .corrupt("invalid custom attribute name '\(name)'", at: nameOffset) }
            guard customNames.insert(name).inserted else {
                throw .corrupt("custom attribute '\(name)' appears twice", at: nameOffset)
            }
            do {
                customAttributes.append(try CustomAttribute(key: key, value: value))
            } catch {
                throw .corrupt(error.message, at: nameOffset)
            }
        }
        guard reader.isAtEnd else {
            throw .corrupt("\(reader.remaining) unexpected bytes after the item", at: reader.offset)
        }
        return StoredItem(
            uncheckedIdentifier: header.uniqueIdentifier, domainIdentifier: header.domainIdentifier,
            expirationDate: header.expirationDate, isUpdate: header.isUpdate, attributes: attributes,
            customAttributes: customAttributes
        )
    }

    private static func readValue(_ reader: inout ByteReader) throws(StoredItemCodecError) -> AttributeValue {
        let tagOffset = reader.offset
        switch try reader.readByte() {
        case 1:
            return .string(try reader.readString())
        case 2:
            let count = try reader.readCount(minimumElementSize: 1)
            var strings: [String] = []
            strings.reserveCapacity(count)
            for _ in 0..<count { strings.append(try reader.readString()) }
            return .strings(strings)
        case 3:
            return .number(try reader.readDouble())
        case 4:
            let count = try reader.readCount(minimumElementSize: 8)
            var numbers: [Double] = []
            numbers.reserveCapacity(count)
            for _ in 0..<count { numbers.append(try reader.readDouble()) }
            return .numbers(numbers)
        case 5:
            return .date(Date(timeIntervalSinceReferenceDate: try reader.readDouble()))
        case 6:
            let count = try reader.readCount(minimumElementSize: 8)
            var dates: [Date] = []
            dates.reserveCapacity(count)
            for _ in 0..<count { dates.append(Date(timeIntervalSinceReferenceDate: try reader.readDouble())) }
            return .dates(dates)
        case 7:
            switch try reader.readByte() {
            case 0: return .bool(false)
            case 1: return .bool(true)
            case let other: throw .corrupt("invalid Boolean byte \(other)", at: tagOffset + 1)
            }
        case 8:
            return .data(Data(try reader.readLengthPrefixed()))
        case 9:
            return .url(try readURL(&reader))
        case 10:
            let count = try reader.readCount(minimumElementSize: 1)
            var urls: [URL] = []
            urls.reserveCapacity(count)
            for _ in 0..<count { urls.append(try readURL(&reader)) }
            return .urls(urls)
        case let tag:
            throw .corrupt("unknown value tag \(tag)", at: tagOffset)
        }
    }

    private static func readURL(_ reader: inout ByteReader) throws(StoredItemCodecError) -> URL {
        let offset = reader.offset
        let string = try reader.readString()
        guard let url = URL(string: string) else { throw .corrupt("invalid URL '\(string)'", at: offset) }
        return url
    }
}
