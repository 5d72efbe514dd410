import Foundation
import Testing

@testable import Limelight

@Suite("Custom attribute keys")
struct AttributeCustomKeyTests {
    @Test(arguments: ["com_example_app_rating", "a", "Ab9_", "x1"])
    func validNames(name: String) throws {
        let key = try #require(CSCustomAttributeKey(keyName: name))
        #expect(key.keyName == name)
        #expect(key.isSearchable)
        #expect(!key.isSearchableByDefault)
        #expect(!key.isUnique)
        #expect(!key.isMultiValued)
    }

    @Test(arguments: [
        "", "1abc", "_abc", "com.example.rating", "with space", "kMDItemCustom", "kMDanything", "dash-name",
        "café", "title", "kMDItemTitle", "colon:name", String(repeating: "a", count: 256),
    ])
    func invalidNames(name: String) {
        #expect(CSCustomAttributeKey(keyName: name) == nil)
        #expect(CSCustomAttributeKey.validationFailure(forKeyName: name) != nil)
    }

    @Test func flagsAndEquality() throws {
        let key = try #require(
            CSCustomAttributeKey(
                keyName: "com_example_tags", searchable: false, searchableByDefault: true, unique: true,
                multiValued: true))
        #expect(key.isSearchable, "searchable by default implies searchable")
        #expect(key.isSearchableByDefault && key.isUnique && key.isMultiValued)
        let same = try #require(
            CSCustomAttributeKey(
                keyName: "com_example_tags", searchable: true, searchableByDefault: true, unique: true,
                multiValued: true))
        #expect(key == same)
        #expect(key != CSCustomAttributeKey(keyName: "com_example_tags"))
        #expect(key.description == "com_example_tags")
    }

    @Test func customDefinitionFollowsTheKey() throws {
        let key = try #require(
            CSCustomAttributeKey(
                keyName: "com_example_notes", searchable: true, searchableByDefault: false, unique: false,
                multiValued: false))
        let attribute = try CustomAttribute(key: key, value: .string("hello"))
        #expect(attribute.definition.category == .custom)
        #expect(attribute.definition.searchScope == .searchable)
        #expect(attribute.definition.type == .string)
        #expect(attribute.definition.isCustom)
    }

    @Test func customValuesAreCheckedAgainstMultiplicity() throws {
        let single = try #require(CSCustomAttributeKey(keyName: "com_example_single"))
        let multi = try #require(
            CSCustomAttributeKey(
                keyName: "com_example_multi", searchable: true, searchableByDefault: false, unique: false,
                multiValued: true))
        #expect(throws: AttributeError.self) { try CustomAttribute(key: single, value: .strings(["a", "b"])) }
        #expect(try CustomAttribute(key: multi, value: .string("a")).value == .strings(["a"]))
        #expect(throws: AttributeError.self) { try CustomAttribute(key: multi, value: .bool(true)) }
        #expect(throws: AttributeError.self) { try CustomAttribute(key: single, value: .number(.nan)) }
    }
}
