import Foundation
import Limelight
import LimelightTestSupport
import Testing

/// `isUpdate`: an update changes what it sets, erases what it sets to nil, keeps the rest.
struct PartialUpdateTests {
    let store = TemporaryDirectory()

    func appIndex() throws -> AppIndex { try LimelightStore(path: store.path).app("com.example.app") }

    @Test func nilAttributesOfAnUpdateEraseThem() throws {
        let index = try appIndex()
        let key = CSCustomAttributeKey(keyName: "com_example_shelf")!
        let original = CSSearchableItemAttributeSet(contentType: "public.text")
        original.title = "Banjo chords"
        original.keywords = ["banjo"]
        original.contentDescription = "Open G tuning"
        original.setValue("top", forCustomKey: key)
        try index.apply([.index([try StoredItem(CSSearchableItem(uniqueIdentifier: "n1", domainIdentifier: nil, attributeSet: original))])], indexName: "")

        let change = CSSearchableItemAttributeSet(contentType: "public.text")
        change.title = "Banjo chords, revised"
        change.keywords = nil
        change.setValue(nil, forCustomKey: key)
        let update = CSSearchableItem(uniqueIdentifier: "n1", domainIdentifier: nil, attributeSet: change)
        update.isUpdate = true
        try index.apply([.index([try StoredItem(update)])], indexName: "")

        let stored = try #require(try index.record(identifier: "n1", indexName: "")).item
        #expect(stored[attribute: "title"] == .string("Banjo chords, revised"))
        #expect(stored[attribute: "keywords"] == nil)
        #expect(stored[attribute: "com_example_shelf"] == nil)
        #expect(stored[attribute: "contentDescription"] == .string("Open G tuning"))
    }

    @Test func setAgainAfterNilIsNotErased() throws {
        let change = CSSearchableItemAttributeSet(contentType: "public.text")
        change.title = nil
        change.title = "Back again"
        let update = CSSearchableItem(uniqueIdentifier: "n1", domainIdentifier: nil, attributeSet: change)
        update.isUpdate = true
        #expect(try StoredItem(update).erasedAttributes.isEmpty)
        // Not an update: nil only means "not set".
        let plain = CSSearchableItemAttributeSet(contentType: "public.text")
        plain.title = nil
        #expect(try StoredItem(CSSearchableItem(uniqueIdentifier: "n2", domainIdentifier: nil, attributeSet: plain)).erasedAttributes.isEmpty)
    }

    @Test func jsonNullErasesInAnUpdateAndRoundTrips() throws {
        let line = #"{"uniqueIdentifier": "n1", "isUpdate": true, "attributes": {"title": "New", "keywords": null}, "customAttributes": {"com_example_shelf": null}}"#
        let update = try ItemJSONCodec.decodeItem(fromLine: line)
        #expect(update.erasedAttributes == ["keywords", "com_example_shelf"])
        let again = try ItemJSONCodec.decodeItem(fromLine: ItemJSONCodec.encode(update))
        #expect(again.erasedAttributes == update.erasedAttributes)
        #expect(again[attribute: "title"] == .string("New"))
        // Outside an update, null is the same as leaving the attribute out.
        let plain = try ItemJSONCodec.decodeItem(fromLine: #"{"uniqueIdentifier": "n2", "attributes": {"keywords": null}}"#)
        #expect(plain.erasedAttributes.isEmpty)
        #expect(throws: ItemJSONError.self) {
            try ItemJSONCodec.decodeItem(fromLine: #"{"uniqueIdentifier": "n3", "isUpdate": true, "attributes": {"nonsense": null}}"#)
        }
    }
}
