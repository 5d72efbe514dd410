/// A value of an app-declared attribute, together with the key that declares it.
public struct CustomAttribute: Sendable, Hashable {
    /// The key that names the attribute and says how it is searched.
    public let key: CSCustomAttributeKey
    /// The attribute's value; a list type for a multi-valued key.
    public let value: AttributeValue

    /// The attribute's name.
    public var name: String { key.keyName }

    /// The attribute's definition, with the value's type as the attribute's type.
    public var definition: AttributeDefinition {
        AttributeDefinition(customKey: key, type: value.type)
    }

    /// Checks a value against a key and pairs them.
    ///
    /// Multi-valued keys take lists; a single element is wrapped in a one-element list. Single-valued
    /// keys reject lists. Numbers must be finite.
    ///
    /// - Parameters:
    ///   - key: The declaring key.
    ///   - value: The value.
    /// - Throws: ``AttributeError`` with code `typeMismatch` or `invalidValue`.
    public init(key: CSCustomAttributeKey, value: AttributeValue) throws(AttributeError) {
        let expected: AttributeType
        if key.isMultiValued {
            guard let listType = value.type.isMultiValued ? value.type : value.type.listType else {
                throw .invalidValue(key.keyName, reason: "a multi-valued attribute cannot hold a \(value.type)")
            }
            expected = listType
        } else {
            guard !value.type.isMultiValued else {
                throw .invalidValue(key.keyName, reason: "a single-valued attribute cannot hold a list (\(value.type))")
            }
            expected = value.type
        }
        self.key = key
        self.value = try AttributeDefinition(customKey: key, type: expected).validate(value)
    }
}
