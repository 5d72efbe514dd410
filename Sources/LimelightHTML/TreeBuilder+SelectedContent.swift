/// `<selectedcontent>` mirroring: a `select`'s `selectedcontent` element shows a copy of the
/// selected option's contents. Browsers keep it current while parsing; since the final tree is
/// all that is observable here, the copy is made once, after parsing.
extension TreeBuilder {
    /// Fills every `selectedcontent` element with a clone of its select's selected option.
    /// - Complexity: O(n) in the size of the tree; only runs when a `selectedcontent` was parsed.
    mutating func updateSelectedContent(in root: HTMLNode) {
        for select in root.descendantElements where select.isHTML(.select) {
            var selectedContent: HTMLNode?
            var firstOption: HTMLNode?
            var lastSelectedOption: HTMLNode?
            var stack: [HTMLNode] = select.children.reversed()
            while let node = stack.popLast() {
                if node.isHTML(.select) { continue }
                if node.isHTML(.selectedcontent) && selectedContent == nil { selectedContent = node }
                if node.isHTML(.option) {
                    if firstOption == nil { firstOption = node }
                    if node.attribute("selected") != nil { lastSelectedOption = node }
                }
                stack.append(contentsOf: node.children.reversed())
            }
            guard let selectedContent, let option = lastSelectedOption ?? firstOption else { continue }
            for child in selectedContent.children { child.removeFromParent() }
            for child in option.children { selectedContent.appendChild(Self.deepClone(child)) }
        }
    }

    /// A deep copy of `node` (iterative).
    static func deepClone(_ node: HTMLNode) -> HTMLNode {
        let root = HTMLNode(kind: node.kind, attributes: node.attributes)
        var pending: [(source: HTMLNode, copy: HTMLNode)] = [(node, root)]
        while let (source, copy) = pending.popLast() {
            if let contents = source.templateContents {
                let contentsCopy = HTMLNode(kind: contents.kind)
                copy.templateContents = contentsCopy
                pending.append((contents, contentsCopy))
            }
            for child in source.children {
                let childCopy = HTMLNode(kind: child.kind, attributes: child.attributes)
                copy.appendChild(childCopy)
                pending.append((child, childCopy))
            }
        }
        return root
    }
}
