/// The "in body" insertion mode (HTML §13.2.6.4.7).
extension TreeBuilder {
    mutating func handleInBody(_ token: inout Token) -> Bool {
        switch token {
        case .characters(let bytes):
            insertBodyCharacters(bytes)
        case .comment(let text):
            insertComment(text)
        case .doctype:
            parseError()
        case .startTag(let tag):
            return handleInBodyStartTag(tag, &token)
        case .endTag(let tag):
            return handleInBodyEndTag(tag, &token)
        case .endOfFile:
            if !templateModes.isEmpty { return handleInTemplate(&token) }
        }
        return false
    }

    /// Character tokens in body: NULs are dropped, text is inserted after reconstructing the
    /// active formatting elements.
    mutating func insertBodyCharacters(_ bytes: ArraySlice<UInt8>) {
        var text = bytes
        if text.contains(0) {
            parseError()
            text.removeAll { $0 == 0 }
            if text.isEmpty { return }
        }
        reconstructActiveFormattingElements()
        insertCharacters(text)
        if framesetOK && !CharacterRuns.isAllWhitespace(text) { framesetOK = false }
    }

    private mutating func handleInBodyStartTag(_ tag: TagToken, _ token: inout Token) -> Bool {
        switch tag.id {
        case .html:
            parseError()
            if hasTemplateOnStack { return false }
            if let root = openElements.first { addMissingAttributes(tag.attributes, to: root) }
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title:
            return handleInHead(&token)
        case .body:
            parseError()
            guard openElements.count > 1, openElements[1].isHTML(.body), !hasTemplateOnStack else {
                return false
            }
            framesetOK = false
            addMissingAttributes(tag.attributes, to: openElements[1])
        case .frameset:
            parseError()
            guard openElements.count > 1, openElements[1].isHTML(.body), framesetOK else { return false }
            openElements[1].removeFromParent()
            while openElements.count > 1 { pop() }
            insertElement(tag)
            mode = .inFrameset
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
            .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .search, .section,
            .summary, .ul:
            closePElementIfInButtonScope()
            insertElement(tag)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closePElementIfInButtonScope()
            if let current = currentNode, current.isHTML(where: \.isHeading) {
                parseError()
                pop()
            }
            insertElement(tag)
        case .pre, .listing:
            closePElementIfInButtonScope()
            insertElement(tag)
            skipNextLineFeed = true
            framesetOK = false
        case .form:
            let templateOpen = hasTemplateOnStack
            if formElement != nil && !templateOpen {
                parseError()
                return false
            }
            closePElementIfInButtonScope()
            let node = insertElement(tag)
            if !templateOpen { formElement = node }
        case .li, .dd, .dt:
            framesetOK = false
            let closes: (TagID) -> Bool = tag.id == .li ? { $0 == .li } : { $0 == .dd || $0 == .dt }
            for node in openElements.reversed() {
                if node.isHTML(where: closes) {
                    let nodeID = node.tagID
                    generateImpliedEndTags(except: nodeID)
                    if !currentNodeIsHTML(nodeID) { parseError() }
                    popUntilHTMLElementPopped(nodeID)
                    break
                }
                if node.isSpecial && !node.isHTML(where: { $0 == .address || $0 == .div || $0 == .p }) { break }
            }
            closePElementIfInButtonScope()
            insertElement(tag)
        case .plaintext:
            closePElementIfInButtonScope()
            insertElement(tag)
            tokenizer.state = .plaintext
        case .button:
            if hasElementInScope(.button) {
                parseError()
                generateImpliedEndTags()
                popUntilHTMLElementPopped(.button)
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
            framesetOK = false
        case .a:
            if let existing = lastActiveFormattingElementAfterMarker(named: .a) {
                parseError()
                if !runAdoptionAgency(tag) { anyOtherEndTag(tag) }
                if let index = indexInActiveFormatting(existing) { removeActiveFormattingEntry(at: index) }
                removeFromStack(existing)
            }
            reconstructActiveFormattingElements()
            let node = insertElement(tag)
            pushActiveFormattingElement(node, tag)
        case .b, .big, .code, .em, .font, .i, .s, .small, .strike, .strong, .tt, .u:
            reconstructActiveFormattingElements()
            let node = insertElement(tag)
            pushActiveFormattingElement(node, tag)
        case .nobr:
            reconstructActiveFormattingElements()
            if hasElementInScope(.nobr) {
                parseError()
                if !runAdoptionAgency(tag) { anyOtherEndTag(tag) }
                reconstructActiveFormattingElements()
            }
            let node = insertElement(tag)
            pushActiveFormattingElement(node, tag)
        case .applet, .marquee, .object:
            reconstructActiveFormattingElements()
            insertElement(tag)
            appendActiveFormattingEntry(.marker)
            framesetOK = false
        case .table:
            if quirksMode != .quirks { closePElementIfInButtonScope() }
            insertElement(tag)
            framesetOK = false
            mode = .inTable
        case .area, .br, .embed, .img, .keygen, .wbr:
            reconstructActiveFormattingElements()
            insertElement(tag)
            pop()
            framesetOK = false
        case .input:
            if let contextElement, contextElement.isHTML(.select) {
                parseError()
                return false
            }
            if hasElementInScope(.select) {
                parseError()
                popUntilHTMLElementPopped(.select)
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
            pop()
            if !Self.isHiddenInput(tag) { framesetOK = false }
        case .param, .source, .track:
            insertElement(tag)
            pop()
        case .hr:
            closePElementIfInButtonScope()
            if hasElementInScope(.select) {
                generateImpliedEndTags()
                if hasElementInScope(.option) || hasElementInScope(.optgroup) { parseError() }
            }
            insertElement(tag)
            pop()
            framesetOK = false
        case .image:
            parseError()
            var renamed = tag
            renamed.rename(to: "img")
            token = .startTag(renamed)
            return true
        case .textarea:
            insertElement(tag)
            skipNextLineFeed = true
            tokenizer.state = .rcdata
            originalMode = mode
            framesetOK = false
            mode = .text
        case .xmp:
            closePElementIfInButtonScope()
            reconstructActiveFormattingElements()
            framesetOK = false
            parseGenericText(tag, state: .rawtext)
        case .iframe:
            framesetOK = false
            parseGenericText(tag, state: .rawtext)
        case .noembed:
            parseGenericText(tag, state: .rawtext)
        case .select:
            if hasElementInScope(.select) {
                parseError()
                popUntilHTMLElementPopped(.select)
                return false
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
            framesetOK = false
        case .option:
            if hasElementInScope(.select) {
                generateImpliedEndTags(except: .optgroup)
                if hasElementInScope(.option) { parseError() }
            } else if currentNodeIsHTML(.option) {
                pop()
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
        case .optgroup:
            if hasElementInScope(.select) {
                generateImpliedEndTags()
                if hasElementInScope(.option) || hasElementInScope(.optgroup) { parseError() }
            } else if currentNodeIsHTML(.option) {
                pop()
            }
            reconstructActiveFormattingElements()
            insertElement(tag)
        case .rb, .rtc:
            if hasElementInScope(.ruby) {
                generateImpliedEndTags()
                if !currentNodeIsHTML(.ruby) { parseError() }
            }
            insertElement(tag)
        case .rp, .rt:
            if hasElementInScope(.ruby) {
                generateImpliedEndTags(except: .rtc)
                if !currentNodeIsHTML(.rtc) && !currentNodeIsHTML(.ruby) { parseError() }
            }
            insertElement(tag)
        case .math, .svg:
            reconstructActiveFormattingElements()
            var adjusted = tag
            if tag.id == .math {
                ForeignAdjustments.adjustMathMLAttributes(&adjusted.attributes)
            } else {
                ForeignAdjustments.adjustSVGAttributes(&adjusted.attributes)
            }
            ForeignAdjustments.adjustForeignAttributes(&adjusted.attributes)
            insertElement(adjusted, namespace: tag.id == .math ? .mathML : .svg)
            if tag.selfClosing { pop() }
        case .caption, .col, .colgroup, .frame, .head, .tbody, .td, .tfoot, .th, .thead, .tr:
            parseError()
        default:
            reconstructActiveFormattingElements()
            insertElement(tag)
        }
        return false
    }

    static func isHiddenInput(_ tag: TagToken) -> Bool {
        guard let type = tag.attributes.first(where: { $0.name == "type" }) else { return false }
        return DoctypeQuirks.asciiLowercased(type.value) == "hidden"
    }

    mutating func addMissingAttributes(_ attributes: [HTMLAttribute], to node: HTMLNode) {
        for attribute in attributes where !node.attributes.contains(where: { $0.name == attribute.name }) {
            node.attributes.append(attribute)
        }
    }

    func lastActiveFormattingElementAfterMarker(named id: TagID) -> HTMLNode? {
        for index in activeFormatting.indices.reversed() {
            guard let node = activeFormatting[index].node else { return nil }
            if node.isHTML(id) { return node }
        }
        return nil
    }

    private mutating func handleInBodyEndTag(_ tag: TagToken, _ token: inout Token) -> Bool {
        let id = tag.id
        switch id {
        case .template:
            return handleInHead(&token)
        case .body, .html:
            guard hasElementInScope(.body) else {
                parseError()
                return false
            }
            mode = .afterBody
            return id == .html
        case .address, .article, .aside, .blockquote, .button, .center, .details, .dialog, .dir, .div, .dl,
            .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .listing, .main, .menu, .nav, .ol, .pre,
            .search, .section, .summary, .ul:
            guard hasElementInScope(id) else {
                parseError()
                return false
            }
            generateImpliedEndTags()
            if !currentNodeIsHTML(id) { parseError() }
            popUntilHTMLElementPopped(id)
        case .form:
            if !hasTemplateOnStack {
                let node = formElement
                formElement = nil
                guard let node, hasElementInScope(node: node) else {
                    parseError()
                    return false
                }
                generateImpliedEndTags()
                if currentNode !== node { parseError() }
                removeFromStack(node)
            } else {
                guard hasElementInScope(.form) else {
                    parseError()
                    return false
                }
                generateImpliedEndTags()
                if !currentNodeIsHTML(.form) { parseError() }
                popUntilHTMLElementPopped(.form)
            }
        case .p:
            if !hasElementInScope(.p, .button) {
                parseError()
                insertElement(.p)
            }
            closePElement()
        case .li:
            guard hasElementInScope(.li, .listItem) else {
                parseError()
                return false
            }
            generateImpliedEndTags(except: .li)
            if !currentNodeIsHTML(.li) { parseError() }
            popUntilHTMLElementPopped(.li)
        case .dd, .dt:
            guard hasElementInScope(id) else {
                parseError()
                return false
            }
            generateImpliedEndTags(except: id)
            if !currentNodeIsHTML(id) { parseError() }
            popUntilHTMLElementPopped(id)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            guard hasElementInScope(where: \.isHeading) else {
                parseError()
                return false
            }
            generateImpliedEndTags()
            if !currentNodeIsHTML(id) { parseError() }
            popUntilHTMLElementPopped(where: \.isHeading)
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u:
            if !runAdoptionAgency(tag) { anyOtherEndTag(tag) }
        case .applet, .marquee, .object:
            guard hasElementInScope(id) else {
                parseError()
                return false
            }
            generateImpliedEndTags()
            if !currentNodeIsHTML(id) { parseError() }
            popUntilHTMLElementPopped(id)
            clearActiveFormattingToLastMarker()
        case .select:
            guard hasElementInScope(.select) else {
                parseError()
                return false
            }
            generateImpliedEndTags()
            if !currentNodeIsHTML(.select) { parseError() }
            popUntilHTMLElementPopped(.select)
        case .br:
            parseError()
            token = .startTag(TagToken(.br))
            return handleInBodyStartTag(TagToken(.br), &token)
        default:
            anyOtherEndTag(tag)
        }
        return false
    }

    /// The "any other end tag" rules of "in body".
    mutating func anyOtherEndTag(_ tag: TagToken) {
        guard openElementCounts.contains(tag) else {
            parseError()
            return
        }
        var index = openElements.count - 1
        while index >= 0 {
            let node = openElements[index]
            if node.isHTMLElement(matching: tag) {
                generateImpliedEndTags(except: tag.id == .unknown ? nil : tag.id)
                if currentNode !== node { parseError() }
                while let popped = pop(), popped !== node {}
                return
            }
            if node.isSpecial {
                parseError()
                return
            }
            index -= 1
        }
    }
}
