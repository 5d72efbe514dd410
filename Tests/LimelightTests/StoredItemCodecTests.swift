import Foundation
import LimelightTestSupport
import Testing

@testable import Limelight

@Suite("Binary stored-item codec")
struct StoredItemCodecTests {
    static func sampleItem() throws -> StoredItem {
        let tags = try #require(
            CSCustomAttributeKey(
                keyName: "com_example_tags", searchable: true, searchableByDefault: true, unique: true,
                multiValued: true))
        let price = try #require(CSCustomAttributeKey(keyName: "com_example_price"))
        let when = try #require(CSCustomAttributeKey(keyName: "com_example_when"))
        return try StoredItem(
            uniqueIdentifier: "item-ü-1", domainIdentifier: "domain",
            expirationDate: Date(timeIntervalSinceReferenceDate: 1.0 / 3.0),
            isUpdate: true,
            attributes: [
                "contentType": .string("public.jpeg"), "title": .string("Tïtle 😀"),
                "keywords": .strings(["a", "", "c"]),
                "pixelWidth": .number(0.1 + 0.2), "rating": .number(-0.0),
                "contentCreationDate": .date(Date(timeIntervalSince1970: -12.345678901)),
                "userCurated": .bool(false), "allDay": .bool(true),
                "thumbnailData": .data(Data((0...255).map { UInt8($0) })),
                "contentURL": .url(try #require(URL(string: "https://example.com/a?b=c#d"))),
                "alternateNames": .strings([]),
            ],
            customAttributes: [
                try CustomAttribute(key: tags, value: .strings(["x", "y"])),
                try CustomAttribute(key: price, value: .number(1e300)),
                try CustomAttribute(key: when, value: .date(Date(timeIntervalSinceReferenceDate: 123.456))),
            ]
        )
    }

    @Test func roundTripsEveryValueType() throws {
        let item = try Self.sampleItem()
        let bytes = StoredItemCodec.encode(item)
        let decoded = try StoredItemCodec.decode(bytes)
        #expect(decoded == item)
        #expect(decoded[attribute: "pixelWidth"]?.numberValue?.bitPattern == (0.1 + 0.2).bitPattern)
        #expect(decoded[attribute: "rating"]?.numberValue?.sign == .minus)
        #expect(StoredItemCodec.encode(decoded) == bytes, "encoding is deterministic")
    }

    @Test func decodesWithoutAttributesAsKeepingNone() throws {
        let item = try Self.sampleItem()
        var bytes = StoredItemCodec.encode(item)
        #expect(try StoredItemCodec.decodeWithoutAttributes(bytes) == item.keepingOnly([String]()))
        let plain = try StoredItem(uniqueIdentifier: "plain", attributes: ["title": .string("x")])
        #expect(try StoredItemCodec.decodeWithoutAttributes(StoredItemCodec.encode(plain)) == plain.keepingOnly([String]()))
        // The attributes and the checksum are not read (the segment's checksum covers them), but
        // the header still is.
        bytes[bytes.count - 10] ^= 0x40
        #expect(try StoredItemCodec.decodeWithoutAttributes(bytes) == item.keepingOnly([String]()))
        #expect(throws: StoredItemCodecError.self) { try StoredItemCodec.decode(bytes) }
        #expect(throws: StoredItemCodecError.self) { try StoredItemCodec.decodeWithoutAttributes(Array(bytes.prefix(12))) }
    }

    @Test func roundTripsListsOfEveryElementType() throws {
        let numbers = try #require(
            CSCustomAttributeKey(
                keyName: "n_list", searchable: false, searchableByDefault: false, unique: false, multiValued: true))
        let dates = try #require(
            CSCustomAttributeKey(
                keyName: "d_list", searchable: false, searchableByDefault: false, unique: false, multiValued: true))
        let urls = try #require(
            CSCustomAttributeKey(
                keyName: "u_list", searchable: false, searchableByDefault: false, unique: false, multiValued: true))
        let url = try #require(URL(string: "mailto:someone@example.com"))
        let item = try StoredItem(
            uniqueIdentifier: "lists", attributes: [:],
            customAttributes: [
                try CustomAttribute(key: numbers, value: .numbers([1, -2.5, 1e-300])),
                try CustomAttribute(key: dates, value: .dates([Date(timeIntervalSince1970: 0), Date.distantFuture])),
                try CustomAttribute(key: urls, value: .urls([url, url])),
            ])
        #expect(try StoredItemCodec.decode(StoredItemCodec.encode(item)) == item)
    }

    @Test func encodesSearchableItems() throws {
        let set = CSSearchableItemAttributeSet(contentType: "public.message")
        set.subject = "Hello"
        set.authorNames = ["Ann"]
        let item = CSSearchableItem(uniqueIdentifier: "m1", domainIdentifier: "inbox", attributeSet: set)
        let decoded = try StoredItemCodec.decode(StoredItemCodec.encode(item))
        #expect(decoded == (try StoredItem(item)))
    }

    @Test func rejectsStructuralProblems() throws {
        let bytes = StoredItemCodec.encode(try Self.sampleItem())
        func kind(_ bytes: [UInt8]) -> StoredItemCodecError.Kind? {
            do {
                _ = try StoredItemCodec.decode(bytes)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind([]) == .truncated)
        #expect(kind(Array(bytes.prefix(5))) == .truncated)
        #expect(kind([0x58] + bytes.dropFirst()) == .badSignature)
        var otherVersion = bytes
        otherVersion[3] = 2
        #expect(kind(otherVersion) == .unsupportedVersion)
        var flipped = bytes
        flipped[10] ^= 0x01
        #expect(kind(flipped) == .checksumMismatch)
        #expect(kind(Array(bytes.dropLast())) == .checksumMismatch)
        #expect(kind(withChecksum(Array(bytes.dropLast(4)) + [0])) == .corrupt, "trailing bytes")
    }

    /// Rewrites the trailing checksum so that the structural checks are reached.
    func withChecksum(_ body: [UInt8]) -> [UInt8] {
        var writer = ByteWriter()
        writer.writeBytes(body)
        writer.writeUInt32(CRC32.checksum(body))
        return writer.bytes
    }

    @Test func corruptRecordsWithValidChecksumsAreRejected() throws {
        var writer = ByteWriter()
        writer.writeBytes(StoredItemCodec.signature)
        writer.writeByte(1)
        writer.writeByte(0)
        writer.writeString("id")
        writer.writeVarint(1)
        writer.writeString("pageCount")
        writer.writeByte(1)
        writer.writeString("three")
        writer.writeVarint(0)
        do {
            _ = try StoredItemCodec.decode(withChecksum(writer.bytes))
            Issue.record("accepted a string for pageCount")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.contains("pageCount"))
        }
        var huge = ByteWriter()
        huge.writeBytes(StoredItemCodec.signature)
        huge.writeByte(1)
        huge.writeByte(0)
        huge.writeVarint(UInt64.max)
        #expect(throws: StoredItemCodecError.self) { try StoredItemCodec.decode(withChecksum(huge.bytes)) }
    }

    @Test func randomMutationsNeverCrash() throws {
        let original = StoredItemCodec.encode(try Self.sampleItem())
        var generator = SplitMix64(state: 0x5EED)
        var decodedCount = 0
        for round in 0..<4000 {
            var body = Array(original.dropLast(4))
            let mutations = Int.random(in: 1...4, using: &generator)
            for _ in 0..<mutations {
                guard !body.isEmpty else { break }
                let position = Int.random(in: 0..<body.count, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: body[position] = UInt8.random(in: 0...255, using: &generator)
                case 1: body.remove(at: position)
                case 2: body.insert(UInt8.random(in: 0...255, using: &generator), at: position)
                default: body.removeLast(Int.random(in: 0...min(8, body.count), using: &generator))
                }
            }
            // Half the rounds keep a valid checksum so that the structural checks are exercised.
            let candidate = round % 2 == 0 ? withChecksum(body) : body + original.suffix(4)
            if let item = try? StoredItemCodec.decode(candidate) {
                decodedCount += 1
                #expect(try StoredItemCodec.decode(StoredItemCodec.encode(item)) == item)
            }
        }
        #expect(decodedCount < 4000)
    }

    @Test func relativeAndFileURLsRoundTrip() throws {
        let base = try #require(URL(string: "https://example.com/dir/"))
        let relative = try #require(URL(string: "page?q=1", relativeTo: base))
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        set.contentURL = relative
        set.thumbnailURL = URL(fileURLWithPath: "/tmp/a b.png")
        let item = try StoredItem(CSSearchableItem(uniqueIdentifier: "u", domainIdentifier: nil, attributeSet: set))
        #expect(item[attribute: "contentURL"]?.urlValue?.absoluteString == "https://example.com/dir/page?q=1")
        #expect(try StoredItemCodec.decode(StoredItemCodec.encode(item)) == item)
        #expect(try ItemJSONCodec.decodeItem(fromLine: ItemJSONCodec.encode(item)) == item)
    }
}
