import Foundation
@testable import Limelight
import LimelightCore
import Testing

/// The write-ahead log keeps only the stored records of mapped documents, so rebuilding a document
/// from its stored bytes must give exactly the document first indexed, for every kind of value.
@Suite struct DocumentDeriverTests {
    @Test func storedRecordsDeriveTheirDocumentsExactly() throws {
        let tags = try #require(CSCustomAttributeKey(keyName: "com_example_tags", searchable: true, searchableByDefault: true, unique: false, multiValued: true))
        let rating = try #require(CSCustomAttributeKey(keyName: "com_example_rating"))
        let created = Date(timeIntervalSince1970: 1_767_225_600.125)
        let items = [
            try StoredItem(
                uniqueIdentifier: "mail-1", domainIdentifier: "account.inbox.work", expirationDate: created.addingTimeInterval(86_400 * 30),
                attributes: [
                    "title": .string("Re: Frédéric's Café menu"), "authorNames": .strings(["Ana Ruiz", "Bo Li"]),
                    "contentCreationDate": .date(created), "fileSize": .number(102_644), "contentType": .string("public.email-message"),
                    "textContent": .string("Lunch at noon? 東京で会いましょう。 MyWindowClass broken-window"), "userCreated": .bool(true),
                    "contentURL": .url(URL(string: "https://example.com/mail/1")!), "thumbnailData": .data(Data([1, 2, 3])),
                ],
                customAttributes: [try CustomAttribute(key: tags, value: .strings(["urgent", "lunch"])), try CustomAttribute(key: rating, value: .number(4.5))]),
            try StoredItem(uniqueIdentifier: "plain", attributes: ["displayName": .string("Kenji Albany"), "keywords": .strings(["a", "b"])]),
            try StoredItem(uniqueIdentifier: "empty", attributes: [:]),
        ]
        for (index, item) in items.enumerated() {
            let record = StoredRecord(indexName: index == 1 ? "notes" : "", indexedAt: created.addingTimeInterval(Double(index) * 0.001), item: item)
            let document = RecordDocumentMapper.document(for: record)
            #expect(document.isDerivedFromStored)
            #expect(try LimelightStore.documentDeriver(document.key, document.stored) == document, "\(item.uniqueIdentifier)")
        }
        // Extra columns (an activity's views) are not in the stored record: such a document is logged whole.
        let record = StoredRecord(indexName: "", indexedAt: created, item: items[1])
        #expect(!RecordDocumentMapper.document(for: record, extraNumbers: ["views": 3]).isDerivedFromStored)
    }

    @Test func domainPrefixesNameEveryEnclosingDomain() {
        #expect(RecordDocumentMapper.domainPrefixes("inbox") == ["inbox"])
        #expect(RecordDocumentMapper.domainPrefixes("account.inbox.work") == ["account", "account.inbox", "account.inbox.work"])
        #expect(RecordDocumentMapper.domainPrefixes("a..b") == ["a", "a.", "a..b"])
        #expect(RecordDocumentMapper.domainPrefixes(".a") == ["", ".a"])
        #expect(RecordDocumentMapper.domainPrefixes("") == [""])
    }
}
