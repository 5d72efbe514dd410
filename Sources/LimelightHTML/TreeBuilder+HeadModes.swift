/// The "initial", "before html", "before head", "in head", "in head noscript" and "after head"
/// insertion modes (HTML §13.2.6.4.1–§13.2.6.4.6).
extension TreeBuilder {
    /// Splits off and hands leading whitespace to `insertWhitespace`; returns true when nothing
    /// else remains, otherwise leaves the remainder in `token`.
    mutating func consumeLeadingWhitespace(_ token: inout Token, insert: Bool) -> Bool {
        guard case .characters(let bytes) = token else { return false }
        let count = CharacterRuns.leadingWhitespaceCount(bytes)
        if insert && count > 0 { insertCharacters(bytes.prefix(count)) }
        if count == bytes.count { return true }
        if count > 0 { token = .characters(bytes.dropFirst(count)) }
        return false
    }

    mutating func handleInitial(_ token: inout Token) -> Bool {
        switch token {
        case .characters:
            if consumeLeadingWhitespace(&token, insert: false) { return false }
        case .comment(let text):
            insertComment(text, into: document)
            return false
        case .doctype(let doctype):
            if doctype.name != "html" || doctype.publicIdentifier != nil
                || (doctype.systemIdentifier != nil && doctype.systemIdentifier != "about:legacy-compat")
            {
                parseError()
            }
            document.appendChild(HTMLNode(kind: .doctype(
                name: doctype.name ?? "", publicIdentifier: doctype.publicIdentifier,
                systemIdentifier: doctype.systemIdentifier)))
            quirksMode = DoctypeQuirks.quirksMode(for: doctype)
            mode = .beforeHTML
            return false
        default:
            break
        }
        parseError()
        quirksMode = .quirks
        mode = .beforeHTML
        return true
    }

    mutating func handleBeforeHTML(_ token: inout Token) -> Bool {
        switch token {
        case .doctype:
            parseError()
            return false
        case .comment(let text):
            insertComment(text, into: document)
            return false
        case .characters:
            if consumeLeadingWhitespace(&token, insert: false) { return false }
        case .startTag(let tag) where tag.id == .html:
            let node = createElement(tag, namespace: .html)
            document.appendChild(node)
            push(node)
            mode = .beforeHead
            return false
        case .endTag(let tag):
            if !Self.isHeadBodyHTMLOrBr(tag.id) {
                parseError()
                return false
            }
        default:
            break
        }
        let node = createElement(TagToken(.html), namespace: .html)
        document.appendChild(node)
        push(node)
        mode = .beforeHead
        return true
    }

    mutating func handleBeforeHead(_ token: inout Token) -> Bool {
        switch token {
        case .characters:
            if consumeLeadingWhitespace(&token, insert: false) { return false }
        case .comment(let text):
            insertComment(text)
            return false
        case .doctype:
            parseError()
            return false
        case .startTag(let tag):
            if tag.id == .html { return handleInBody(&token) }
            if tag.id == .head {
                headElement = insertElement(tag)
                mode = .inHead
                return false
            }
        case .endTag(let tag):
            if !Self.isHeadBodyHTMLOrBr(tag.id) {
                parseError()
                return false
            }
        case .endOfFile:
            break
        }
        headElement = insertElement(.head)
        mode = .inHead
        return true
    }

    mutating func handleInHead(_ token: inout Token) -> Bool {
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
            case .base, .basefont, .bgsound, .link, .meta:
                insertElement(tag)
                pop()
                return false
            case .title:
                parseGenericText(tag, state: .rcdata)
                return false
            case .noframes, .style:
                parseGenericText(tag, state: .rawtext)
                return false
            case .noscript:
                insertElement(tag)
                mode = .inHeadNoscript
                return false
            case .script:
                insertElement(tag)
                tokenizer.state = .scriptData
                tokenizer.lastStartTagName = Array("script".utf8)
                originalMode = mode
                mode = .text
                return false
            case .template:
                insertElement(tag)
                appendActiveFormattingEntry(.marker)
                framesetOK = false
                mode = .inTemplate
                templateModes.append(.inTemplate)
                return false
            case .head:
                parseError()
                return false
            default:
                break
            }
        case .endTag(let tag):
            switch tag.id {
            case .head:
                pop()
                mode = .afterHead
                return false
            case .body, .html, .br:
                break
            case .template:
                endTemplate()
                return false
            default:
                parseError()
                return false
            }
        case .endOfFile:
            break
        }
        pop()
        mode = .afterHead
        return true
    }

    /// `head`, `body`, `html` and `br`: the end tags "before html" and "before head" act on.
    static func isHeadBodyHTMLOrBr(_ id: TagID) -> Bool {
        id == .head || id == .body || id == .html || id == .br
    }

    /// The `</template>` end tag rules of "in head".
    mutating func endTemplate() {
        guard hasTemplateOnStack else {
            parseError()
            return
        }
        generateImpliedEndTagsThoroughly()
        if !currentNodeIsHTML(.template) { parseError() }
        popUntilHTMLElementPopped(.template)
        clearActiveFormattingToLastMarker()
        _ = templateModes.popLast()
        resetInsertionMode()
    }

    /// The generic raw text and RCDATA element parsing algorithms (§13.2.6.2).
    mutating func parseGenericText(_ tag: TagToken, state: TokenizerState) {
        insertElement(tag)
        tokenizer.state = state
        originalMode = mode
        mode = .text
    }

    mutating func handleInHeadNoscript(_ token: inout Token) -> Bool {
        switch token {
        case .doctype:
            parseError()
            return false
        case .startTag(let tag):
            switch tag.id {
            case .html:
                return handleInBody(&token)
            case .basefont, .bgsound, .link, .meta, .noframes, .style:
                return handleInHead(&token)
            case .head, .noscript:
                parseError()
                return false
            default:
                break
            }
        case .endTag(let tag):
            if tag.id == .noscript {
                pop()
                mode = .inHead
                return false
            }
            if tag.id != .br {
                parseError()
                return false
            }
        case .characters(let bytes):
            let count = CharacterRuns.leadingWhitespaceCount(bytes)
            if count > 0 { insertCharacters(bytes.prefix(count)) }
            if count == bytes.count { return false }
            token = .characters(bytes.dropFirst(count))
        case .comment:
            return handleInHead(&token)
        case .endOfFile:
            break
        }
        parseError()
        pop()
        mode = .inHead
        return true
    }

    mutating func handleAfterHead(_ token: inout Token) -> Bool {
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
            case .body:
                insertElement(tag)
                framesetOK = false
                mode = .inBody
                return false
            case .frameset:
                insertElement(tag)
                mode = .inFrameset
                return false
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
                parseError()
                guard let head = headElement else { return handleInHead(&token) }
                push(head)
                let reprocess = handleInHead(&token)
                removeFromStack(head)
                return reprocess
            case .head:
                parseError()
                return false
            default:
                break
            }
        case .endTag(let tag):
            switch tag.id {
            case .template:
                return handleInHead(&token)
            case .body, .html, .br:
                break
            default:
                parseError()
                return false
            }
        case .endOfFile:
            break
        }
        insertElement(.body)
        mode = .inBody
        return true
    }
}
