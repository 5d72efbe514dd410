import Foundation
import LimelightCore
import LimelightQuery

/// The query planner's view of an app's index: attributes from ``AttributeCatalogue`` (names and
/// Spotlight aliases), any other name as an app's custom attribute, and the engine fields of
/// ``IndexFields``.
public struct CatalogueQuerySchema: QuerySchema {
    /// The snapshot whose items' attributes `*` and `**` stand for (nil: every attribute).
    private let snapshot: Snapshot?

    /// Creates the schema of any index: `*` and `**` stand for every attribute they may.
    public init() { snapshot = nil }

    /// Creates the schema of one snapshot of an index: `*` and `**` stand only for the attributes
    /// some item of the snapshot has, since the others match nothing. Of the hundred or so
    /// attributes `**` stands for, an app's items usually have a handful. They are worked out the
    /// first time a query of the snapshot uses `*` or `**`.
    public init(snapshot: Snapshot) { self.snapshot = snapshot }

    private var searched: SearchedAttributes? { snapshot?.derived(SearchedAttributes.init) }

    /// The planner description of a built-in attribute.
    public static func plannerAttribute(_ definition: AttributeDefinition) -> PlannerAttribute {
        let kind: PlannerAttribute.ValueKind
        switch definition.type.elementType {
        case .string, .url, .strings, .urls: kind = .string
        case .number, .numbers: kind = .number
        case .date, .dates: kind = .date
        case .bool: kind = .bool
        case .data: kind = .data
        }
        let textual = kind == .string
        return PlannerAttribute(
            name: definition.name, kind: kind, isMultiValued: definition.isMultiValued,
            textField: textual && definition.isSearchable ? definition.name : nil,
            wholeValueField: IndexFields.hasWholeValueField(definition) ? IndexFields.wholeValue(definition.name) : nil,
            column: textual || kind == .data ? nil : definition.name,
            impliesWordMatching: definition.name == "textContent")
    }

    /// The attribute called `name`; unknown names are treated as custom attributes.
    public func attribute(named name: String) -> PlannerAttribute? {
        if let definition = AttributeCatalogue.attribute(named: name) { return Self.plannerAttribute(definition) }
        guard !name.isEmpty else { return nil }
        return PlannerAttribute(
            name: name, kind: .inferred, isMultiValued: false, textField: name,
            wholeValueField: IndexFields.wholeValue(name), column: name)
    }

    /// The attributes `*` stands for.
    public var defaultSearchableAttributes: [PlannerAttribute] { searched?.defaultSearchable ?? Self.defaultAttributes }
    /// The attributes `**` stands for.
    public var extendedSearchableAttributes: [PlannerAttribute] { searched?.extendedSearchable ?? Self.extendedAttributes }

    private static let defaultAttributes = AttributeCatalogue.defaultSearchableAttributes.map(plannerAttribute) + [defaultSearchableCustom]
    private static let extendedAttributes = AttributeCatalogue.extendedSearchableAttributes.map(plannerAttribute) + [defaultSearchableCustom]

    /// The app's custom attributes declared searchable by default, searched as one attribute
    /// (``IndexFields/defaultSearchableCustom``).
    static let defaultSearchableCustom = PlannerAttribute(
        name: IndexFields.defaultSearchableCustom, kind: .string, isMultiValued: true,
        textField: IndexFields.defaultSearchableCustom, wholeValueField: IndexFields.wholeValue(IndexFields.defaultSearchableCustom),
        column: nil)

    /// ``IndexFields/present``.
    public var presenceField: String { IndexFields.present }
    /// ``IndexFields/wholeValueLimit``.
    public var wholeValueLimit: Int { IndexFields.wholeValueLimit }

    /// The textual values of an attribute in a stored record.
    public func storedStrings(of attribute: String, in stored: [UInt8]) -> [String] {
        // A stored built-in attribute is read alone, without decoding the whole item (the domain
        // and the content type tree are not among the stored attributes).
        if AttributeCatalogue.attribute(named: attribute)?.name == attribute, attribute != "domainIdentifier", attribute != "contentTypeTree" {
            return stored.withUnsafeBytes { stored in
                guard let itemBytes = StoredRecord.itemBytes(stored) else { return [] }
                return StoredItemCodec.attributeValue(named: attribute, in: itemBytes)?.textualElements ?? []
            }
        }
        guard let item = try? StoredRecord.decode(stored).item else { return [] }
        if attribute == "domainIdentifier" { return item.domainIdentifier.map { [$0] } ?? [] }
        if attribute == IndexFields.defaultSearchableCustom {
            return item.customAttributes.values.sorted { $0.name < $1.name }
                .filter { $0.key.isSearchableByDefault }.flatMap(\.value.textualElements)
        }
        return item[attribute: attribute]?.textualElements ?? []
    }

    /// The numeric values of an attribute in a stored record.
    public func storedNumbers(of attribute: String, in stored: [UInt8]) -> [Double] {
        guard let value = try? StoredRecord.decode(stored).item[attribute: attribute] else { return [] }
        switch value {
        case .number(let number): return [number]
        case .numbers(let numbers): return numbers
        case .date(let date): return [date.timeIntervalSince1970]
        case .dates(let dates): return dates.map(\.timeIntervalSince1970)
        case .bool(let flag): return [flag ? 1 : 0]
        default: return []
        }
    }
}

/// The attributes `*` and `**` stand for that some item of a snapshot has: those with a field or
/// column in one of its segments, or named among the attributes its items have (an attribute
/// holding data has neither).
private struct SearchedAttributes: Sendable {
    let defaultSearchable: [PlannerAttribute]
    let extendedSearchable: [PlannerAttribute]

    init(_ snapshot: Snapshot) {
        // A damaged dictionary leaves no names: every attribute is searched, and evaluation reports the damage.
        let names = try? Self.names(in: snapshot)
        func isHeld(_ attribute: PlannerAttribute) -> Bool {
            guard let names else { return true }
            return [attribute.name, attribute.textField, attribute.wholeValueField, attribute.column].contains { $0.map(names.contains) ?? false }
        }
        defaultSearchable = CatalogueQuerySchema().defaultSearchableAttributes.filter(isHeld)
        extendedSearchable = CatalogueQuerySchema().extendedSearchableAttributes.filter(isHeld)
    }

    /// The snapshot's field and column names, and the attribute names its presence field holds.
    private static func names(in snapshot: Snapshot) throws -> Set<String> {
        var names = Set<String>()
        for segment in snapshot.segments {
            names.formUnion(segment.reader.fieldNames)
            names.formUnion(segment.reader.columnNames)
            try segment.reader.field(IndexFields.present)?.dictionary.forEachTerm { term, _ in
                names.insert(String(decoding: term, as: UTF8.self))
                return true
            }
        }
        return names
    }
}
