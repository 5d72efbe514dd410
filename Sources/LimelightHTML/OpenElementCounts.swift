/// How many elements of each local name (any namespace) are on the stack of open elements, so
/// that scope checks and end-tag searches for names that are not open finish in O(1).
struct OpenElementCounts {
    /// Counts of interned names, indexed by `TagID.rawValue`.
    private var known = [Int](repeating: 0, count: TagID.count)
    /// Counts of names that are not interned.
    private var unknown: [String: Int] = [:]
    /// How many open elements are SVG or MathML elements.
    private(set) var foreignElements = 0

    /// Counts `node` as pushed.
    mutating func add(_ node: HTMLNode) {
        if node.elementNamespace != .html { foreignElements += 1 }
        if node.tagID == .unknown {
            unknown[node.localName, default: 0] += 1
        } else {
            known[Int(node.tagID.rawValue)] += 1
        }
    }

    /// Counts `node` as popped.
    mutating func remove(_ node: HTMLNode) {
        if node.elementNamespace != .html { foreignElements -= 1 }
        if node.tagID == .unknown {
            unknown[node.localName, default: 1] -= 1
        } else {
            known[Int(node.tagID.rawValue)] -= 1
        }
    }

    /// Whether an element named `id` (not `unknown`) is open.
    func contains(_ id: TagID) -> Bool {
        known[Int(id.rawValue)] > 0
    }

    /// Whether an element with the tag's name is open.
    func contains(_ tag: TagToken) -> Bool {
        tag.id == .unknown ? (unknown[tag.name] ?? 0) > 0 : contains(tag.id)
    }
}

extension HTMLNode {
    /// Whether this is an HTML element with the tag's name (interned or not).
    func isHTMLElement(matching tag: TagToken) -> Bool {
        tagID == tag.id && elementNamespace == .html && (tag.id != .unknown || localName == tag.name)
    }
}
