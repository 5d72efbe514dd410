import Foundation
import Testing

@testable import Limelight

@Suite("Attribute values and types")
struct AttributeValueTests {
    @Test func typesAndElementTypes() {
        #expect(AttributeType.strings.elementType == .string)
        #expect(AttributeType.string.listType == .strings)
        #expect(AttributeType.bool.listType == nil)
        #expect(AttributeType.allCases.filter(\.isMultiValued) == [.strings, .numbers, .dates, .urls])
        #expect(AttributeValue.integer(3) == .number(3))
        #expect(AttributeValue.urls([]).type == .urls)
    }

    @Test func coercionOnlyWrapsSingleElements() {
        #expect(AttributeValue.string("a").coerced(to: .strings) == .strings(["a"]))
        #expect(AttributeValue.number(1).coerced(to: .numbers) == .numbers([1]))
        #expect(AttributeValue.string("1").coerced(to: .number) == nil)
        #expect(AttributeValue.strings(["a"]).coerced(to: .string) == nil)
        #expect(AttributeValue.bool(true).coerced(to: .number) == nil)
    }

    @Test func textualElements() {
        #expect(AttributeValue.number(3).textualElements == ["3"])
        #expect(AttributeValue.number(2.5).textualElements == ["2.5"])
        #expect(AttributeValue.bool(false).textualElements == ["false"])
        #expect(AttributeValue.date(Date(timeIntervalSince1970: 0)).textualElements == ["1970-01-01T00:00:00Z"])
        #expect(AttributeValue.data(Data([1, 2])).textualElements.isEmpty)
    }

    @Test func bridgingLooseValues() throws {
        #expect(AttributeValue(bridging: "text") == .string("text"))
        #expect(AttributeValue(bridging: 7) == .number(7))
        #expect(AttributeValue(bridging: 2.5) == .number(2.5))
        #expect(AttributeValue(bridging: true) == .bool(true))
        #expect(AttributeValue(bridging: NSNumber(value: 4)) == .number(4))
        #expect(AttributeValue(bridging: ["a", "b"]) == .strings(["a", "b"]))
        #expect(AttributeValue(bridging: [1, 2]) == .numbers([1, 2]))
        let date = Date(timeIntervalSince1970: 100)
        #expect(AttributeValue(bridging: [date]) == .dates([date]))
        #expect(AttributeValue(bridging: [1, "mixed"] as [Any]) == nil)
        #expect(AttributeValue(bridging: [true, false]) == nil)
        #expect(AttributeValue(bridging: ["key": "value"]) == nil)
        #expect(AttributeValue(bridging: NSObject()) == nil)
        let url = try #require(URL(string: "https://example.com"))
        #expect(AttributeValue(bridging: url)?.bridgedValue as? URL == url)
        #expect((AttributeValue.number(5).bridgedValue as? NSNumber)?.intValue == 5)
    }
}
