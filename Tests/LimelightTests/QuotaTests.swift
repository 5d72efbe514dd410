import Foundation
import Limelight
import LimelightTestSupport
import Testing

/// An app's quota counts its items: replacing items never exceeds it, adding past it fails and
/// applies nothing.
struct QuotaTests {
    let store = TemporaryDirectory()

    private func items(_ identifiers: Range<Int>) throws -> [StoredItem] {
        try identifiers.map { try StoredItem(uniqueIdentifier: "i\($0)", attributes: ["title": .string("item \($0)")]) }
    }

    @Test func replacingAtTheQuotaSucceedsAndAddingPastItFails() throws {
        let index = try LimelightStore(path: store.path, quotaPerApp: 10).app("com.example.quota")
        try index.apply([.index(try items(0..<10))], indexName: "")
        // Every item already exists: the batch replaces them and adds none.
        try index.apply([.index(try items(0..<10))], indexName: "")
        // The same identifier twice in one batch is one item.
        try index.apply([.index(try items(3..<5) + items(3..<5))], indexName: "")
        #expect(index.snapshot().documentCount == 10)
        let error = #expect(throws: CSIndexError.self) {
            try index.apply([.index(try items(5..<11))], indexName: "")
        }
        #expect(error?.code == .quotaExceeded)
        #expect(try index.record(identifier: "i5", indexName: "")?.item[attribute: "title"] == .string("item 5"))
        #expect(try index.record(identifier: "i10", indexName: "") == nil)
        // Deleting makes room again.
        try index.apply([.deleteIdentifiers(["i0"])], indexName: "")
        try index.apply([.index(try items(10..<11))], indexName: "")
        #expect(index.snapshot().documentCount == 10)
    }
}
