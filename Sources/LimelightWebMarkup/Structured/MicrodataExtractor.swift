import LimelightHTML

/// Reads HTML Microdata (`itemscope`, `itemtype`, `itemprop`, `itemref`, `itemid`) following the
/// WHATWG "microdata to JSON" algorithm.
///
/// Top-level items are elements with `itemscope` and no `itemprop`. An item's properties are
/// found by crawling its children and the elements its `itemref` names, not descending into
/// nested items, each element visited once; they are then put in tree order. A nested item that
/// is already being serialised higher up (a cycle through `itemref`) becomes `"ERROR"`, as does
/// nesting deeper than ``maximumNesting`` levels.
public enum MicrodataExtractor {
    /// The deepest item nesting followed.
    public static let maximumNesting = 64

    /// The top-level items of a document, in tree order.
    /// - Parameters:
    ///   - document: the parsed document (or any subtree).
    ///   - baseURL: the document's base URL, for `href`, `src`, `data` and `itemid` values.
    /// - Complexity: O(n) for documents without `itemref`; each `itemref` re-crawls the subtree
    ///   it names.
    public static func items(in document: HTMLNode, baseURL: String?) -> [StructuredDataItem] {
        var context = MicrodataContext(baseURL: baseURL)
        var topLevel: [HTMLNode] = []
        var order = 0
        DocumentWalk.forEachElement(below: document) { element in
            context.treeOrder[ObjectIdentifier(element)] = order
            order += 1
            if let id = element.attribute("id"), !id.isEmpty, context.elementsByID[id] == nil {
                context.elementsByID[id] = element
            }
            if element.attribute("itemscope") != nil, element.attribute("itemprop") == nil {
                topLevel.append(element)
            }
        }
        return topLevel.map { context.item(for: $0, ancestors: [ObjectIdentifier($0)]) }
    }
}

/// The lookups one extraction shares.
struct MicrodataContext {
    let baseURL: String?
    var treeOrder: [ObjectIdentifier: Int] = [:]
    var elementsByID: [String: HTMLNode] = [:]

    init(baseURL: String?) {
        self.baseURL = baseURL
    }

    /// Builds the item whose root is `element`. `ancestors` holds the items being built above it.
    func item(for element: HTMLNode, ancestors: Set<ObjectIdentifier>) -> StructuredDataItem {
        var item = StructuredDataItem()
        if let itemType = element.attribute("itemtype") { item.types = HTMLWhitespace.tokens(itemType) }
        if let itemID = element.attribute("itemid"), !HTMLWhitespace.trimmed(itemID).isEmpty {
            item.id = URLResolver.resolve(itemID, against: baseURL)
        }
        for propertyElement in properties(of: element) {
            guard let itemprop = propertyElement.attribute("itemprop") else { continue }
            var seen = Set<String>()
            let names = HTMLWhitespace.tokens(itemprop).filter { seen.insert($0).inserted }
            guard !names.isEmpty else { continue }
            let value = self.value(of: propertyElement, ancestors: ancestors)
            for name in names { item.add(value, to: name) }
        }
        return item
    }

    /// The crawl of the "properties of an item" algorithm.
    func properties(of root: HTMLNode) -> [HTMLNode] {
        var results: [HTMLNode] = []
        var memory: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var pending: [HTMLNode] = root.children.filter(\.isElement)
        if let itemref = root.attribute("itemref") {
            for id in HTMLWhitespace.tokens(itemref) {
                if let referenced = elementsByID[id] { pending.append(referenced) }
            }
        }
        while let current = pending.popLast() {
            guard memory.insert(ObjectIdentifier(current)).inserted else { continue }
            if current.attribute("itemscope") == nil {
                for child in current.children {
                    if child.isElement { pending.append(child) }
                }
            }
            if let itemprop = current.attribute("itemprop"), !HTMLWhitespace.tokens(itemprop).isEmpty {
                results.append(current)
            }
        }
        return results.sorted {
            (treeOrder[ObjectIdentifier($0)] ?? Int.max) < (treeOrder[ObjectIdentifier($1)] ?? Int.max)
        }
    }

    /// The property value of an element, by the element's kind.
    func value(of element: HTMLNode, ancestors: Set<ObjectIdentifier>) -> StructuredDataItem.Value {
        if element.attribute("itemscope") != nil {
            let identity = ObjectIdentifier(element)
            guard !ancestors.contains(identity), ancestors.count < MicrodataExtractor.maximumNesting else {
                return .error
            }
            return .item(item(for: element, ancestors: ancestors.union([identity])))
        }
        guard case .element(let name, .html) = element.kind else {
            return .text(DocumentWalk.textContent(of: element))
        }
        switch name {
        case "meta":
            return .text(element.attribute("content") ?? "")
        case "audio", "embed", "iframe", "img", "source", "track", "video":
            return .text(urlValue(element.attribute("src")))
        case "a", "area", "link":
            return .text(urlValue(element.attribute("href")))
        case "object":
            return .text(urlValue(element.attribute("data")))
        case "data", "meter":
            return .text(element.attribute("value") ?? "")
        case "time":
            if let datetime = element.attribute("datetime") { return .text(datetime) }
            return .text(DocumentWalk.textContent(of: element))
        default:
            return .text(DocumentWalk.textContent(of: element))
        }
    }

    /// A URL property value: the attribute resolved, or the empty string when absent.
    private func urlValue(_ attribute: String?) -> String {
        guard let attribute else { return "" }
        return URLResolver.resolve(attribute, against: baseURL)
    }
}
