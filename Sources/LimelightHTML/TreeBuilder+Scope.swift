/// Element scopes, implied end tags, resetting the insertion mode and the list of active
/// formatting elements (HTML §13.2.4.2, §13.2.4.3, §13.2.6.3).
extension TreeBuilder {
    enum Scope {
        case standard, listItem, button, table
    }

    /// Whether `node` ends a search in `scope`.
    private func isScopeBoundary(_ node: HTMLNode, _ scope: Scope) -> Bool {
        let id = node.tagID
        switch node.elementNamespace {
        case .html:
            switch scope {
            case .table: return id == .html || id == .table || id == .template
            case .standard: return id.isDefaultScopeBoundaryHTML
            case .listItem: return id.isDefaultScopeBoundaryHTML || id == .ol || id == .ul
            case .button: return id.isDefaultScopeBoundaryHTML || id == .button
            }
        case .mathML: return scope != .table && id.isMathMLScopeBoundary
        case .svg: return scope != .table && id.isSVGScopeBoundary
        case nil: return false
        }
    }

    /// Whether an HTML element named `id` is in the given scope.
    func hasElementInScope(_ id: TagID, _ scope: Scope = .standard) -> Bool {
        guard hasOpenElement(id) else { return false }
        for node in openElements.reversed() {
            if node.isHTML(id) { return true }
            if isScopeBoundary(node, scope) { return false }
        }
        return false
    }

    /// Whether any HTML element whose name satisfies `predicate` is in the given scope.
    func hasElementInScope(where predicate: (TagID) -> Bool, _ scope: Scope = .standard) -> Bool {
        for node in openElements.reversed() {
            if node.isHTML(where: predicate) { return true }
            if isScopeBoundary(node, scope) { return false }
        }
        return false
    }

    /// Whether `target` is on the stack and in (default) scope.
    func hasElementInScope(node target: HTMLNode) -> Bool {
        guard target.isOnOpenElementStack else { return false }
        for node in openElements.reversed() {
            if node === target { return true }
            if isScopeBoundary(node, .standard) { return false }
        }
        return false
    }

    /// Generates implied end tags, except for HTML elements named `excluded`.
    mutating func generateImpliedEndTags(except excluded: TagID? = nil) {
        while let node = currentNode, node.isHTML(where: \.hasImpliedEndTag) {
            if let excluded, node.tagID == excluded { return }
            pop()
        }
    }

    mutating func generateImpliedEndTagsThoroughly() {
        while let node = currentNode, node.isHTML(where: \.hasImpliedEndTagThoroughly) {
            pop()
        }
    }

    /// "Close a p element".
    mutating func closePElement() {
        generateImpliedEndTags(except: .p)
        if !currentNodeIsHTML(.p) { parseError() }
        popUntilHTMLElementPopped(.p)
    }

    mutating func closePElementIfInButtonScope() {
        if hasElementInScope(.p, .button) { closePElement() }
    }

    /// Resets the insertion mode appropriately (§13.2.4.1).
    mutating func resetInsertionMode() {
        // Fast path: with none of the names the walk looks for open (but html and body), the
        // answer is known without walking a possibly very deep stack.
        if contextElement == nil && !TagID.resetModeNames.contains(where: hasOpenElement) {
            if hasOpenElement(.body) {
                mode = .inBody
            } else {
                mode = headElement == nil ? .beforeHead : .afterHead
            }
            return
        }
        var index = openElements.count - 1
        while index >= 0 {
            var node = openElements[index]
            let last = index == 0
            if last, let contextElement { node = contextElement }
            if node.elementNamespace == .html {
                switch node.tagID {
                case .td where !last, .th where !last:
                    mode = .inCell
                    return
                case .tr:
                    mode = .inRow
                    return
                case .tbody, .thead, .tfoot:
                    mode = .inTableBody
                    return
                case .caption:
                    mode = .inCaption
                    return
                case .colgroup:
                    mode = .inColumnGroup
                    return
                case .table:
                    mode = .inTable
                    return
                case .template:
                    mode = templateModes.last ?? .inBody
                    return
                case .head where !last:
                    mode = .inHead
                    return
                case .body:
                    mode = .inBody
                    return
                case .frameset:
                    mode = .inFrameset
                    return
                case .html:
                    mode = headElement == nil ? .beforeHead : .afterHead
                    return
                default:
                    break
                }
            }
            if last {
                mode = .inBody
                return
            }
            index -= 1
        }
        mode = .inBody
    }

    // MARK: - Active formatting elements

    /// How far back the Noah's Ark clause looks for equal elements. Real documents never come
    /// close; the bound keeps adversarial input (thousands of distinct open formatting elements)
    /// linear.
    static let noahsArkScanLimit = 1024

    /// Pushes an element onto the list, applying the Noah's Ark clause (at most three equal
    /// elements after the last marker).
    mutating func pushActiveFormattingElement(_ node: HTMLNode, _ tag: TagToken) {
        var signature = FormattingSignature(of: tag)
        var matches = 0
        var earliestMatch: Int?
        var index = activeFormatting.count - 1
        let stop = max(0, activeFormatting.count - Self.noahsArkScanLimit)
        while index >= stop {
            let otherKey = activeFormattingSignatures[index].key
            if otherKey == FormattingSignature.marker.key { break }
            guard otherKey == signature.key, case .element(let other, let otherTag) = activeFormatting[index],
                activeFormattingSignatures[index].attributeHash(of: otherTag) == signature.attributeHash(of: tag)
            else {
                index -= 1
                continue
            }
            if otherTag.id == tag.id && otherTag.name == tag.name
                && other.elementNamespace == node.elementNamespace
                && Self.sameAttributes(otherTag.attributes, tag.attributes)
            {
                matches += 1
                earliestMatch = index
            }
            index -= 1
        }
        if matches >= 3, let earliestMatch { removeActiveFormattingEntry(at: earliestMatch) }
        appendActiveFormattingEntry(.element(node, tag), signature: signature)
    }

    mutating func appendActiveFormattingEntry(_ entry: FormattingEntry, signature: FormattingSignature = .marker) {
        activeFormatting.append(entry)
        activeFormattingSignatures.append(signature)
        entry.node?.isInActiveFormattingList = true
    }

    mutating func insertActiveFormattingEntry(_ node: HTMLNode, _ tag: TagToken, at index: Int) {
        activeFormatting.insert(.element(node, tag), at: index)
        activeFormattingSignatures.insert(FormattingSignature(of: tag), at: index)
        node.isInActiveFormattingList = true
    }

    mutating func removeActiveFormattingEntry(at index: Int) {
        activeFormatting[index].node?.isInActiveFormattingList = false
        activeFormatting.remove(at: index)
        activeFormattingSignatures.remove(at: index)
    }

    /// Replaces the element of entry `index` (same tag, so the signature is unchanged).
    mutating func replaceActiveFormattingElement(at index: Int, with node: HTMLNode, _ tag: TagToken) {
        activeFormatting[index].node?.isInActiveFormattingList = false
        activeFormatting[index] = .element(node, tag)
        node.isInActiveFormattingList = true
    }

    static func sameAttributes(_ first: [HTMLAttribute], _ second: [HTMLAttribute]) -> Bool {
        guard first.count == second.count else { return false }
        for attribute in first {
            guard second.contains(where: { $0.name == attribute.name && $0.value == attribute.value
                && $0.namespacePrefix == attribute.namespacePrefix }) else { return false }
        }
        return true
    }

    /// Reconstructs the active formatting elements (§13.2.4.3).
    mutating func reconstructActiveFormattingElements() {
        // Entries are read in place (`.node` of a subscript), not copied out with their tags.
        guard !activeFormatting.isEmpty, let lastNode = activeFormatting[activeFormatting.count - 1].node,
            !lastNode.isOnOpenElementStack
        else { return }
        var index = activeFormatting.count - 1
        // Rewind to the entry after the last marker or open element.
        while index > 0 {
            guard let node = activeFormatting[index - 1].node, !node.isOnOpenElementStack else { break }
            index -= 1
        }
        // Advance, creating each element.
        while index < activeFormatting.count {
            guard case .element(_, let tag) = activeFormatting[index] else { break }
            let newElement = insertElement(tag)
            replaceActiveFormattingElement(at: index, with: newElement, tag)
            index += 1
        }
    }

    mutating func clearActiveFormattingToLastMarker() {
        while let entry = activeFormatting.popLast() {
            activeFormattingSignatures.removeLast()
            guard let node = entry.node else { return }
            node.isInActiveFormattingList = false
        }
    }

    /// The index of `node` in the list of active formatting elements.
    /// - Complexity: O(1) when the node is not in the list.
    func indexInActiveFormatting(_ node: HTMLNode) -> Int? {
        guard node.isInActiveFormattingList else { return nil }
        return activeFormatting.lastIndex { $0.node === node }
    }
}
