import Testing

@testable import Limelight

@Suite("Attribute catalogue")
struct AttributeCatalogueTests {
    /// Every attribute SPEC §1 names, with the type it must have.
    static let specAttributes: [(String, AttributeType)] = [
        ("title", .string), ("displayName", .string), ("contentDescription", .string), ("keywords", .strings),
        ("textContent", .string), ("contentURL", .url), ("thumbnailURL", .url), ("thumbnailData", .data),
        ("contentType", .string), ("contentCreationDate", .date), ("contentModificationDate", .date),
        ("rating", .number), ("ratingDescription", .string), ("rankingHint", .number), ("userCreated", .bool),
        ("userOwned", .bool), ("userCurated", .bool), ("domainIdentifier", .string),
        ("relatedUniqueIdentifier", .string), ("weakRelatedUniqueIdentifier", .string), ("identifier", .string),
        ("startDate", .date), ("endDate", .date), ("dueDate", .date), ("completionDate", .date), ("allDay", .bool),
        ("fileSize", .number), ("pageCount", .number), ("duration", .number), ("artist", .string),
        ("album", .string), ("composer", .string), ("genre", .string), ("pixelWidth", .number),
        ("pixelHeight", .number), ("latitude", .number), ("longitude", .number), ("altitude", .number),
        ("namedLocation", .string), ("city", .string), ("country", .string), ("postalCode", .string),
        ("thoroughfare", .string), ("fullyFormattedAddress", .string), ("supportsNavigation", .bool),
        ("phoneNumbers", .strings), ("emailAddresses", .strings), ("supportsPhoneCall", .bool),
        ("authorNames", .strings), ("recipientNames", .strings), ("contactKeywords", .strings),
        ("providerDataTypeIdentifiers", .strings), ("providerFileTypeIdentifiers", .strings),
        ("providerInPlaceFileTypeIdentifiers", .strings),
    ]

    @Test func namesAndAliasesAreUnique() {
        var seen: Set<String> = []
        for definition in AttributeCatalogue.all {
            for name in [definition.name] + definition.spotlightAliases {
                #expect(seen.insert(name).inserted, "\(name) appears twice")
            }
        }
        #expect(AttributeCatalogue.all.count > 150)
    }

    @Test(arguments: specAttributes.map(\.0))
    func everySpecAttributeIsPresentWithItsType(name: String) throws {
        let expected = try #require(Self.specAttributes.first { $0.0 == name }?.1)
        let definition = try #require(AttributeCatalogue.attribute(named: name), "\(name) is missing")
        #expect(definition.type == expected)
        #expect(definition.name == name)
    }

    @Test func aliasesResolveToTheirAttribute() throws {
        let pairs = [
            ("kMDItemTitle", "title"), ("kMDItemDisplayName", "displayName"), ("kMDItemTextContent", "textContent"),
            ("kMDItemKeywords", "keywords"), ("kMDItemContentType", "contentType"),
            ("kMDItemContentTypeTree", "contentTypeTree"), ("kMDItemContentCreationDate", "contentCreationDate"),
            ("kMDItemFSName", "displayName"), ("kMDItemAuthors", "authorNames"), ("kMDItemNumberOfPages", "pageCount"),
        ]
        for (alias, name) in pairs {
            #expect(AttributeCatalogue.attribute(named: alias)?.name == name, "\(alias)")
            #expect(AttributeCatalogue.canonicalName(of: alias) == name)
        }
    }

    @Test func lookupIsCaseSensitive() {
        #expect(AttributeCatalogue.attribute(named: "Title") == nil)
        #expect(AttributeCatalogue.attribute(named: "kmditemtitle") == nil)
        #expect(AttributeCatalogue.attribute(named: "nonsense") == nil)
    }

    @Test func defaultSearchableSetMatchesTheDocumentedRules() {
        let defaults = Set(AttributeCatalogue.defaultSearchableAttributes.map(\.name))
        for name in [
            "title", "displayName", "keywords", "contentDescription", "authorNames", "recipientNames",
            "namedLocation", "city",
        ] {
            #expect(defaults.contains(name), "\(name) should be searchable by default")
        }
        #expect(!defaults.contains("textContent"))
        #expect(!defaults.contains("contentType"))
        let extended = Set(AttributeCatalogue.extendedSearchableAttributes.map(\.name))
        #expect(extended == defaults.union(["textContent"]))
    }

    @Test func rankingFields() {
        func field(_ name: String) -> RankingField? { AttributeCatalogue.attribute(named: name)?.rankingField }
        #expect(field("title") == .title)
        #expect(field("displayName") == .title)
        #expect(field("keywords") == .keywords)
        #expect(field("alternateNames") == .keywords)
        #expect(field("contentDescription") == .description)
        #expect(field("textContent") == .content)
        #expect(field("city") == .other)
    }

    @Test func everyDefinitionIsConsistent() {
        for definition in AttributeCatalogue.all {
            #expect(!definition.summary.isEmpty, "\(definition.name) has no summary")
            if definition.isSearchableByDefault { #expect(definition.isSearchable) }
            if definition.isSearchable { #expect(definition.type.isTextual, "\(definition.name) is searchable text") }
            #expect(definition.category != .custom)
            for alias in definition.spotlightAliases { #expect(alias.hasPrefix("kMDItem")) }
        }
        #expect(AttributeCatalogue.all.filter(\.isReadOnly).map(\.name) == ["contentTypeTree"])
    }

    @Test func categoriesPartitionTheCatalogue() {
        let total = AttributeCategory.allCases.map { AttributeCatalogue.attributes(in: $0).count }.reduce(0, +)
        #expect(total == AttributeCatalogue.all.count)
        #expect(AttributeCatalogue.attributes(in: .custom).isEmpty)
        #expect(AttributeCatalogue.attributes(in: .itemProvider).count == 3)
    }

    @Test func validateChecksTypesRangesAndReadOnly() throws {
        let rankingHint = try #require(AttributeCatalogue.attribute(named: "rankingHint"))
        #expect(try rankingHint.validate(.integer(50)) == .number(50))
        #expect(throws: AttributeError.self) { try rankingHint.validate(.number(0)) }
        #expect(throws: AttributeError.self) { try rankingHint.validate(.number(101)) }
        #expect(throws: AttributeError.self) { try rankingHint.validate(.string("50")) }
        let keywords = try #require(AttributeCatalogue.attribute(named: "keywords"))
        #expect(try keywords.validate(.string("one")) == .strings(["one"]))
        let pageCount = try #require(AttributeCatalogue.attribute(named: "pageCount"))
        #expect(throws: AttributeError.self) { try pageCount.validate(.number(.nan)) }
        #expect(throws: AttributeError.self) { try pageCount.validate(.number(.infinity)) }
        let tree = try #require(AttributeCatalogue.attribute(named: "contentTypeTree"))
        do {
            _ = try tree.validate(.strings(["public.item"]))
            Issue.record("contentTypeTree accepted a value")
        } catch {
            #expect(error.code == .readOnly)
        }
    }
}
