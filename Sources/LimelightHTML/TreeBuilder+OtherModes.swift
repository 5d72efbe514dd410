/// The "text", "in template", "after body", "in frameset",
/// "after frameset", "after after body" and "after after frameset" insertion modes
/// (HTML §13.2.6.4.8, §13.2.6.4.18–§13.2.6.4.23). Select elements are parsed by "in body"
/// (the customizable `<select>` content model), so there are no "in select" modes.
extension TreeBuilder {
    mutating func handleText(_ token: inout Token) -> Bool {
        switch token {
        case .characters(let bytes):
            insertCharacters(bytes)
            return false
        case .endOfFile:
            parseError()
            pop()
            mode = originalMode
            return true
        case .endTag:
            pop()
            mode = originalMode
            return false
        default:
            return false
        }
    }

    mutating func handleInTemplate(_ token: inout Token) -> Bool {
        switch token {
        case .characters, .comment, .doctype:
            return handleInBody(&token)
        case .startTag(let tag):
            let newMode: InsertionMode
            switch tag.id {
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
                return handleInHead(&token)
            case .caption, .colgroup, .tbody, .tfoot, .thead:
                newMode = .inTable
            case .col:
                newMode = .inColumnGroup
            case .tr:
                newMode = .inTableBody
            case .td, .th:
                newMode = .inRow
            default:
                newMode = .inBody
            }
            _ = templateModes.popLast()
            templateModes.append(newMode)
            mode = newMode
            return true
        case .endTag(let tag):
            if tag.id == .template { return handleInHead(&token) }
            parseError()
            return false
        case .endOfFile:
            guard hasTemplateOnStack else { return false }
            parseError()
            popUntilHTMLElementPopped(.template)
            clearActiveFormattingToLastMarker()
            _ = templateModes.popLast()
            resetInsertionMode()
            return true
        }
    }

    mutating func handleAfterBody(_ token: inout Token) -> Bool {
        switch token {
        case .characters(let bytes):
            if CharacterRuns.isAllWhitespace(bytes) { return handleInBody(&token) }
            let count = CharacterRuns.leadingWhitespaceCount(bytes)
            if count > 0 {
                var whitespace = Token.characters(bytes.prefix(count))
                _ = handleInBody(&whitespace)
                token = .characters(bytes.dropFirst(count))
            }
        case .comment(let text):
            insertComment(text, into: openElements.first ?? document)
            return false
        case .doctype:
            parseError()
            return false
        case .startTag(let tag) where tag.id == .html:
            return handleInBody(&token)
        case .endTag(let tag) where tag.id == .html:
            if contextElement != nil {
                parseError()
                return false
            }
            mode = .afterAfterBody
            return false
        case .endOfFile:
            return false
        default:
            break
        }
        parseError()
        mode = .inBody
        return true
    }

    /// Inserts only the whitespace characters of a run; the others are parse errors.
    private mutating func insertWhitespaceOnly(_ bytes: ArraySlice<UInt8>) {
        let whitespace = bytes.filter(ASCII.isWhitespace)
        if whitespace.count != bytes.count { parseError() }
        insertCharacters(whitespace)
    }

    mutating func handleInFrameset(_ token: inout Token) -> Bool {
        switch token {
        case .characters(let bytes):
            insertWhitespaceOnly(bytes)
        case .comment(let text):
            insertComment(text)
        case .doctype:
            parseError()
        case .startTag(let tag):
            switch tag.id {
            case .html:
                return handleInBody(&token)
            case .frameset:
                insertElement(tag)
            case .frame:
                insertElement(tag)
                pop()
            case .noframes:
                return handleInHead(&token)
            default:
                parseError()
            }
        case .endTag(let tag) where tag.id == .frameset:
            if openElements.count <= 1 {
                parseError()
                return false
            }
            pop()
            if contextElement == nil && !currentNodeIsHTML(.frameset) { mode = .afterFrameset }
        case .endTag:
            parseError()
        case .endOfFile:
            if openElements.count > 1 { parseError() }
        }
        return false
    }

    mutating func handleAfterFrameset(_ token: inout Token) -> Bool {
        switch token {
        case .characters(let bytes):
            insertWhitespaceOnly(bytes)
        case .comment(let text):
            insertComment(text)
        case .doctype:
            parseError()
        case .startTag(let tag) where tag.id == .html:
            return handleInBody(&token)
        case .startTag(let tag) where tag.id == .noframes:
            return handleInHead(&token)
        case .endTag(let tag) where tag.id == .html:
            mode = .afterAfterFrameset
        case .endOfFile:
            break
        default:
            parseError()
        }
        return false
    }

    mutating func handleAfterAfterBody(_ token: inout Token) -> Bool {
        switch token {
        case .comment(let text):
            insertComment(text, into: document)
            return false
        case .doctype:
            return handleInBody(&token)
        case .characters(let bytes):
            if CharacterRuns.isAllWhitespace(bytes) { return handleInBody(&token) }
            let count = CharacterRuns.leadingWhitespaceCount(bytes)
            if count > 0 {
                var whitespace = Token.characters(bytes.prefix(count))
                _ = handleInBody(&whitespace)
                token = .characters(bytes.dropFirst(count))
            }
        case .startTag(let tag) where tag.id == .html:
            return handleInBody(&token)
        case .endOfFile:
            return false
        default:
            break
        }
        parseError()
        mode = .inBody
        return true
    }

    mutating func handleAfterAfterFrameset(_ token: inout Token) -> Bool {
        switch token {
        case .comment(let text):
            insertComment(text, into: document)
        case .doctype:
            return handleInBody(&token)
        case .characters(let bytes):
            let whitespace = bytes.filter(ASCII.isWhitespace)
            if whitespace.count != bytes.count { parseError() }
            if !whitespace.isEmpty {
                var whitespaceToken = Token.characters(whitespace[...])
                return handleInBody(&whitespaceToken)
            }
        case .startTag(let tag) where tag.id == .html:
            return handleInBody(&token)
        case .startTag(let tag) where tag.id == .noframes:
            return handleInHead(&token)
        case .endOfFile:
            break
        default:
            parseError()
        }
        return false
    }
}
