import Foundation
import Testing

@testable import Limelight

@Suite("CSSearchableItemAttributeSet")
struct AttributeSetTests {
    @Test func typedPropertiesReadAndWriteTheDictionary() throws {
        let set = CSSearchableItemAttributeSet(contentType: "public.jpeg")
        set.title = "Beach"
        set.keywords = ["sea", "sand"]
        set.pixelWidth = 4032
        set.rating = NSNumber(value: 4.5)
        set.userCreated = NSNumber(value: true)
        let url = try #require(URL(string: "https://example.com/beach"))
        set.contentURL = url
        set.thumbnailData = Data([0xFF, 0xD8])
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        set.contentCreationDate = date

        let all = set.allAttributes
        #expect(all["title"] == .string("Beach"))
        #expect(all["keywords"] == .strings(["sea", "sand"]))
        #expect(all["pixelWidth"] == .number(4032))
        #expect(all["rating"] == .number(4.5))
        #expect(all["userCreated"] == .bool(true))
        #expect(all["contentURL"] == .url(url))
        #expect(all["thumbnailData"] == .data(Data([0xFF, 0xD8])))
        #expect(all["contentCreationDate"] == .date(date))
        #expect(all["contentType"] == .string("public.jpeg"))
        #expect(
            all["contentTypeTree"]
                == .strings(["public.jpeg", "public.image", "public.data", "public.content", "public.item"]))

        #expect(set.title == "Beach")
        #expect(set.pixelWidth?.intValue == 4032)
        #expect(set.userCreated?.boolValue == true)
        #expect(set.contentTypeTree?.first == "public.jpeg")
        #expect(set[attribute: "kMDItemTitle"] == .string("Beach"))
        #expect(set[attribute: "kMDItemContentTypeTree"] != nil)
        #expect(set.validationIssues.isEmpty)
    }

    @Test func assigningNilErases() {
        let set = CSSearchableItemAttributeSet(itemContentType: "public.item")
        set.title = "x"
        set.title = nil
        #expect(set.title == nil)
        #expect(set.allAttributes["title"] == nil)
        set.contentType = nil
        #expect(set.contentTypeTree == nil)
    }

    @Test func throwingSetterNamesTheAttributeAndType() throws {
        let set = CSSearchableItemAttributeSet(contentType: "com.adobe.pdf")
        try set.set(.integer(3), for: "pageCount")
        #expect(set.pageCount?.intValue == 3)
        try set.set(.string("Doc"), for: "kMDItemTitle")
        #expect(set.title == "Doc")
        do {
            try set.set(.string("three"), for: "pageCount")
            Issue.record("accepted a string for pageCount")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.attributeName == "pageCount")
            #expect(error.expectedType == .number)
            #expect(error.foundType == .string)
            #expect(error.message.contains("pageCount") && error.message.contains("number"))
        }
        #expect(set.pageCount?.intValue == 3, "a refused value leaves the old one")
        do {
            try set.set(.string("x"), for: "noSuchAttribute")
            Issue.record("accepted an unknown attribute")
        } catch {
            #expect(error.code == .unknownAttribute)
        }
        do {
            try set.set(.strings(["public.item"]), for: "contentTypeTree")
            Issue.record("accepted a derived attribute")
        } catch {
            #expect(error.code == .readOnly)
        }
        try set.set(nil, for: "pageCount")
        #expect(set.pageCount == nil)
    }

    @Test func outOfRangePropertyValuesAreReportedNotDropped() {
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        set.rankingHint = 500
        #expect(set.rankingHint == nil)
        #expect(set.validationIssues.map(\.attributeName) == ["rankingHint"])
        #expect(throws: AttributeError.self) { try set.validate() }
        set.rankingHint = 50
        #expect(set.validationIssues.isEmpty)
        set.latitude = NSNumber(value: 91.0)
        #expect(set.validationIssues.first?.code == .invalidValue)
    }

    @Test func customAttributes() throws {
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        let price = try #require(CSCustomAttributeKey(keyName: "com_example_price"))
        let tags = try #require(
            CSCustomAttributeKey(
                keyName: "com_example_tags", searchable: true, searchableByDefault: true, unique: false,
                multiValued: true))
        set.setValue(9.5, forCustomKey: price)
        set.setValue(["red", "blue"], forCustomKey: tags)
        #expect((set.value(forCustomKey: price) as? NSNumber)?.doubleValue == 9.5)
        #expect(set.value(forCustomKey: tags) as? [String] == ["red", "blue"])
        #expect(set.customAttributes.map(\.name) == ["com_example_price", "com_example_tags"])
        #expect(set.validationIssues.isEmpty)

        set.setValue(["key": 1], forCustomKey: price)
        #expect(set.value(forCustomKey: price) == nil)
        #expect(set.validationIssues.first?.attributeName == "com_example_price")
        set.setValue(nil, forCustomKey: price)
        #expect(set.validationIssues.isEmpty)

        set.setValue(["a", "b"], forCustomKey: price)
        #expect(set.validationIssues.first?.code == .invalidValue, "a list for a single-valued key")
        try set.setCustomValue(.date(Date(timeIntervalSince1970: 5)), for: price)
        #expect(set.value(forCustomKey: price) as? Date == Date(timeIntervalSince1970: 5))
        #expect(set.validationIssues.isEmpty)
    }

    @Test func copiesAreIndependent() {
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        set.title = "original"
        let copy = set.copy()
        copy.title = "changed"
        #expect(set.title == "original")
        #expect(copy.title == "changed")
    }

    @Test func concurrentWritesAreSafe() async {
        let set = CSSearchableItemAttributeSet(contentType: "public.item")
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { set.keywords = ["k\(index)"] }
                group.addTask { _ = set.allAttributes }
            }
        }
        #expect(set.keywords?.count == 1)
    }

    @Test func peopleDeriveSearchableAttributes() {
        let set = CSSearchableItemAttributeSet(contentType: "public.email-message")
        let ann = CSPerson(displayName: "Ann", handles: ["ann@example.com"], handleIdentifier: "emailAddresses")
        let bob = CSPerson(displayName: "Bob", handles: ["+1 555 0100"], handleIdentifier: "phoneNumbers")
        let cat = CSPerson(displayName: nil, handles: ["cat@example.com"], handleIdentifier: "")
        set.authors = [ann]
        set.primaryRecipients = [bob]
        set.additionalRecipients = [cat]
        #expect(set.authors == [ann])
        #expect(set.authorNames == ["Ann"])
        #expect(set.authorEmailAddresses == ["ann@example.com"])
        #expect(set.recipientNames == ["Bob"])
        #expect(set.recipientAddresses == ["+1 555 0100", "cat@example.com"])
        #expect(set.recipientEmailAddresses == ["cat@example.com"])
        set.primaryRecipients = nil
        set.additionalRecipients = nil
        #expect(set.recipientNames == nil && set.recipientAddresses == nil)
        bob.contactIdentifier = "contact-1"
        #expect(bob.contactIdentifier == "contact-1")
    }
}
