import Foundation

/// Which ranking field (in the BM25F sense) an attribute's words count toward.
///
/// Matches in higher fields weigh more: a word found in the title outranks the same word found in the
/// keywords, which outranks the description, which outranks the full text.
public enum RankingField: String, Sendable, Hashable, CaseIterable {
    /// The item's name: `title`, `displayName`.
    case title
    /// Words chosen to describe the item: `keywords`, `alternateNames`, `contactKeywords`.
    case keywords
    /// A short description: `contentDescription`, `subject`, `headline`.
    case description
    /// The full text: `textContent`.
    case content
    /// Every other attribute.
    case other
}

/// The group of Core Spotlight attributes an attribute belongs to, following the sections of
/// `CSSearchableItemAttributeSet`'s documentation.
public enum AttributeCategory: String, Sendable, Hashable, CaseIterable {
    /// Names, descriptions, dates, identifiers and ranking signals common to every item.
    case general
    /// Attributes of documents: page counts, sizes, creators, fonts.
    case documents
    /// Attributes of events and tasks: start, end, due and completion dates.
    case events
    /// Attributes of audio and video content: duration, codecs, bit rates, people.
    case media
    /// Attributes of music: artist, album, composer, tempo, track number.
    case music
    /// Attributes of images: pixel sizes, camera settings, color.
    case images
    /// Attributes of places: address parts, coordinates, named locations.
    case places
    /// Attributes of messages and contacts: authors, recipients, addresses, phone numbers.
    case messages
    /// Attributes that place the item in a container, such as an album or a folder.
    case containment
    /// Attributes that enable quick actions: call, directions, app-defined actions.
    case actions
    /// Attributes that promise data or files for drag and drop.
    case itemProvider
    /// Attributes declared by the app with a ``CSCustomAttributeKey``.
    case custom
}

/// Whether and how an attribute's words are searched.
public enum AttributeSearchScope: String, Sendable, Hashable, CaseIterable {
    /// Matched only by comparisons that name the attribute; its words are not text-indexed.
    case notSearchable
    /// Text-indexed; matched by queries that name it and, for ``RankingField/content``, by `**`.
    case searchable
    /// Text-indexed and matched by `*`, `**` and typed (free-text) user queries.
    case searchableByDefault
}

/// The description of one attribute: its name, type, and how it is searched and ranked.
///
/// Built-in attributes come from ``AttributeCatalogue``; custom ones from ``init(customKey:type:)``.
public struct AttributeDefinition: Sendable, Hashable {
    /// The attribute's name as Core Spotlight spells its property (`title`, `contentCreationDate`).
    public let name: String
    /// The type every value of this attribute has.
    public let type: AttributeType
    /// The group the attribute belongs to.
    public let category: AttributeCategory
    /// Whether and how the attribute's words are searched.
    public let searchScope: AttributeSearchScope
    /// The ranking field the attribute's words count toward.
    public let rankingField: RankingField
    /// Spotlight metadata names (`kMDItemTitle`, …) that a query may use for this attribute.
    public let spotlightAliases: [String]
    /// The closed range every number of this attribute must lie in, when the attribute restricts it.
    public let allowedRange: ClosedRange<Double>?
    /// Whether the attribute is derived from others and cannot be set (`contentTypeTree`).
    public let isReadOnly: Bool
    /// A one-sentence description of the attribute.
    public let summary: String

    /// Whether the attribute holds a list of values.
    public var isMultiValued: Bool { type.isMultiValued }

    /// Whether the attribute's words are text-indexed.
    public var isSearchable: Bool { searchScope != .notSearchable }

    /// Whether the attribute is matched by `*` and by typed user queries.
    public var isSearchableByDefault: Bool { searchScope == .searchableByDefault }

    /// Whether the attribute is matched by `**`: the default-searchable attributes plus the full text.
    public var isSearchableByExtendedDefault: Bool {
        isSearchableByDefault || (isSearchable && rankingField == .content)
    }

    /// Whether the attribute was declared by the app rather than built in.
    public var isCustom: Bool { category == .custom }

    /// Creates a definition.
    ///
    /// - Parameters:
    ///   - name: The attribute's name.
    ///   - type: The type of its values.
    ///   - category: Its group.
    ///   - searchScope: Whether and how its words are searched.
    ///   - ranking: The ranking field its words count toward.
    ///   - aliases: Spotlight metadata names that also designate it.
    ///   - range: The range its numbers must lie in, if any.
    ///   - readOnly: Whether it is derived and cannot be set.
    ///   - summary: A one-sentence description.
    public init(
        _ name: String, _ type: AttributeType, _ category: AttributeCategory, _ searchScope: AttributeSearchScope,
        ranking: RankingField = .other, aliases: [String] = [], range: ClosedRange<Double>? = nil,
        readOnly: Bool = false, summary: String
    ) {
        self.name = name
        self.type = type
        self.category = category
        self.searchScope = searchScope
        self.rankingField = ranking
        self.spotlightAliases = aliases
        self.allowedRange = range
        self.isReadOnly = readOnly
        self.summary = summary
    }

    /// The definition of an app-declared attribute.
    ///
    /// - Parameters:
    ///   - customKey: The key that declares the attribute's name and search behavior.
    ///   - type: The type of the attribute's values (for a multi-valued key, a list type).
    public init(customKey: CSCustomAttributeKey, type: AttributeType) {
        let scope: AttributeSearchScope =
            customKey.isSearchableByDefault
            ? .searchableByDefault : (customKey.isSearchable ? .searchable : .notSearchable)
        self.init(customKey.keyName, type, .custom, scope, summary: "A custom attribute declared by the app.")
    }

    /// Checks a value against this definition and returns it in the stored form.
    ///
    /// A single element given for a list attribute becomes a one-element list. Numbers must be finite
    /// and lie in ``allowedRange``.
    ///
    /// - Parameter value: The value to store.
    /// - Returns: The value to store, possibly wrapped in a list.
    /// - Throws: ``AttributeError`` with code `readOnly`, `typeMismatch` or `invalidValue`.
    public func validate(_ value: AttributeValue) throws(AttributeError) -> AttributeValue {
        if isReadOnly { throw .readOnly(name) }
        guard var stored = value.coerced(to: type) else {
            throw .typeMismatch(name, expected: type, found: value.type)
        }
        // URLs are kept in absolute form, so that a relative URL equals itself after storage.
        switch stored {
        case .url(let url): stored = .url(Self.absolute(url))
        case .urls(let urls): stored = .urls(urls.map(Self.absolute))
        default: break
        }
        let numbers: [Double]
        switch stored {
        case .number(let number): numbers = [number]
        case .numbers(let list): numbers = list
        default: numbers = []
        }
        for number in numbers {
            guard number.isFinite else {
                throw .invalidValue(name, reason: "the number \(number) is not finite")
            }
            if let range = allowedRange, !range.contains(number) {
                throw .invalidValue(
                    name,
                    reason: "\(AttributeValue.format(number)) is outside the allowed range "
                        + "\(AttributeValue.format(range.lowerBound))…\(AttributeValue.format(range.upperBound))"
                )
            }
        }
        return stored
    }

    private static func absolute(_ url: URL) -> URL {
        url.baseURL == nil ? url : (URL(string: url.absoluteString) ?? url)
    }
}
