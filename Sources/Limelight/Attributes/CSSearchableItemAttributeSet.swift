import Foundation
import Synchronization

/// The metadata of a searchable item: its content type and the values of its attributes.
///
/// Every built-in attribute has a typed property (`title`, `keywords`, `rating`, …, see the extensions)
/// and an entry in ``AttributeCatalogue``; all of them are stored in one dictionary, readable as
/// ``allAttributes`` so that the index can enumerate what is set. App-declared attributes live beside
/// them (``customAttributes``). Assigning `nil` erases an attribute.
///
/// Values are checked as they are set. The throwing setters (``set(_:for:)``,
/// ``setCustomValue(_:for:)``) report a bad value at once. The non-throwing ones (typed properties,
/// ``setValue(_:forCustomKey:)``, which keep Core Spotlight's signatures) leave the bad value out and
/// record the problem; ``validate()`` then throws it, and the index refuses the item, so a bad value is
/// never dropped silently.
///
/// Thread safety: the state lives behind a `Mutex`, so an attribute set may be shared between tasks;
/// each property access is atomic, a sequence of accesses is not.
public final class CSSearchableItemAttributeSet: Sendable, CustomStringConvertible {
    struct State: Sendable {
        var attributes: [String: AttributeValue] = [:]
        var custom: [String: CustomAttribute] = [:]
        var issues: [String: AttributeError] = [:]
        var people: [PeopleRole: [CSPerson]] = [:]
        /// Attributes explicitly set to nil: an update (`isUpdate`) erases them from the stored item.
        var erased: Set<String> = []

        /// Records `value` as the attribute's new value (nil: erased).
        mutating func record(_ value: AttributeValue?, for name: String) {
            attributes[name] = value
            issues[name] = nil
            if value == nil { erased.insert(name) } else { erased.remove(name) }
        }
    }

    /// The roles in which ``CSPerson`` values are kept.
    enum PeopleRole: Sendable, Hashable {
        case authors, primaryRecipients, additionalRecipients, hiddenAdditionalRecipients
    }

    private let state: Mutex<State>

    /// Creates an attribute set for items of a content type.
    ///
    /// - Parameter contentType: A uniform type identifier such as `public.image` or `public.message`.
    public init(contentType: String) {
        var initial = State()
        initial.attributes["contentType"] = .string(contentType)
        state = Mutex(initial)
    }

    /// Creates an attribute set for items of a content type (Core Spotlight's original initializer).
    ///
    /// - Parameter itemContentType: A uniform type identifier such as `public.image`.
    public convenience init(itemContentType: String) {
        self.init(contentType: itemContentType)
    }

    init(state initial: State) {
        state = Mutex(initial)
    }

    /// A copy that shares no state with this set.
    public func copy() -> CSSearchableItemAttributeSet {
        CSSearchableItemAttributeSet(state: state.withLock { $0 })
    }

    /// The uniform type identifier of the item, such as `public.image`.
    public var contentType: String? {
        get { self[string: "contentType"] }
        set { self[string: "contentType"] = newValue }
    }

    /// Every built-in attribute that has a value, by property name, including the derived
    /// `contentTypeTree`. Custom attributes are in ``customAttributes``.
    public var allAttributes: [String: AttributeValue] {
        var attributes = state.withLock { $0.attributes }
        if case .string(let type)? = attributes["contentType"] {
            attributes["contentTypeTree"] = .strings(UTIConformance.typeTree(of: type))
        }
        return attributes
    }

    /// The built-in attributes that were set directly: ``allAttributes`` without derived ones.
    public var storedAttributes: [String: AttributeValue] {
        state.withLock { $0.attributes }
    }

    /// The attributes (built-in names and custom key names) explicitly set to nil since the set was
    /// created: an item with `isUpdate` erases them from the stored item.
    var erasedAttributes: Set<String> { state.withLock { $0.erased } }

    /// The value of a built-in attribute, by property name or Spotlight alias.
    ///
    /// - Parameter name: A name such as `title` or `kMDItemTitle`.
    /// - Returns: The value, or `nil` when the attribute is unknown or not set.
    public subscript(attribute name: String) -> AttributeValue? {
        guard let canonical = AttributeCatalogue.canonicalName(of: name) else { return nil }
        if canonical == "contentTypeTree" { return allAttributes[canonical] }
        return state.withLock { $0.attributes[canonical] }
    }

    /// Sets or erases a built-in attribute, checking the value against the catalogue.
    ///
    /// A single element given for a list attribute is stored as a one-element list.
    ///
    /// - Parameters:
    ///   - value: The new value, or `nil` to erase the attribute.
    ///   - name: A property name (`pageCount`) or Spotlight alias (`kMDItemNumberOfPages`).
    /// - Throws: ``AttributeError``: `unknownAttribute`, `typeMismatch` (naming the expected type),
    ///   `readOnly` or `invalidValue`.
    public func set(_ value: AttributeValue?, for name: String) throws(AttributeError) {
        guard let definition = AttributeCatalogue.attribute(named: name) else { throw .unknownAttribute(name) }
        if definition.isReadOnly { throw .readOnly(definition.name) }
        let stored = try value.map { (value) throws(AttributeError) in try definition.validate(value) }
        state.withLock { $0.record(stored, for: definition.name) }
    }

    /// Stores a value checked by a typed property, or records why it was refused.
    func assign(_ value: AttributeValue?, to name: String) {
        guard let definition = AttributeCatalogue.attribute(named: name) else { return }
        do {
            let stored = try value.map { (value) throws(AttributeError) in try definition.validate(value) }
            state.withLock { $0.record(stored, for: name) }
        } catch {
            state.withLock {
                $0.attributes[name] = nil
                $0.issues[name] = error
            }
        }
    }

    /// The problems recorded by non-throwing setters that refused a value, sorted by attribute name.
    public var validationIssues: [AttributeError] {
        state.withLock { $0.issues.values.sorted { $0.attributeName < $1.attributeName } }
    }

    /// Throws the first recorded problem, if any: the index calls this before accepting an item.
    ///
    /// - Throws: The first of ``validationIssues``.
    public func validate() throws(AttributeError) {
        if let first = validationIssues.first { throw first }
    }

    /// A summary listing the set attributes.
    public var description: String {
        let names = allAttributes.keys.sorted() + customAttributes.map(\.name)
        return "CSSearchableItemAttributeSet(\(contentType ?? "no content type"): \(names.joined(separator: ", ")))"
    }

    // MARK: Custom attributes

    /// The app-declared attributes that have a value, sorted by name.
    public var customAttributes: [CustomAttribute] {
        state.withLock { $0.custom.values.sorted { $0.name < $1.name } }
    }

    /// The custom attribute with this name, if set.
    ///
    /// - Parameter name: A custom key name.
    public func customAttribute(named name: String) -> CustomAttribute? {
        state.withLock { $0.custom[name] }
    }

    /// Sets or erases a custom attribute, checking the value against the key.
    ///
    /// - Parameters:
    ///   - value: The new value (a list for a multi-valued key), or `nil` to erase it.
    ///   - key: The attribute's key.
    /// - Throws: ``AttributeError`` with code `typeMismatch` or `invalidValue`.
    public func setCustomValue(_ value: AttributeValue?, for key: CSCustomAttributeKey) throws(AttributeError) {
        let attribute = try value.map { (value) throws(AttributeError) in try CustomAttribute(key: key, value: value) }
        state.withLock {
            $0.custom[key.keyName] = attribute
            $0.issues[key.keyName] = nil
            if attribute == nil { $0.erased.insert(key.keyName) } else { $0.erased.remove(key.keyName) }
        }
    }

    /// Sets or erases a custom attribute (Core Spotlight's signature).
    ///
    /// Accepted values: `String`/`NSString`, numbers (`Int`, `Double`, `NSNumber`, …), `Bool`, `Date`,
    /// `Data`, `URL`, arrays of one of these, an ``AttributeValue``; `nil` or `NSNull` erases. Any other
    /// value is refused and recorded in ``validationIssues``.
    ///
    /// - Parameters:
    ///   - value: The new value.
    ///   - key: The attribute's key.
    public func setValue(_ value: Any?, forCustomKey key: CSCustomAttributeKey) {
        do {
            if let value, !(value is NSNull) {
                guard let converted = AttributeValue(bridging: value) else {
                    throw AttributeError.invalidValue(
                        key.keyName, reason: "values of type \(type(of: value)) cannot be stored")
                }
                try setCustomValue(converted, for: key)
            } else {
                try setCustomValue(nil, for: key)
            }
        } catch {
            state.withLock {
                $0.custom[key.keyName] = nil
                $0.issues[key.keyName] = error as? AttributeError
            }
        }
    }

    /// The value of a custom attribute in Core Spotlight's form: `String`, `NSNumber` (numbers and
    /// flags), `Date`, `Data`, `URL`, or an array of these.
    ///
    /// - Parameter key: The attribute's key; only its name is compared.
    /// - Returns: The value, or `nil` when not set.
    public func value(forCustomKey key: CSCustomAttributeKey) -> Any? {
        customAttribute(named: key.keyName)?.value.bridgedValue
    }

    func people(in role: PeopleRole) -> [CSPerson]? {
        state.withLock { $0.people[role] }
    }

    func setPeople(_ people: [CSPerson]?, in role: PeopleRole) {
        state.withLock { $0.people[role] = people }
    }

    /// Replaces the whole state, for decoders that already checked every value.
    func replaceState(attributes: [String: AttributeValue], custom: [CustomAttribute]) {
        state.withLock {
            $0.attributes = attributes
            $0.custom = Dictionary(custom.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
            $0.issues = [:]
        }
    }
}
