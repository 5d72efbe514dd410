/// The adoption agency algorithm (HTML §13.2.6.4.7, "in body", end tags of formatting elements).
extension TreeBuilder {
    /// Runs the algorithm for the end tag `subjectTag` (a formatting element's, so its name is
    /// interned). Returns false when the caller must instead act as described for
    /// "any other end tag".
    mutating func runAdoptionAgency(_ subjectTag: TagToken) -> Bool {
        let subject = subjectTag.id
        if let current = currentNode, current.isHTML(subject) {
            if !current.isInActiveFormattingList {
                pop()
                return true
            }
            // The usual case: closing the innermost formatting element, which is the current
            // node and the last entry of the list. The general steps below would find no
            // furthest block and do exactly this.
            if activeFormatting[activeFormatting.count - 1].node === current {
                pop()
                removeActiveFormattingEntry(at: activeFormatting.count - 1)
                return true
            }
        }
        for _ in 0..<8 {
            // The last formatting element named `subject` after the last marker.
            var formattingIndex: Int?
            var index = activeFormatting.count - 1
            while index >= 0 {
                guard case .element(let node, _) = activeFormatting[index] else { break }
                if node.isHTML(subject) {
                    formattingIndex = index
                    break
                }
                index -= 1
            }
            guard let formattingListIndex = formattingIndex,
                case .element(let formattingElement, let formattingTag) = activeFormatting[formattingListIndex]
            else { return false }

            guard formattingElement.isOnOpenElementStack,
                let formattingStackIndex = openElements.lastIndex(where: { $0 === formattingElement })
            else {
                parseError()
                removeActiveFormattingEntry(at: formattingListIndex)
                return true
            }
            guard hasElementInScope(node: formattingElement) else {
                parseError()
                return true
            }
            if formattingElement !== currentNode { parseError() }

            var furthestBlockIndex: Int?
            for candidate in (formattingStackIndex + 1)..<openElements.count where openElements[candidate].isSpecial {
                furthestBlockIndex = candidate
                break
            }
            guard let furthestIndex = furthestBlockIndex else {
                while let popped = pop(), popped !== formattingElement {}
                if let listIndex = indexInActiveFormatting(formattingElement) {
                    removeActiveFormattingEntry(at: listIndex)
                }
                return true
            }
            let furthestBlock = openElements[furthestIndex]
            let commonAncestor = openElements[formattingStackIndex - 1]
            var bookmark = formattingListIndex
            var lastNode = furthestBlock
            var nodeIndex = furthestIndex
            var innerCounter = 0
            // Nodes dropped from the stack are compacted once after the loop (the loop only
            // moves down the stack), keeping the algorithm linear in the stack depth.
            var droppedFromStack = false
            while true {
                innerCounter += 1
                nodeIndex -= 1
                let node = openElements[nodeIndex]
                if node === formattingElement { break }
                var listIndex = indexInActiveFormatting(node)
                if innerCounter > 3, let found = listIndex {
                    removeActiveFormattingEntry(at: found)
                    if found < bookmark { bookmark -= 1 }
                    listIndex = nil
                }
                guard let nodeListIndex = listIndex, case .element(_, let nodeTag) = activeFormatting[nodeListIndex]
                else {
                    node.isOnOpenElementStack = false
                    openElementCounts.remove(node)
                    droppedFromStack = true
                    continue
                }
                let replacement = createElement(nodeTag, namespace: .html)
                replaceActiveFormattingElement(at: nodeListIndex, with: replacement, nodeTag)
                openElements[nodeIndex] = replacement
                node.isOnOpenElementStack = false
                replacement.isOnOpenElementStack = true
                if lastNode === furthestBlock { bookmark = nodeListIndex + 1 }
                replacement.appendChild(lastNode)
                lastNode = replacement
            }
            if droppedFromStack {
                openElements.removeAll { !$0.isOnOpenElementStack }
            }
            insert(lastNode, at: appropriateInsertionPlace(overrideTarget: commonAncestor))

            let newElement = createElement(formattingTag, namespace: .html)
            furthestBlock.reparentChildren(to: newElement)
            furthestBlock.appendChild(newElement)

            if let oldListIndex = indexInActiveFormatting(formattingElement) {
                removeActiveFormattingEntry(at: oldListIndex)
                if oldListIndex < bookmark { bookmark -= 1 }
            }
            bookmark = min(max(bookmark, 0), activeFormatting.count)
            insertActiveFormattingEntry(newElement, formattingTag, at: bookmark)

            removeFromStack(formattingElement)
            if let furthestStackIndex = openElements.lastIndex(where: { $0 === furthestBlock }) {
                openElements.insert(newElement, at: furthestStackIndex + 1)
                newElement.isOnOpenElementStack = true
                openElementCounts.add(newElement)
            }
        }
        return true
    }
}
