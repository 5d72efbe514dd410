/// The engine field names the Core Spotlight layer writes.
///
/// Each searchable text attribute `a` becomes a text field `a` (folded words with positions). Other
/// attributes (not searchable, numbers, dates and custom attributes) get a keyword field `a#v`
/// holding their folded whole value(s), so that `a == "value"` and whole-value wildcards are
/// dictionary lookups; a built-in searchable attribute has none, and its whole-value comparisons
/// find candidates through its words and check them against the stored value (see
/// ``hasWholeValueField(_:)``). Numbers, dates (seconds since 1970) and booleans (0/1) become
/// numeric columns named after the attribute.
public enum IndexFields {
    /// The keyword field holding an attribute's folded whole values.
    public static func wholeValue(_ attribute: String) -> String { attribute + "#v" }

    /// Whether the attribute's whole values are indexed in ``wholeValue(_:)``: every attribute but
    /// the built-in searchable ones, whose text field already finds their values (a whole-value
    /// field would repeat every title and name in the dictionary), and data.
    static func hasWholeValueField(_ definition: AttributeDefinition) -> Bool {
        definition.type.elementType != .data && (definition.isCustom || !definition.isSearchable)
    }
    /// The named index the item belongs to ("" for the default index).
    public static let indexName = "_index"
    /// What the record is: ``RecordKind``.
    public static let kind = "_kind"
    /// Every dotted prefix of the domain identifier ("a", "a.b", …), for recursive deletion.
    public static let domainPath = "_domain"
    /// The names of the attributes the item has (presence tests).
    public static let present = "_present"
    /// The words of every custom attribute whose key is searchable by default, together (the
    /// attribute `*`, `**` and typed queries search besides the built-in ones); its whole values go
    /// to `_custom#v`. Each custom attribute also keeps its own fields, for queries that name it.
    public static let defaultSearchableCustom = "_custom"
    /// The column holding the expiration instant.
    public static let expires = "_expires"
    /// The column holding the time the item was indexed.
    public static let indexedAt = "_indexed"
    /// The column holding how many times related app history was viewed.
    public static let viewCount = "_views"
    /// The column holding the last time related app history was viewed.
    public static let lastViewed = "_lastViewed"
    /// Longest whole value kept in a `#v` field, in characters; longer values are cut (and verified
    /// against the stored value when queried).
    public static let wholeValueLimit = 200
    /// Position gap between the values of a multi-valued attribute, so phrases never span values.
    public static let valueGap: UInt32 = 16
}

/// What a record in an app's index is.
public enum RecordKind: String, Sendable {
    /// A searchable item indexed through `CSSearchableIndex`.
    case item
    /// App history donated through `NSUserActivity`.
    case activity
}
