/// The built-in Core Spotlight attributes: their names, types, search behavior and ranking fields.
///
/// Every typed property of ``CSSearchableItemAttributeSet`` has an entry here, and the query language
/// resolves attribute names here: by Core Spotlight property name (`contentCreationDate`) or by Spotlight
/// metadata alias (`kMDItemContentCreationDate`). Names are case-sensitive.
public enum AttributeCatalogue {
    /// Every built-in attribute, grouped by category in the order of Core Spotlight's documentation.
    public static let all: [AttributeDefinition] =
        generalAttributes + documentsAttributes + eventsAttributes + mediaAttributes + musicAttributes
        + imagesAttributes + placesAttributes + messagesAttributes + containmentAttributes
        + actionsAttributes + itemProviderAttributes

    /// Definitions by name and by alias. The first definition wins a clash (tests assert there is none).
    private static let byNameOrAlias: [String: AttributeDefinition] = {
        var table: [String: AttributeDefinition] = [:]
        for definition in all {
            for key in [definition.name] + definition.spotlightAliases where table[key] == nil {
                table[key] = definition
            }
        }
        return table
    }()

    /// The built-in attribute with this name or Spotlight alias.
    ///
    /// - Parameter name: A property name (`title`) or a Spotlight alias (`kMDItemTitle`); case-sensitive.
    /// - Returns: The definition, or `nil` when no built-in attribute has this name.
    /// - Complexity: O(1).
    public static func attribute(named name: String) -> AttributeDefinition? {
        byNameOrAlias[name]
    }

    /// The property name an attribute name or alias stands for (`kMDItemTitle` → `title`).
    ///
    /// - Parameter name: A property name or a Spotlight alias.
    /// - Returns: The canonical property name, or `nil` when no built-in attribute has this name.
    public static func canonicalName(of name: String) -> String? {
        byNameOrAlias[name]?.name
    }

    /// The attributes matched by the `*` attribute name and by typed user queries.
    public static let defaultSearchableAttributes: [AttributeDefinition] = all.filter(\.isSearchableByDefault)

    /// The attributes matched by the `**` attribute name: the default-searchable ones plus the full text.
    public static let extendedSearchableAttributes: [AttributeDefinition] = all.filter(\.isSearchableByExtendedDefault)

    /// The built-in attributes of one category.
    ///
    /// - Parameter category: The category; ``AttributeCategory/custom`` gives an empty list.
    public static func attributes(in category: AttributeCategory) -> [AttributeDefinition] {
        all.filter { $0.category == category }
    }

    /// Whether a name is taken by a built-in attribute or alias, so that a custom key cannot use it.
    ///
    /// - Parameter name: The name to check.
    public static func isReserved(_ name: String) -> Bool {
        byNameOrAlias[name] != nil
    }
}
