/// The namespace of an element, as the WHATWG tree-construction algorithm assigns it.
public enum HTMLNamespace: String, Sendable, Hashable {
    case html = "http://www.w3.org/1999/xhtml"
    case svg = "http://www.w3.org/2000/svg"
    case mathML = "http://www.w3.org/1998/Math/MathML"
}

/// One attribute of an element. `namespacePrefix` is set only for adjusted foreign attributes
/// (`xlink:href`, `xml:lang`, `xmlns:xlink`).
public struct HTMLAttribute: Sendable, Hashable {
    /// The attribute's prefix (`xlink`, `xml`, `xmlns`) for adjusted foreign attributes, else nil.
    public var namespacePrefix: String?
    /// The attribute's local name, lowercased for HTML elements.
    public var name: String
    /// The attribute's value with character references decoded.
    public var value: String

    /// Creates an attribute.
    public init(namespacePrefix: String? = nil, name: String, value: String) {
        self.namespacePrefix = namespacePrefix
        self.name = name
        self.value = value
    }
}

/// A node of a parsed document tree.
///
/// Nodes are reference types because tree construction moves them between parents (the adoption
/// agency algorithm, foster parenting). A finished tree is only read, never mutated, by the
/// extractors.
public final class HTMLNode {
    /// What kind of node this is, with the data that belongs to that kind.
    public enum Kind {
        case document
        case documentFragment
        case doctype(name: String, publicIdentifier: String?, systemIdentifier: String?)
        case element(name: String, namespace: HTMLNamespace)
        case text(String)
        case comment(String)
    }

    /// The kind of node and its kind-specific data.
    public var kind: Kind
    /// The element's attributes in source order (empty for other kinds).
    public var attributes: [HTMLAttribute]
    /// The node's children in document order.
    public private(set) var children: [HTMLNode] = []
    /// The node's parent, or nil for the root or a detached node.
    public var parent: HTMLNode? { parentReference }
    /// The back pointer behind `parent`. It is unowned (no side-table reference counting, which
    /// makes building and walking trees several times faster than a weak reference) and is
    /// never left dangling: it is set only while this node is in the parent's `children`, and
    /// cleared when the node is removed or reparented and when the parent is deinitialized.
    private unowned(unsafe) var parentReference: HTMLNode?
    /// For a `template` element, its template contents (a document fragment); otherwise nil.
    public var templateContents: HTMLNode?
    /// Whether tree construction currently has this element on its stack of open elements.
    var isOnOpenElementStack = false
    /// Whether tree construction currently has this element in its list of active formatting elements.
    var isInActiveFormattingList = false
    /// The element's interned local name (`unknown` for unlisted names and for other kinds),
    /// fixed when the node is created; tree construction never changes an element's kind.
    let tagID: TagID
    /// The element's namespace, or nil for other kinds; fixed when the node is created.
    let elementNamespace: HTMLNamespace?
    /// Whether the node was created as a text node (read without copying `kind`).
    let isText: Bool

    /// Creates a detached node.
    public init(kind: Kind, attributes: [HTMLAttribute] = []) {
        self.kind = kind
        self.attributes = attributes
        if case .element(let name, let namespace) = kind {
            tagID = TagID(name: name)
            elementNamespace = namespace
        } else {
            tagID = .unknown
            elementNamespace = nil
        }
        if case .text = kind { isText = true } else { isText = false }
    }

    /// Creates a detached element whose name is already interned as `tagID`.
    init(elementNamed name: String, tagID: TagID, namespace: HTMLNamespace, attributes: [HTMLAttribute]) {
        kind = .element(name: name, namespace: namespace)
        self.attributes = attributes
        self.tagID = tagID
        elementNamespace = namespace
        isText = false
    }

    /// Whether this node is an element (answered without copying `kind`).
    public var isElement: Bool { elementNamespace != nil }

    /// The element's local name, or nil when this node is not an element.
    public var elementName: String? {
        if case .element(let name, _) = kind { return name }
        return nil
    }

    /// Whether this node is an HTML-namespace element with the given local name.
    public func isHTMLElement(_ name: String) -> Bool {
        if case .element(let n, .html) = kind { return n == name }
        return false
    }

    /// The value of the first attribute with this name (no namespace prefix), or nil.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name && $0.namespacePrefix == nil }?.value
    }

    /// Appends `child` as the last child, detaching it from any previous parent first.
    public func appendChild(_ child: HTMLNode) {
        child.removeFromParent()
        child.parentReference = self
        children.append(child)
    }

    /// Inserts `child` immediately before `reference`, which must be a child of this node;
    /// appends when `reference` is not a child.
    public func insertChild(_ child: HTMLNode, before reference: HTMLNode?) {
        child.removeFromParent()
        child.parentReference = self
        if let reference, let index = children.lastIndex(where: { $0 === reference }) {
            children.insert(child, at: index)
        } else {
            children.append(child)
        }
    }

    /// Detaches this node from its parent, if it has one.
    public func removeFromParent() {
        guard let parent = parentReference else { return }
        if let index = parent.children.lastIndex(where: { $0 === self }) {
            parent.children.remove(at: index)
        }
        parentReference = nil
    }

    /// Moves all of this node's children, in order, to the end of `newParent`'s children.
    public func reparentChildren(to newParent: HTMLNode) {
        let moving = children
        children.removeAll()
        for child in moving {
            child.parentReference = newParent
            newParent.children.append(child)
        }
    }

    /// The concatenated text of every text node below this node, in document order
    /// (the DOM's `textContent`).
    /// - Complexity: O(n) in the number of descendants; iterative, so deep trees are safe.
    public var textContent: String {
        var result = ""
        var stack: [HTMLNode] = [self]
        while let node = stack.popLast() {
            if case .text(let text) = node.kind { result += text }
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }

    /// Releases descendants iteratively so that freeing a very deep tree cannot overflow the stack.
    ///
    /// Leaves are freed with their parent's child list (their own deinit does nothing); only
    /// nodes that have children of their own wait on an explicit list, and each of those is
    /// emptied before it is freed, so no deinit ever recurses.
    deinit {
        guard !children.isEmpty || templateContents != nil else { return }
        var pending: [HTMLNode] = []
        Self.detachChildren(of: self, into: &pending)
        while var node = pending.popLast() {
            if isKnownUniquelyReferenced(&node) { Self.detachChildren(of: node, into: &pending) }
        }
    }

    /// Empties `node`'s child list and template contents, clearing the children's parent
    /// pointers, and appends the children that have descendants to `pending`.
    private static func detachChildren(of node: HTMLNode, into pending: inout [HTMLNode]) {
        let detached = node.children
        node.children = []
        for child in detached {
            child.parentReference = nil
            if !child.children.isEmpty || child.templateContents != nil { pending.append(child) }
        }
        if let contents = node.templateContents {
            pending.append(contents)
            node.templateContents = nil
        }
    }

    /// Every element below this node in document (pre-)order, not including this node.
    /// Template contents are not descended into.
    public var descendantElements: [HTMLNode] {
        var result: [HTMLNode] = []
        var stack: [HTMLNode] = children.reversed()
        while let node = stack.popLast() {
            if case .element = node.kind { result.append(node) }
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}
