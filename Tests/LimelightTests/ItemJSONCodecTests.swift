import Foundation
import LimelightTestSupport
import Testing

@testable import Limelight

@Suite("JSON item codec")
struct ItemJSONCodecTests {
    static let fullLine = """
        {"uniqueIdentifier": "photo-1", "domainIdentifier": "album-7", "expirationDate": "2026-12-31T00:00:00Z", \
        "contentType": "public.jpeg", "attributes": {"title": "Beach \\"day\\"", "keywords": ["sea", "sand"], \
        "pixelWidth": 4032, "rating": 4.5, "userCreated": true, "contentCreationDate": "2026-01-10T09:30:00.250Z", \
        "contentURL": "https://example.com/p/1", "thumbnailData": "AAEC/w==", "kMDItemDescription": "A day out\\n"}, \
        "customAttributes": {"com_example_likes": {"type": "number", "value": 12, "searchable": false}, \
        "com_example_tags": {"type": "string", "value": ["x", "y"], "multiValued": true, "searchableByDefault": true}}}
        """

    @Test func decodesEveryKindOfValue() throws {
        let item = try ItemJSONCodec.decodeItem(fromLine: Self.fullLine)
        #expect(item.uniqueIdentifier == "photo-1")
        #expect(item.domainIdentifier == "album-7")
        #expect(item.expirationDate == ISO8601Date.parse("2026-12-31"))
        #expect(item.contentType == "public.jpeg")
        #expect(!item.isUpdate)
        #expect(item[attribute: "title"] == .string("Beach \"day\""))
        #expect(item[attribute: "keywords"] == .strings(["sea", "sand"]))
        #expect(item[attribute: "pixelWidth"] == .number(4032))
        #expect(item[attribute: "rating"] == .number(4.5))
        #expect(item[attribute: "userCreated"] == .bool(true))
        #expect(item[attribute: "contentCreationDate"] == .date(Date(timeIntervalSince1970: 1_768_037_400.25)))
        #expect(item[attribute: "contentURL"] == .url(try #require(URL(string: "https://example.com/p/1"))))
        #expect(item[attribute: "thumbnailData"] == .data(Data([0, 1, 2, 255])))
        #expect(item[attribute: "contentDescription"] == .string("A day out\n"))
        let likes = try #require(item.customAttributes["com_example_likes"])
        #expect(likes.value == .number(12))
        #expect(!likes.key.isSearchable)
        let tags = try #require(item.customAttributes["com_example_tags"])
        #expect(tags.value == .strings(["x", "y"]))
        #expect(tags.key.isMultiValued && tags.key.isSearchableByDefault)
    }

    @Test func roundTripsWithStableOrder() throws {
        let item = try ItemJSONCodec.decodeItem(fromLine: Self.fullLine)
        let encoded = ItemJSONCodec.encode(item)
        #expect(encoded.hasPrefix(#"{"uniqueIdentifier":"photo-1","domainIdentifier":"album-7","expirationDate":"#))
        #expect(!encoded.contains("\n"))
        let decoded = try ItemJSONCodec.decodeItem(fromLine: encoded)
        #expect(decoded == item)
        #expect(ItemJSONCodec.encode(decoded) == encoded, "encoding is deterministic")
        let pretty = ItemJSONCodec.encode(item, prettyPrinted: true)
        #expect(pretty.contains("\n  \"attributes\": {"))
        #expect(try ItemJSONCodec.decodeItem(fromLine: pretty) == item)
        let searchable = try ItemJSONCodec.decodeSearchableItem(fromLine: encoded)
        #expect(ItemJSONCodec.encode(searchable) == encoded)
    }

    @Test func minimalItemsAndUpdates() throws {
        let minimal = try ItemJSONCodec.decodeItem(fromLine: #"{"uniqueIdentifier":"a"}"#)
        #expect(minimal.contentType == "public.item")
        #expect(minimal.attributes.count == 1)
        let update = try ItemJSONCodec.decodeItem(
            fromLine: #"{"uniqueIdentifier":"a","isUpdate":true,"attributes":{"title":"t"}}"#)
        #expect(update.isUpdate)
        #expect(update.contentType == nil)
        #expect(ItemJSONCodec.encode(update) == #"{"uniqueIdentifier":"a","isUpdate":true,"attributes":{"title":"t"}}"#)
        let nulls = try ItemJSONCodec.decodeItem(
            fromLine: #"{"uniqueIdentifier":"a","domainIdentifier":null,"attributes":{"title":null}}"#)
        #expect(nulls.domainIdentifier == nil && nulls[attribute: "title"] == nil)
        let single = try ItemJSONCodec.decodeItem(
            fromLine: #"{"uniqueIdentifier":"a","attributes":{"keywords":"one"}}"#)
        #expect(single[attribute: "keywords"] == .strings(["one"]))
    }

    /// Each bad line, the error kind it must give, and the path it must name.
    static let badLines: [(String, ItemJSONError.Kind, String)] = [
        (#"{"uniqueIdentifier": "a""#, .malformedJSON, ""),
        ("not json", .malformedJSON, ""),
        (#"["uniqueIdentifier"]"#, .notAnObject, ""),
        (#""just a string""#, .notAnObject, ""),
        (#"{"attributes": {}}"#, .missingField, "uniqueIdentifier"),
        (#"{"uniqueIdentifier": ""}"#, .invalidValue, "uniqueIdentifier"),
        (#"{"uniqueIdentifier": 5}"#, .typeMismatch, "uniqueIdentifier"),
        (#"{"uniqueIdentifier": "a", "colour": "red"}"#, .unknownField, "colour"),
        (#"{"uniqueIdentifier": "a", "isUpdate": "yes"}"#, .typeMismatch, "isUpdate"),
        (#"{"uniqueIdentifier": "a", "attributes": []}"#, .typeMismatch, "attributes"),
        (#"{"uniqueIdentifier": "a", "attributes": {"colour": "red"}}"#, .unknownAttribute, "attributes.colour"),
        (#"{"uniqueIdentifier": "a", "attributes": {"pageCount": "3"}}"#, .typeMismatch, "attributes.pageCount"),
        (#"{"uniqueIdentifier": "a", "attributes": {"pageCount": true}}"#, .typeMismatch, "attributes.pageCount"),
        (#"{"uniqueIdentifier": "a", "attributes": {"userOwned": 1}}"#, .typeMismatch, "attributes.userOwned"),
        (#"{"uniqueIdentifier": "a", "attributes": {"keywords": ["a", 2]}}"#, .typeMismatch, "attributes.keywords[1]"),
        (#"{"uniqueIdentifier": "a", "attributes": {"title": ["a"]}}"#, .typeMismatch, "attributes.title"),
        (#"{"uniqueIdentifier": "a", "attributes": {"startDate": "tomorrow"}}"#, .invalidDate, "attributes.startDate"),
        (#"{"uniqueIdentifier": "a", "expirationDate": "2026-02-30"}"#, .invalidDate, "expirationDate"),
        (
            #"{"uniqueIdentifier": "a", "attributes": {"contentURL": "not a url"}}"#, .invalidURL,
            "attributes.contentURL"
        ),
        (
            #"{"uniqueIdentifier": "a", "attributes": {"thumbnailData": "@@@"}}"#, .invalidBase64,
            "attributes.thumbnailData"
        ),
        (#"{"uniqueIdentifier": "a", "attributes": {"rankingHint": 0}}"#, .invalidValue, "attributes.rankingHint"),
        (
            #"{"uniqueIdentifier": "a", "attributes": {"contentTypeTree": ["x"]}}"#, .invalidValue,
            "attributes.contentTypeTree"
        ),
        (
            #"{"uniqueIdentifier": "a", "attributes": {"contentType": "public.item"}}"#, .invalidValue,
            "attributes.contentType"
        ),
        (
            #"{"uniqueIdentifier": "a", "attributes": {"title": "x", "kMDItemTitle": "y"}}"#, .invalidValue,
            "attributes.title"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"bad.name": {"type": "string", "value": "x"}}}"#,
            .invalidCustomAttribute, "customAttributes.bad.name"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"value": "x"}}}"#, .missingField,
            "customAttributes.k_x.type"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "string"}}}"#, .missingField,
            "customAttributes.k_x.value"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "colour", "value": "x"}}}"#,
            .invalidCustomAttribute, "customAttributes.k_x.type"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "number", "value": "x"}}}"#,
            .typeMismatch, "customAttributes.k_x.value"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "string", "value": ["a"]}}}"#,
            .typeMismatch, "customAttributes.k_x.value"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "bool", "value": [true], "multiValued": true}}}"#,
            .invalidCustomAttribute, "customAttributes.k_x"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "string", "value": "x", "extra": 1}}}"#,
            .unknownField, "customAttributes.k_x.extra"
        ),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"k_x": {"type": "string", "value": "x", "unique": "no"}}}"#,
            .typeMismatch, "customAttributes.k_x.unique"
        ),
        (#"{"uniqueIdentifier": "a", "customAttributes": {"k_x": "x"}}"#, .typeMismatch, "customAttributes.k_x"),
        (
            #"{"uniqueIdentifier": "a", "customAttributes": {"title": {"type": "string", "value": "x"}}}"#,
            .invalidCustomAttribute, "customAttributes.title"
        ),
    ]

    @Test(arguments: badLines.indices)
    func rejectsBadLines(index: Int) {
        let (line, kind, path) = Self.badLines[index]
        do {
            let item = try ItemJSONCodec.decodeItem(fromLine: line)
            Issue.record("accepted \(line) as \(item)")
        } catch {
            #expect(error.kind == kind, "\(line): \(error)")
            #expect(error.path == path, "\(line): \(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func fileReaderAddsLineNumbers() throws {
        let text = """
            {"uniqueIdentifier": "a"}

            // a comment
            {"uniqueIdentifier": "b", "attributes": {"title": "B"}}
            """
        let items = try ItemJSONCodec.decodeItems(fromLines: text)
        #expect(items.map(\.uniqueIdentifier) == ["a", "b"])
        do {
            _ = try ItemJSONCodec.decodeItems(
                fromLines: text + "\n{\"uniqueIdentifier\": \"c\", \"attributes\": {\"pageCount\": \"x\"}}")
            Issue.record("accepted a bad line")
        } catch {
            #expect(error.lineNumber == 5)
            #expect(error.description.hasPrefix("line 5: attributes.pageCount: expected a number"))
        }
    }

    @Test func escapesStringsInOutput() throws {
        let item = try StoredItem(
            uniqueIdentifier: "q\"\\\u{01}é",
            attributes: ["contentType": .string("public.item"), "title": .string("tab\there")])
        let encoded = ItemJSONCodec.encode(item)
        #expect(encoded.contains(#""q\"\\\u0001é""#))
        #expect(try ItemJSONCodec.decodeItem(fromLine: encoded) == item)
    }

    @Test func nullCustomAttributesAreAbsent() throws {
        let item = try ItemJSONCodec.decodeItem(fromLine: #"{"uniqueIdentifier":"a","customAttributes":{"k_x":null}}"#)
        #expect(item.customAttributes.isEmpty)
    }

    @Test func randomMutationsNeverCrash() {
        let original = Array(Self.fullLine.utf8)
        var generator = SplitMix64(state: 0x150)
        var accepted = 0
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = UInt8.random(in: 0x20...0x7E, using: &generator)
                case 1: bytes.remove(at: position)
                default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: position)
                }
            }
            if let item = try? ItemJSONCodec.decodeItem(from: Data(bytes)) {
                accepted += 1
                let encoded = ItemJSONCodec.encode(item)
                let reencoded = (try? ItemJSONCodec.decodeItem(fromLine: encoded)).map { ItemJSONCodec.encode($0) }
                #expect(reencoded == encoded)
            }
        }
        #expect(accepted < 1500)
    }
}
