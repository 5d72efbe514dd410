import LimelightHTML

/// Tree walks shared by the extractors. All are iterative, so a document nested thousands of
/// levels deep never exhausts the stack.
enum DocumentWalk {
    /// Calls `visit` for every element below `root` in document order (template contents are
    /// skipped, as in ``HTMLNode/descendantElements``).
    /// - Complexity: O(number of nodes).
    static func forEachElement(below root: HTMLNode, _ visit: (HTMLNode) -> Void) {
        // Nodes are visited through unretained references: `root` keeps the whole tree alive
        // for the duration of the walk and extractors never mutate the tree, so no node can be
        // freed while it is on the stack. This avoids a retain/release pair per node, which
        // dominates the walk because nodes with weak parents use side-table reference counts.
        withExtendedLifetime(root) {
            var stack: [Unmanaged<HTMLNode>] = []
            stack.reserveCapacity(64)
            pushElementChildren(of: root, onto: &stack)
            while let reference = stack.popLast() {
                reference._withUnsafeGuaranteedRef { node in
                    visit(node)
                    pushElementChildren(of: node, onto: &stack)
                }
            }
        }
    }

    /// Pushes the element children of `node` in reverse order, so they pop in document order.
    @inline(__always)
    private static func pushElementChildren(of node: HTMLNode, onto stack: inout [Unmanaged<HTMLNode>]) {
        let children = node.children
        var index = children.count
        while index > 0 {
            index -= 1
            let child = Unmanaged.passUnretained(children[index])
            if child._withUnsafeGuaranteedRef(\.isElement) { stack.append(child) }
        }
    }

    /// The DOM `textContent` of `node`, truncated after `limit` UTF-8 bytes so that one huge or
    /// repeatedly nested value cannot make extraction quadratic in memory.
    static func textContent(of node: HTMLNode, limit: Int = 65_536) -> String {
        if case .text(let text) = node.kind { return text }
        var result = ""
        var stack: [HTMLNode] = node.children.reversed()
        while let next = stack.popLast() {
            if case .text(let text) = next.kind {
                result += text
                if result.utf8.count >= limit { break }
            }
            if !next.children.isEmpty { stack.append(contentsOf: next.children.reversed()) }
        }
        return result
    }

    /// The text of an element's direct text children (the way a `<script>` or `<title>`
    /// holds its raw text).
    static func ownText(of node: HTMLNode) -> String {
        var result = ""
        for child in node.children {
            if case .text(let text) = child.kind { result += text }
        }
        return result
    }
}

/// Whitespace handling as HTML defines it (ASCII whitespace only).
enum HTMLWhitespace {
    /// Whether the scalar is ASCII whitespace (space, tab, LF, FF, CR).
    static func isASCIIWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0C}": return true
        default: return false
        }
    }

    /// The string without leading and trailing whitespace (Unicode whitespace, so that the
    /// non-breaking spaces pages put around titles go too).
    static func trimmed(_ string: String) -> String {
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        guard let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// The string with runs of whitespace collapsed to one space and the ends trimmed
    /// (how a browser shows a title).
    static func collapsed(_ string: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in string.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Splits on ASCII whitespace, dropping empty pieces (how `rel`, `itemprop` and `typeof` are
    /// split into tokens).
    static func tokens(_ string: String) -> [String] {
        string.unicodeScalars.split(whereSeparator: isASCIIWhitespace).map { String($0) }
    }

    /// The trimmed string, or nil when nothing is left.
    static func nonEmpty(_ string: String?) -> String? {
        guard let string else { return nil }
        let trimmed = trimmed(string)
        return trimmed.isEmpty ? nil : trimmed
    }
}
