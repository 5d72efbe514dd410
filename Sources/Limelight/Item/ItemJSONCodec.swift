import Foundation

/// Reads and writes items as JSON, one object per line, for the command line and the daemon.
///
/// An item line:
///
///     {"uniqueIdentifier": "photo-1", "domainIdentifier": "album-7",
///      "expirationDate": "2026-12-31T00:00:00Z", "contentType": "public.jpeg", "isUpdate": false,
///      "attributes": {"title": "Beach", "keywords": ["sea", "sand"], "pixelWidth": 4032,
///                     "contentCreationDate": "2026-01-10T09:30:00Z", "thumbnailData": "iVBORw0K…"},
///      "customAttributes": {"com_example_photos_likes": {"type": "number", "value": 12,
///                            "searchable": false, "searchableByDefault": false,
///                            "unique": false, "multiValued": false}}}
///
/// Fields: `uniqueIdentifier` (required, a non-empty string); `domainIdentifier`, `expirationDate`
/// (ISO 8601), `contentType` (defaults to `public.item`, except in updates where it is left unchanged),
/// `isUpdate` (default `false`), `attributes`, `customAttributes` (all optional; `null` is the same as
/// absent). Any other field is an error.
///
/// Attribute values follow the catalogue's types: strings; numbers (integers or decimals, not quoted);
/// `true`/`false`; dates as ISO 8601 strings with or without fractional seconds or a zone (no zone
/// means UTC), or a plain `YYYY-MM-DD`; absolute URLs as strings; data as base64 strings; lists as
/// arrays (a single element is accepted for a list). Names may be property names or Spotlight aliases.
/// `contentType` belongs at the top level and `contentTypeTree` is derived, so neither may appear in
/// `attributes`.
///
/// A custom attribute is declared by its key name (ASCII letters, digits and underscores, see
/// ``CSCustomAttributeKey``) with `type` (`string`, `number`, `date`, `bool`, `url` or `data`: the
/// type of one element), `value`, and the optional key flags `searchable` (default `true`),
/// `searchableByDefault`, `unique` and `multiValued` (default `false`). A multi-valued attribute's
/// value is an array.
///
/// Encoding writes the same shape with a fixed member order (the order above; attributes and custom
/// attributes sorted by name), so equal items give equal lines.
public enum ItemJSONCodec {
    /// Decodes one line into a stored item.
    ///
    /// - Parameter line: One JSON object.
    /// - Returns: The item, with every attribute checked.
    /// - Throws: ``ItemJSONError`` naming the field or attribute and the reason; add the line number
    ///   with ``ItemJSONError/atLine(_:)``.
    public static func decodeItem(fromLine line: String) throws(ItemJSONError) -> StoredItem {
        try decodeItem(from: Data(line.utf8))
    }

    /// Decodes one JSON object into a stored item.
    ///
    /// - Parameter json: The bytes of one JSON object.
    /// - Returns: The item.
    /// - Throws: ``ItemJSONError``.
    public static func decodeItem(from json: Data) throws(ItemJSONError) -> StoredItem {
        try ItemJSONDecoding.item(from: JSONValue.parse(json))
    }

    /// Decodes one line into a searchable item.
    ///
    /// - Parameter line: One JSON object.
    /// - Returns: A new searchable item with a new attribute set.
    /// - Throws: ``ItemJSONError``.
    public static func decodeSearchableItem(fromLine line: String) throws(ItemJSONError) -> CSSearchableItem {
        try decodeItem(fromLine: line).makeSearchableItem()
    }

    /// Decodes a whole file of item lines; blank lines and lines starting with `//` are skipped.
    ///
    /// - Parameter text: The file's text.
    /// - Returns: The items in file order.
    /// - Throws: The first ``ItemJSONError``, with its 1-based line number.
    public static func decodeItems(fromLines text: String) throws(ItemJSONError) -> [StoredItem] {
        var items: [StoredItem] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            do {
                items.append(try decodeItem(fromLine: trimmed))
            } catch {
                throw error.atLine(lineNumber)
            }
        }
        return items
    }

    /// Encodes a stored item as one JSON object.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - prettyPrinted: Whether to spread the object over indented lines (for display); the default,
    ///     one line, is the item-file format.
    /// - Returns: The JSON text, without a trailing newline.
    public static func encode(_ item: StoredItem, prettyPrinted: Bool = false) -> String {
        ItemJSONEncoding.object(for: item).serialized(prettyPrinted: prettyPrinted)
    }

    /// Encodes a searchable item as one JSON object.
    ///
    /// Values its attribute set refused are not part of the item (see
    /// ``CSSearchableItemAttributeSet/validationIssues``).
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - prettyPrinted: Whether to spread the object over indented lines.
    /// - Returns: The JSON text.
    public static func encode(_ item: CSSearchableItem, prettyPrinted: Bool = false) -> String {
        let attributeSet = item.attributeSet
        let stored = StoredItem(
            uncheckedIdentifier: item.uniqueIdentifier, domainIdentifier: item.domainIdentifier,
            expirationDate: item.expirationDate, isUpdate: item.isUpdate,
            attributes: attributeSet.storedAttributes, customAttributes: attributeSet.customAttributes
        )
        return encode(stored, prettyPrinted: prettyPrinted)
    }
}
