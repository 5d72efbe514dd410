import Foundation

/// A searchable item as the index stores it: a plain, immutable-by-default value that is safe to pass
/// between tasks, with every attribute already checked.
///
/// Convert from and to ``CSSearchableItem`` with ``init(_:)`` and ``makeSearchableItem()``; encode it
/// with ``StoredItemCodec`` or ``ItemJSONCodec``.
public struct StoredItem: Sendable, Hashable {
    /// The app's key for the item.
    public var uniqueIdentifier: String
    /// The group the item belongs to, if any.
    public var domainIdentifier: String?
    /// The explicit expiration date; `nil` means the index's default applies
    /// (``CSSearchableItem/defaultExpirationInterval`` after indexing).
    public var expirationDate: Date?
    /// Whether the item updates only the attributes it sets (see ``applyingUpdate(_:)``).
    public var isUpdate: Bool
    /// The built-in attributes that were set, by property name; the derived `contentTypeTree` is not
    /// stored (see ``allAttributes``).
    public internal(set) var attributes: [String: AttributeValue]
    /// The app-declared attributes, by key name.
    public internal(set) var customAttributes: [String: CustomAttribute]
    /// For an update: the attributes (property or custom key names) it erases, those set to nil
    /// (see ``applyingUpdate(_:)``). Empty for other items.
    public internal(set) var erasedAttributes: Set<String> = []

    /// Creates a stored item, checking every attribute against the catalogue.
    ///
    /// - Parameters:
    ///   - uniqueIdentifier: The app's key for the item.
    ///   - domainIdentifier: The group the item belongs to.
    ///   - expirationDate: The explicit expiration date.
    ///   - isUpdate: Whether the item updates only the attributes it sets.
    ///   - attributes: Built-in attributes by property name or Spotlight alias.
    ///   - customAttributes: App-declared attributes.
    /// - Throws: ``AttributeError`` for an unknown or read-only attribute, a value of the wrong type or
    ///   an invalid value.
    public init(
        uniqueIdentifier: String, domainIdentifier: String? = nil, expirationDate: Date? = nil, isUpdate: Bool = false,
        attributes: [String: AttributeValue], customAttributes: [CustomAttribute] = []
    ) throws(AttributeError) {
        var checked: [String: AttributeValue] = [:]
        for (name, value) in attributes {
            guard let definition = AttributeCatalogue.attribute(named: name) else { throw .unknownAttribute(name) }
            checked[definition.name] = try definition.validate(value)
        }
        self.init(
            uncheckedIdentifier: uniqueIdentifier, domainIdentifier: domainIdentifier, expirationDate: expirationDate,
            isUpdate: isUpdate, attributes: checked, customAttributes: customAttributes
        )
    }

    /// Creates a stored item from values already checked.
    init(
        uncheckedIdentifier uniqueIdentifier: String, domainIdentifier: String?, expirationDate: Date?, isUpdate: Bool,
        attributes: [String: AttributeValue], customAttributes: [CustomAttribute]
    ) {
        self.uniqueIdentifier = uniqueIdentifier
        self.domainIdentifier = domainIdentifier
        self.expirationDate = expirationDate
        self.isUpdate = isUpdate
        self.attributes = attributes
        self.customAttributes = Dictionary(
            customAttributes.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// An item known only by its identifier: no attributes (a search hit that fetches none).
    init(identifierOnly uniqueIdentifier: String) {
        self.uniqueIdentifier = uniqueIdentifier
        domainIdentifier = nil
        expirationDate = nil
        isUpdate = false
        attributes = [:]
        customAttributes = [:]
    }

    /// Captures a searchable item.
    ///
    /// - Parameter item: The item; its attribute set is copied, not shared.
    /// - Throws: The first of the attribute set's ``CSSearchableItemAttributeSet/validationIssues``.
    public init(_ item: CSSearchableItem) throws(AttributeError) {
        let attributeSet = item.attributeSet
        try attributeSet.validate()
        self.init(
            uncheckedIdentifier: item.uniqueIdentifier, domainIdentifier: item.domainIdentifier,
            expirationDate: item.expirationDate, isUpdate: item.isUpdate,
            attributes: attributeSet.storedAttributes, customAttributes: attributeSet.customAttributes
        )
        if item.isUpdate { erasedAttributes = attributeSet.erasedAttributes }
    }

    /// The item's uniform type identifier, if set.
    public var contentType: String? { attributes["contentType"]?.stringValue }

    /// The stored attributes plus the derived `contentTypeTree`.
    public var allAttributes: [String: AttributeValue] {
        var all = attributes
        if let contentType { all["contentTypeTree"] = .strings(UTIConformance.typeTree(of: contentType)) }
        return all
    }

    /// Every attribute with its definition, built-in and custom, sorted by name: what the index
    /// text-indexes and stores as doc values.
    public var definedAttributes: [(definition: AttributeDefinition, value: AttributeValue)] {
        var result: [(definition: AttributeDefinition, value: AttributeValue)] = []
        for (name, value) in allAttributes {
            if let definition = AttributeCatalogue.attribute(named: name) { result.append((definition, value)) }
        }
        for custom in customAttributes.values { result.append((custom.definition, custom.value)) }
        return result.sorted { $0.definition.name < $1.definition.name }
    }

    /// The value of an attribute by property name, Spotlight alias or custom key name.
    ///
    /// - Parameter name: The attribute's name.
    public subscript(attribute name: String) -> AttributeValue? {
        if let canonical = AttributeCatalogue.canonicalName(of: name) {
            return canonical == "contentTypeTree" ? allAttributes[canonical] : attributes[canonical]
        }
        return customAttributes[name]?.value
    }

    /// The date the item expires when indexed at a given moment.
    ///
    /// - Parameter indexingDate: When the item is indexed.
    /// - Returns: ``expirationDate``, or `indexingDate` plus ``CSSearchableItem/defaultExpirationInterval``.
    public func expirationDate(indexedAt indexingDate: Date) -> Date {
        expirationDate ?? indexingDate.addingTimeInterval(CSSearchableItem.defaultExpirationInterval)
    }

    /// This stored item changed by an update: the update's attributes (built-in and custom) replace
    /// these, attributes the update does not set are kept, and the update's domain identifier and
    /// expiration date replace these when set. The result is not an update.
    ///
    /// - Parameter update: An item with ``isUpdate`` set (the flag itself is not checked).
    public func applyingUpdate(_ update: StoredItem) -> StoredItem {
        var merged = self
        merged.attributes.merge(update.attributes) { _, new in new }
        merged.customAttributes.merge(update.customAttributes) { _, new in new }
        for name in update.erasedAttributes where name != "contentType" {
            merged.attributes[name] = nil
            merged.customAttributes[name] = nil
        }
        merged.domainIdentifier = update.domainIdentifier ?? domainIdentifier
        merged.expirationDate = update.expirationDate ?? expirationDate
        merged.isUpdate = false
        return merged
    }

    /// A new searchable item with a new attribute set holding this item's attributes.
    public func makeSearchableItem() -> CSSearchableItem {
        let attributeSet = CSSearchableItemAttributeSet(contentType: contentType ?? UTIConformance.rootType)
        attributeSet.replaceState(
            attributes: attributes, custom: customAttributes.values.sorted { $0.name < $1.name })
        let item = CSSearchableItem(
            uniqueIdentifier: uniqueIdentifier, domainIdentifier: domainIdentifier, attributeSet: attributeSet)
        item.expirationDate = expirationDate
        item.isUpdate = isUpdate
        return item
    }
}
