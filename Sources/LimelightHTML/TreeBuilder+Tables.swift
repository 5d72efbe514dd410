/// Table insertion modes: "in table", "in table text", "in caption", "in column group",
/// "in table body", "in row" and "in cell" (HTML §13.2.6.4.9–§13.2.6.4.15).
extension TreeBuilder {
    mutating func clearStackBackToTableContext() {
        while let node = currentNode, !node.isHTML(where: \.isTableContext) { pop() }
    }

    mutating func clearStackBackToTableBodyContext() {
        while let node = currentNode, !node.isHTML(where: \.isTableBodyContext) {
            pop()
        }
    }

    mutating func clearStackBackToTableRowContext() {
        while let node = currentNode, !node.isHTML(where: \.isTableRowContext) { pop() }
    }

    /// The "anything else" rules of "in table": process in body with foster parenting.
    mutating func processInTableAnythingElse(_ token: inout Token) -> Bool {
        parseError()
        fosterParenting = true
        let reprocess = handleInBody(&token)
        fosterParenting = false
        return reprocess
    }

    mutating func handleInTable(_ token: inout Token) -> Bool {
        switch token {
        case .characters:
            if let current = currentNode, current.isHTML(where: \.isTableTextTarget) {
                pendingTableText.removeAll(keepingCapacity: true)
                originalMode = mode
                mode = .inTableText
                return true
            }
        case .comment(let text):
            insertComment(text)
            return false
        case .doctype:
            parseError()
            return false
        case .startTag(let tag):
            switch tag.id {
            case .caption:
                clearStackBackToTableContext()
                appendActiveFormattingEntry(.marker)
                insertElement(tag)
                mode = .inCaption
                return false
            case .colgroup:
                clearStackBackToTableContext()
                insertElement(tag)
                mode = .inColumnGroup
                return false
            case .col:
                clearStackBackToTableContext()
                insertElement(.colgroup)
                mode = .inColumnGroup
                return true
            case .tbody, .tfoot, .thead:
                clearStackBackToTableContext()
                insertElement(tag)
                mode = .inTableBody
                return false
            case .td, .th, .tr:
                clearStackBackToTableContext()
                insertElement(.tbody)
                mode = .inTableBody
                return true
            case .table:
                parseError()
                guard hasElementInScope(.table, .table) else { return false }
                popUntilHTMLElementPopped(.table)
                resetInsertionMode()
                return true
            case .style, .script, .template:
                return handleInHead(&token)
            case .input:
                if Self.isHiddenInput(tag) {
                    parseError()
                    insertElement(tag)
                    pop()
                    return false
                }
            case .form:
                parseError()
                if hasTemplateOnStack || formElement != nil { return false }
                formElement = insertElement(tag)
                pop()
                return false
            default:
                break
            }
        case .endTag(let tag):
            switch tag.id {
            case .table:
                guard hasElementInScope(.table, .table) else {
                    parseError()
                    return false
                }
                popUntilHTMLElementPopped(.table)
                resetInsertionMode()
                return false
            case .body, .caption, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
                parseError()
                return false
            case .template:
                return handleInHead(&token)
            default:
                break
            }
        case .endOfFile:
            return handleInBody(&token)
        }
        return processInTableAnythingElse(&token)
    }

    mutating func handleInTableText(_ token: inout Token) -> Bool {
        if case .characters(let bytes) = token {
            if bytes.contains(0) {
                parseError()
                pendingTableText.append(contentsOf: bytes.lazy.filter { $0 != 0 })
            } else {
                pendingTableText.append(contentsOf: bytes)
            }
            return false
        }
        let pending = pendingTableText
        pendingTableText.removeAll(keepingCapacity: true)
        if !pending.isEmpty {
            if !CharacterRuns.isAllWhitespace(pending) {
                var characters = Token.characters(pending[...])
                _ = processInTableAnythingElse(&characters)
            } else {
                insertCharacters(pending)
            }
        }
        mode = originalMode
        return true
    }

    mutating func handleInCaption(_ token: inout Token) -> Bool {
        switch token {
        case .endTag(let tag) where tag.id == .caption:
            _ = closeCaption()
            return false
        case .startTag(let tag) where tag.id.isTableStructure:
            return closeCaption()
        case .endTag(let tag) where tag.id == .table:
            return closeCaption()
        case .endTag(let tag) where tag.id.isTableStructure && tag.id != .caption || tag.id == .body || tag.id == .html:
            parseError()
            return false
        default:
            return handleInBody(&token)
        }
    }

    /// Closes the caption; returns whether it was closed (so the token should be reprocessed).
    private mutating func closeCaption() -> Bool {
        guard hasElementInScope(.caption, .table) else {
            parseError()
            return false
        }
        generateImpliedEndTags()
        if !currentNodeIsHTML(.caption) { parseError() }
        popUntilHTMLElementPopped(.caption)
        clearActiveFormattingToLastMarker()
        mode = .inTable
        return true
    }

    mutating func handleInColumnGroup(_ token: inout Token) -> Bool {
        switch token {
        case .characters:
            if consumeLeadingWhitespace(&token, insert: true) { return false }
        case .comment(let text):
            insertComment(text)
            return false
        case .doctype:
            parseError()
            return false
        case .startTag(let tag):
            switch tag.id {
            case .html:
                return handleInBody(&token)
            case .col:
                insertElement(tag)
                pop()
                return false
            case .template:
                return handleInHead(&token)
            default:
                break
            }
        case .endTag(let tag):
            switch tag.id {
            case .colgroup:
                guard currentNodeIsHTML(.colgroup) else {
                    parseError()
                    return false
                }
                pop()
                mode = .inTable
                return false
            case .col:
                parseError()
                return false
            case .template:
                return handleInHead(&token)
            default:
                break
            }
        case .endOfFile:
            return handleInBody(&token)
        }
        guard currentNodeIsHTML(.colgroup) else {
            parseError()
            return false
        }
        pop()
        mode = .inTable
        return true
    }

    mutating func handleInTableBody(_ token: inout Token) -> Bool {
        switch token {
        case .startTag(let tag):
            switch tag.id {
            case .tr:
                clearStackBackToTableBodyContext()
                insertElement(tag)
                mode = .inRow
                return false
            case .th, .td:
                parseError()
                clearStackBackToTableBodyContext()
                insertElement(.tr)
                mode = .inRow
                return true
            case .caption, .col, .colgroup, .tbody, .tfoot, .thead:
                return leaveTableBody()
            default:
                break
            }
        case .endTag(let tag):
            switch tag.id {
            case .tbody, .tfoot, .thead:
                guard hasElementInScope(tag.id, .table) else {
                    parseError()
                    return false
                }
                clearStackBackToTableBodyContext()
                pop()
                mode = .inTable
                return false
            case .table:
                return leaveTableBody()
            case .body, .caption, .col, .colgroup, .html, .td, .th, .tr:
                parseError()
                return false
            default:
                break
            }
        default:
            break
        }
        return handleInTable(&token)
    }

    private mutating func leaveTableBody() -> Bool {
        guard hasElementInScope(where: \.isTableSection, .table) else {
            parseError()
            return false
        }
        clearStackBackToTableBodyContext()
        pop()
        mode = .inTable
        return true
    }

    mutating func handleInRow(_ token: inout Token) -> Bool {
        switch token {
        case .startTag(let tag):
            switch tag.id {
            case .th, .td:
                clearStackBackToTableRowContext()
                insertElement(tag)
                mode = .inCell
                appendActiveFormattingEntry(.marker)
                return false
            case .caption, .col, .colgroup, .tbody, .tfoot, .thead, .tr:
                return leaveRow()
            default:
                break
            }
        case .endTag(let tag):
            switch tag.id {
            case .tr:
                _ = leaveRow()
                return false
            case .table:
                return leaveRow()
            case .tbody, .tfoot, .thead:
                guard hasElementInScope(tag.id, .table) else {
                    parseError()
                    return false
                }
                return leaveRow()
            case .body, .caption, .col, .colgroup, .html, .td, .th:
                parseError()
                return false
            default:
                break
            }
        default:
            break
        }
        return handleInTable(&token)
    }

    private mutating func leaveRow() -> Bool {
        guard hasElementInScope(.tr, .table) else {
            parseError()
            return false
        }
        clearStackBackToTableRowContext()
        pop()
        mode = .inTableBody
        return true
    }

    mutating func handleInCell(_ token: inout Token) -> Bool {
        switch token {
        case .endTag(let tag) where tag.id.isCell:
            guard hasElementInScope(tag.id, .table) else {
                parseError()
                return false
            }
            generateImpliedEndTags()
            if !currentNodeIsHTML(tag.id) { parseError() }
            popUntilHTMLElementPopped(tag.id)
            clearActiveFormattingToLastMarker()
            mode = .inRow
            return false
        case .startTag(let tag) where tag.id.isTableStructure:
            guard hasElementInScope(where: \.isCell, .table) else {
                parseError()
                return false
            }
            closeCell()
            return true
        case .endTag(let tag)
        where tag.id == .body || tag.id == .caption || tag.id == .col || tag.id == .colgroup || tag.id == .html:
            parseError()
            return false
        case .endTag(let tag) where tag.id.isFosterTarget:
            guard hasElementInScope(tag.id, .table) else {
                parseError()
                return false
            }
            closeCell()
            return true
        default:
            return handleInBody(&token)
        }
    }

    private mutating func closeCell() {
        generateImpliedEndTags()
        if !(currentNode?.isHTML(where: \.isCell) ?? false) { parseError() }
        popUntilHTMLElementPopped(where: \.isCell)
        clearActiveFormattingToLastMarker()
        mode = .inRow
    }
}
