import Foundation
import Testing

@testable import Limelight

@Suite("CSSearchableItem and StoredItem")
struct ItemTests {
    @Test func identifiersAndDefaults() {
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        let item = CSSearchableItem(uniqueIdentifier: "a", domainIdentifier: "d", attributeSet: set)
        #expect(item.uniqueIdentifier == "a")
        #expect(item.domainIdentifier == "d")
        #expect(item.expirationDate == nil)
        #expect(!item.isUpdate)
        #expect(item.attributeSet === set)
        let generated = CSSearchableItem(uniqueIdentifier: nil, domainIdentifier: nil, attributeSet: set)
        #expect(UUID(uuidString: generated.uniqueIdentifier) != nil)
        let other = CSSearchableItem(uniqueIdentifier: nil, domainIdentifier: nil, attributeSet: set)
        #expect(other.uniqueIdentifier != generated.uniqueIdentifier)
    }

    @Test func defaultExpirationIsThirtyDaysAfterIndexing() {
        let item = CSSearchableItem(
            uniqueIdentifier: "a", domainIdentifier: nil,
            attributeSet: CSSearchableItemAttributeSet(contentType: "public.item"))
        let indexed = Date(timeIntervalSince1970: 1_000_000)
        #expect(CSSearchableItem.defaultExpirationInterval == 2_592_000)
        #expect(item.expirationDate(indexedAt: indexed) == indexed.addingTimeInterval(2_592_000))
        let explicit = Date(timeIntervalSince1970: 5)
        item.expirationDate = explicit
        #expect(item.expirationDate(indexedAt: indexed) == explicit)
    }

    @Test func storedItemRoundTripsThroughSearchableItem() throws {
        let set = CSSearchableItemAttributeSet(contentType: "public.jpeg")
        set.title = "Beach"
        set.keywords = ["sea"]
        let key = try #require(CSCustomAttributeKey(keyName: "com_example_likes"))
        set.setValue(12, forCustomKey: key)
        let item = CSSearchableItem(uniqueIdentifier: "p1", domainIdentifier: "album", attributeSet: set)
        item.expirationDate = Date(timeIntervalSince1970: 99)
        item.isUpdate = true
        let stored = try StoredItem(item)
        #expect(stored.contentType == "public.jpeg")
        #expect(stored[attribute: "title"] == .string("Beach"))
        #expect(stored[attribute: "com_example_likes"] == .number(12))
        #expect(stored[attribute: "contentTypeTree"]?.stringValues?.contains("public.image") == true)
        #expect(stored.definedAttributes.map(\.definition.name).contains("com_example_likes"))
        let rebuilt = stored.makeSearchableItem()
        #expect(rebuilt.attributeSet.title == "Beach")
        #expect(rebuilt.isUpdate)
        #expect(rebuilt.expirationDate == Date(timeIntervalSince1970: 99))
        #expect(try StoredItem(rebuilt) == stored)
    }

    @Test func storedItemRefusesInvalidAttributeSets() {
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        set.rating = 9
        let item = CSSearchableItem(uniqueIdentifier: "x", domainIdentifier: nil, attributeSet: set)
        #expect(throws: AttributeError.self) { try StoredItem(item) }
        #expect(throws: AttributeError.self) {
            try StoredItem(uniqueIdentifier: "x", attributes: ["pageCount": .string("3")])
        }
        #expect(throws: AttributeError.self) {
            try StoredItem(uniqueIdentifier: "x", attributes: ["bogus": .bool(true)])
        }
    }

    @Test func updatesMergeAttributes() throws {
        let original = try StoredItem(
            uniqueIdentifier: "a", domainIdentifier: "d",
            attributes: ["title": .string("Old"), "keywords": .strings(["k"])])
        let update = try StoredItem(
            uniqueIdentifier: "a", isUpdate: true, attributes: ["title": .string("New"), "rating": .number(3)])
        let merged = original.applyingUpdate(update)
        #expect(merged[attribute: "title"] == .string("New"))
        #expect(merged[attribute: "keywords"] == .strings(["k"]))
        #expect(merged[attribute: "rating"] == .number(3))
        #expect(merged.domainIdentifier == "d")
        #expect(!merged.isUpdate)
    }

    @Test func editingAndProjection() throws {
        var item = try StoredItem(
            uniqueIdentifier: "a", attributes: ["contentType": .string("public.png"), "title": .string("T")])
        try item.setAttribute(.string("desc"), for: "kMDItemDescription")
        try item.setAttribute(nil, for: "title")
        #expect(item[attribute: "contentDescription"] == .string("desc"))
        #expect(item[attribute: "title"] == nil)
        #expect(throws: AttributeError.self) { try item.setAttribute(.bool(true), for: "contentDescription") }
        #expect(throws: AttributeError.self) { try item.setAttribute(.strings([]), for: "contentTypeTree") }
        let key = try #require(CSCustomAttributeKey(keyName: "com_example_n"))
        try item.setCustomAttribute(.integer(4), for: key)
        let projected = item.keepingOnly(["kMDItemContentTypeTree", "com_example_n", "unknown"])
        #expect(projected.attributes.keys.sorted() == ["contentType"])
        #expect(projected[attribute: "contentTypeTree"]?.stringValues?.contains("public.image") == true)
        #expect(projected[attribute: "com_example_n"] == .number(4))
        #expect(item.keepingOnly([]).attributes.isEmpty)
        #expect(item.keepingOnly([]).uniqueIdentifier == "a")
    }
}
