/// All schema.org entities of a page in one model, whichever syntax declared them.
///
/// JSON-LD objects are used as they are; Microdata and RDFa items are turned into JSON-LD-like
/// nodes (``StructuredDataItem/linkedDataNode``). Types and property names are compared without
/// their vocabulary (`https://schema.org/Recipe`, `schema:Recipe` and `Recipe` are the same type)
/// and case-insensitively; `{"@id": …}` references to nodes declared elsewhere (`@graph`) are
/// followed.
public struct SchemaOrgGraph: Sendable {
    /// The deepest nesting walked when collecting entities.
    public static let maximumDepth = 64

    /// The top-level entities (JSON-LD objects and `@graph` members, then Microdata items, then
    /// RDFa items), in document order.
    public private(set) var topLevel: [JSONObject] = []
    /// Every typed entity at any depth, in document (pre-)order.
    public private(set) var entities: [JSONObject] = []
    private var nodesByID: [String: JSONObject] = [:]

    /// Types that describe the site or page chrome rather than the page's content.
    static let pageChromeTypes: Set<String> = [
        "website", "webpage", "breadcrumblist", "sitenavigationelement", "wpheader", "wpfooter", "wpsidebar",
        "searchaction", "listitem", "entrypoint", "readaction", "viewaction",
    ]
    /// Types that are usually the publisher or author rather than the subject.
    static let secondaryTypes: Set<String> = ["organization", "corporation", "person", "brand", "imageobject"]

    /// Builds the graph of a page's markup.
    public init(markup: WebPageMarkup) {
        var roots: [JSONValue] = markup.jsonLD
        roots += markup.microdata.map(\.linkedDataNode)
        roots += markup.rdfa.map(\.linkedDataNode)
        self.init(roots: roots)
    }

    /// Builds the graph of JSON-LD-like roots.
    public init(roots: [JSONValue]) {
        for root in roots {
            guard let object = root.objectValue else {
                for element in root.arrayValue ?? [] { if let object = element.objectValue { topLevel.append(object) } }
                continue
            }
            if let graph = object["@graph"] {
                for member in graph.asList { if let node = member.objectValue { topLevel.append(node) } }
                if !Self.types(of: object).isEmpty { topLevel.append(object) }
            } else {
                topLevel.append(object)
            }
        }
        var stack: [(value: JSONValue, depth: Int)] = topLevel.reversed().map { (.object($0), 0) }
        while let entry = stack.popLast() {
            let (value, depth) = (entry.value, entry.depth)
            guard depth < Self.maximumDepth else { continue }
            switch value {
            case .object(let object):
                if !Self.types(of: object).isEmpty { entities.append(object) }
                if let id = object["@id"]?.stringValue, object.members.count > 1, nodesByID[id] == nil {
                    nodesByID[id] = object
                }
                for member in object.members.reversed() where member.key != "@context" {
                    stack.append((member.value, depth + 1))
                }
            case .array(let elements):
                for element in elements.reversed() { stack.append((element, depth + 1)) }
            default:
                break
            }
        }
    }

    // MARK: Types

    /// The normalised (vocabulary-free, lowercased) types of a node.
    public static func types(of object: JSONObject) -> [String] {
        guard let declared = object["@type"] else { return [] }
        return declared.asList.compactMap { $0.stringValue.map(normalizedName) }
    }

    /// A type or property name without its vocabulary, lowercased (`https://schema.org/Offer` →
    /// `offer`).
    public static func normalizedName(_ name: String) -> String {
        localName(name).lowercased()
    }

    /// A type or property name without its schema.org vocabulary, case kept
    /// (`https://schema.org/Offer` → `Offer`).
    public static func localName(_ name: String) -> String {
        let trimmed = HTMLWhitespace.trimmed(name)
        let lower = trimmed.lowercased()
        for prefix in ["http://schema.org/", "https://schema.org/", "schema:", "http://schema.org#"]
        where lower.hasPrefix(prefix) {
            return String(trimmed.dropFirst(prefix.count))
        }
        return trimmed
    }

    /// Whether a node has one of the given (normalised) types.
    public static func isA(_ object: JSONObject, _ typeNames: Set<String>) -> Bool {
        types(of: object).contains { typeNames.contains($0) }
    }

    // MARK: Lookup

    /// The entity the page is about: a `WebPage`'s `mainEntity` when given, else the first
    /// top-level entity that is neither page chrome (`WebSite`, `BreadcrumbList`, …) nor usually
    /// secondary (`Organization`, `Person`), else the first secondary one, else the first.
    public var primaryEntity: JSONObject? {
        for node in topLevel where Self.isA(node, ["webpage", "itempage", "aboutpage", "collectionpage"]) {
            if let main = values(node, "mainEntity").first?.objectValue, !Self.types(of: main).isEmpty {
                return main
            }
        }
        let typed = topLevel.filter { !Self.types(of: $0).isEmpty }
        if let content = typed.first(where: {
            let types = Self.types(of: $0)
            return !types.allSatisfy { Self.pageChromeTypes.contains($0) || Self.secondaryTypes.contains($0) }
        }) {
            return content
        }
        if let secondary = typed.first(where: { Self.isA($0, Self.secondaryTypes) }) { return secondary }
        return typed.first
    }

    /// The first entity (at any depth, document order) with one of the given types.
    public func firstEntity(ofType typeNames: Set<String>) -> JSONObject? {
        entities.first { Self.isA($0, typeNames) }
    }

    /// The values of a property (as a list), references to `@id` nodes followed, JSON-LD value
    /// objects (`{"@value": …}`) unwrapped. Looks for the bare name and its `schema:` and IRI forms.
    public func values(_ object: JSONObject, _ property: String) -> [JSONValue] {
        let wanted = property.lowercased()
        var result: [JSONValue] = []
        for member in object.members where Self.normalizedName(member.key) == wanted {
            for value in member.value.asList { result.append(resolve(value)) }
        }
        return result
    }

    /// The first object value of a property.
    public func object(_ object: JSONObject, _ property: String) -> JSONObject? {
        values(object, property).lazy.compactMap(\.objectValue).first
    }

    /// The first text value of a property (see ``SchemaOrgValues/text(_:)``).
    public func text(_ object: JSONObject, _ property: String) -> String? {
        values(object, property).lazy.compactMap(SchemaOrgValues.text).first
    }

    /// The first numeric value of a property (see ``SchemaOrgValues/number(_:)``).
    public func number(_ object: JSONObject, _ property: String) -> Double? {
        values(object, property).lazy.compactMap(SchemaOrgValues.number).first
    }

    /// Follows an `{"@id": …}` reference and unwraps `{"@value": …}`.
    public func resolve(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return value }
        if let literal = object["@value"] { return literal }
        if object.members.count == 1, let id = object["@id"]?.stringValue, let node = nodesByID[id] {
            return .object(node)
        }
        return value
    }
}
