extension StoredItem {
    /// Sets or erases a built-in attribute, checking the value against the catalogue.
    ///
    /// - Parameters:
    ///   - value: The new value, or `nil` to erase the attribute.
    ///   - name: A property name or Spotlight alias.
    /// - Throws: ``AttributeError``: `unknownAttribute`, `typeMismatch`, `readOnly` or `invalidValue`.
    public mutating func setAttribute(_ value: AttributeValue?, for name: String) throws(AttributeError) {
        guard let definition = AttributeCatalogue.attribute(named: name) else { throw .unknownAttribute(name) }
        if definition.isReadOnly { throw .readOnly(definition.name) }
        attributes[definition.name] = try value.map { (value) throws(AttributeError) in try definition.validate(value) }
    }

    /// Sets or erases a custom attribute, checking the value against the key.
    ///
    /// - Parameters:
    ///   - value: The new value, or `nil` to erase the attribute.
    ///   - key: The attribute's key.
    /// - Throws: ``AttributeError`` with code `typeMismatch` or `invalidValue`.
    public mutating func setCustomAttribute(
        _ value: AttributeValue?, for key: CSCustomAttributeKey
    ) throws(AttributeError) {
        customAttributes[key.keyName] = try value.map { (value) throws(AttributeError) in
            try CustomAttribute(key: key, value: value)
        }
    }

    /// This item with only the named attributes, as a query returns it when asked for some attributes.
    ///
    /// Names may be property names, Spotlight aliases or custom key names; unknown names are ignored.
    /// Asking for `contentTypeTree` keeps `contentType`, from which it is derived. Identifiers, the
    /// expiration date and the update flag are always kept.
    ///
    /// - Parameter names: The attributes to keep.
    /// - Returns: The reduced item.
    public func keepingOnly(_ names: some Sequence<String>) -> StoredItem {
        var keptBuiltIn: Set<String> = []
        var keptCustom: Set<String> = []
        for name in names {
            if let canonical = AttributeCatalogue.canonicalName(of: name) {
                keptBuiltIn.insert(canonical == "contentTypeTree" ? "contentType" : canonical)
            } else {
                keptCustom.insert(name)
            }
        }
        var reduced = self
        reduced.attributes = attributes.filter { keptBuiltIn.contains($0.key) }
        reduced.customAttributes = customAttributes.filter { keptCustom.contains($0.key) }
        return reduced
    }
}
