/// WHATWG tree construction (HTML §13.2.6): consumes tokens and builds the node tree.
///
/// The builder pulls tokens from its tokenizer and, between pulls, adjusts the tokenizer state
/// (RCDATA, RAWTEXT, script data, PLAINTEXT) and whether CDATA sections are allowed.
struct TreeBuilder {
    var tokenizer: Tokenizer
    let document = HTMLNode(kind: .document)
    var mode: InsertionMode = .initial
    var originalMode: InsertionMode = .initial
    var templateModes: [InsertionMode] = []
    var openElements: [HTMLNode] = []
    /// How many elements of each local name are on the stack of open elements; lets scope
    /// checks and end-tag searches for absent names finish in O(1).
    var openElementCounts = OpenElementCounts()
    var activeFormatting: [FormattingEntry] = []
    /// Parallel to `activeFormatting`: each entry's Noah's Ark signature.
    var activeFormattingSignatures: [FormattingSignature] = []
    var headElement: HTMLNode?
    var formElement: HTMLNode?
    var framesetOK = true
    var fosterParenting = false
    var quirksMode: HTMLQuirksMode = .noQuirks
    var pendingTableText: [UInt8] = []
    var skipNextLineFeed = false
    var errorCount = 0
    /// The context element when parsing a fragment.
    var contextElement: HTMLNode?
    /// Whether a `selectedcontent` element was inserted (enables the post-parse mirroring).
    var sawSelectedContent = false

    init(input: [UInt8]) {
        tokenizer = Tokenizer(input: input)
    }

    // MARK: - Driving

    /// Runs tree construction to the end of the input.
    mutating func run() {
        while true {
            let token = tokenizer.next()
            if case .endOfFile = token {
                process(token)
                if sawSelectedContent { updateSelectedContent(in: document) }
                break
            }
            process(token)
            tokenizer.allowsCDATA =
                mayBeInForeignContent && adjustedCurrentNode.map { $0.elementNamespace != .html } ?? false
        }
    }

    /// The total number of parse errors (tokenizer and tree construction).
    var parseErrorCount: Int { errorCount + tokenizer.errorCount }

    mutating func parseError() {
        errorCount += 1
    }

    /// The tree construction dispatcher (§13.2.6).
    mutating func process(_ initialToken: consuming Token) {
        var token = initialToken
        if skipNextLineFeed {
            skipNextLineFeed = false
            if case .characters(let bytes) = token, bytes.first == ASCII.lineFeed {
                if bytes.count == 1 { return }
                token = .characters(bytes.dropFirst())
            }
        }
        var reprocess = true
        var guardCount = 0
        while reprocess {
            guardCount += 1
            if guardCount > 64 { return }  // Defensive: the algorithm never needs this many passes.
            if shouldUseForeignContentRules(for: token) {
                reprocess = processForeignContent(&token)
            } else {
                reprocess = processInsertionMode(mode, &token)
            }
        }
    }

    /// Processes `token` by the rules of `mode`; returns true when the token must be reprocessed.
    mutating func processInsertionMode(_ mode: InsertionMode, _ token: inout Token) -> Bool {
        switch mode {
        case .initial: return handleInitial(&token)
        case .beforeHTML: return handleBeforeHTML(&token)
        case .beforeHead: return handleBeforeHead(&token)
        case .inHead: return handleInHead(&token)
        case .inHeadNoscript: return handleInHeadNoscript(&token)
        case .afterHead: return handleAfterHead(&token)
        case .inBody: return handleInBody(&token)
        case .text: return handleText(&token)
        case .inTable: return handleInTable(&token)
        case .inTableText: return handleInTableText(&token)
        case .inCaption: return handleInCaption(&token)
        case .inColumnGroup: return handleInColumnGroup(&token)
        case .inTableBody: return handleInTableBody(&token)
        case .inRow: return handleInRow(&token)
        case .inCell: return handleInCell(&token)
        case .inTemplate: return handleInTemplate(&token)
        case .afterBody: return handleAfterBody(&token)
        case .inFrameset: return handleInFrameset(&token)
        case .afterFrameset: return handleAfterFrameset(&token)
        case .afterAfterBody: return handleAfterAfterBody(&token)
        case .afterAfterFrameset: return handleAfterAfterFrameset(&token)
        }
    }

    func shouldUseForeignContentRules(for token: Token) -> Bool {
        guard mayBeInForeignContent, let node = adjustedCurrentNode, node.elementNamespace != .html else {
            return false
        }
        switch token {
        case .endOfFile:
            return false
        case .characters:
            if node.isMathMLTextIntegrationPoint || node.isHTMLIntegrationPoint { return false }
        case .startTag(let tag):
            if node.isMathMLTextIntegrationPoint && tag.id != .mglyph && tag.id != .malignmark { return false }
            if tag.id == .svg && node.tagID == .annotationXML && node.elementNamespace == .mathML { return false }
            if node.isHTMLIntegrationPoint { return false }
        default:
            break
        }
        return true
    }

    // MARK: - The stack of open elements

    var currentNode: HTMLNode? { openElements.last }

    /// False when the adjusted current node is certainly an HTML element (no foreign element is
    /// open and there is no context element), which spares most tokens the foreign content checks.
    var mayBeInForeignContent: Bool {
        openElementCounts.foreignElements > 0 || contextElement != nil
    }

    /// The context element when the stack holds only the root in a fragment parse, else the
    /// current node.
    var adjustedCurrentNode: HTMLNode? {
        if let contextElement, openElements.count == 1 { return contextElement }
        return openElements.last
    }

    mutating func push(_ node: HTMLNode) {
        openElements.append(node)
        node.isOnOpenElementStack = true
        openElementCounts.add(node)
    }

    @discardableResult
    mutating func pop() -> HTMLNode? {
        guard let node = openElements.popLast() else { return nil }
        node.isOnOpenElementStack = false
        openElementCounts.remove(node)
        return node
    }

    mutating func removeFromStack(_ node: HTMLNode) {
        guard let index = openElements.lastIndex(where: { $0 === node }) else { return }
        openElements.remove(at: index)
        node.isOnOpenElementStack = false
        openElementCounts.remove(node)
    }

    /// Whether an element with this known local name (any namespace) is open.
    func hasOpenElement(_ id: TagID) -> Bool {
        openElementCounts.contains(id)
    }

    /// Whether the current node is an HTML element named `id`.
    func currentNodeIsHTML(_ id: TagID) -> Bool {
        currentNode?.isHTML(id) ?? false
    }

    /// Whether the current node is an HTML element with the tag's name.
    func currentNodeIsHTML(_ tag: TagToken) -> Bool {
        currentNode?.isHTMLElement(matching: tag) ?? false
    }

    /// Pops elements until an HTML element named `id` has been popped.
    mutating func popUntilHTMLElementPopped(_ id: TagID) {
        guard hasOpenElement(id) else { return }
        while let node = pop() {
            if node.isHTML(id) { return }
        }
    }

    /// Pops elements until an HTML element whose name satisfies `predicate` has been popped.
    mutating func popUntilHTMLElementPopped(where predicate: (TagID) -> Bool) {
        while let node = pop() {
            if node.isHTML(where: predicate) { return }
        }
    }

    var hasTemplateOnStack: Bool { hasOpenElement(.template) && openElements.contains { $0.isHTML(.template) } }

    // MARK: - Inserting nodes

    /// The appropriate place for inserting a node (§13.2.6.1): a parent and the child to insert
    /// before (nil to append).
    func appropriateInsertionPlace(overrideTarget: HTMLNode? = nil) -> (parent: HTMLNode, before: HTMLNode?) {
        let target = overrideTarget ?? currentNode ?? document
        var place: (parent: HTMLNode, before: HTMLNode?) = (target, nil)
        if fosterParenting, target.isHTML(where: \.isFosterTarget) {
            let lastTemplateIndex = hasOpenElement(.template) ? openElements.lastIndex { $0.isHTML(.template) } : nil
            let lastTableIndex = openElements.lastIndex { $0.isHTML(.table) }
            if let lastTemplateIndex, lastTableIndex == nil || lastTemplateIndex > lastTableIndex! {
                place = (openElements[lastTemplateIndex], nil)
            } else if let lastTableIndex {
                let table = openElements[lastTableIndex]
                if let parent = table.parent {
                    place = (parent, table)
                } else if lastTableIndex > 0 {
                    place = (openElements[lastTableIndex - 1], nil)
                }
            } else if let root = openElements.first {
                place = (root, nil)
            }
        }
        if place.parent.isHTML(.template), let contents = place.parent.templateContents {
            place = (contents, nil)
        }
        return place
    }

    mutating func insert(_ node: HTMLNode, at place: (parent: HTMLNode, before: HTMLNode?)) {
        if let before = place.before {
            place.parent.insertChild(node, before: before)
        } else {
            place.parent.appendChild(node)
        }
    }

    mutating func createElement(_ tag: TagToken, namespace: HTMLNamespace) -> HTMLNode {
        let node = HTMLNode(elementNamed: tag.name, tagID: tag.id, namespace: namespace, attributes: tag.attributes)
        if namespace == .html && tag.id == .template {
            node.templateContents = HTMLNode(kind: .documentFragment)
        }
        return node
    }

    /// Inserts an element for `tag` at the appropriate place and pushes it (§13.2.6.1).
    @discardableResult
    mutating func insertElement(_ tag: TagToken, namespace: HTMLNamespace = .html) -> HTMLNode {
        let node = createElement(tag, namespace: namespace)
        if namespace == .html && tag.id == .selectedcontent { sawSelectedContent = true }
        insert(node, at: appropriateInsertionPlace())
        push(node)
        return node
    }

    /// Inserts an HTML element with no attributes.
    @discardableResult
    mutating func insertElement(_ id: TagID) -> HTMLNode {
        insertElement(TagToken(id))
    }

    mutating func insertComment(_ text: String, into parent: HTMLNode? = nil) {
        let node = HTMLNode(kind: .comment(text))
        if let parent {
            parent.appendChild(node)
        } else {
            insert(node, at: appropriateInsertionPlace())
        }
    }

    /// Inserts characters, merging with an adjacent text node (§13.2.6.1 "insert a character").
    /// - Complexity: amortized O(length of `bytes`).
    mutating func insertCharacters<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        guard !bytes.isEmpty else { return }
        let place = appropriateInsertionPlace()
        if place.parent === document { return }
        let previous: HTMLNode?
        if let before = place.before {
            if let index = place.parent.children.lastIndex(where: { $0 === before }), index > 0 {
                previous = place.parent.children[index - 1]
            } else {
                previous = nil
            }
        } else {
            previous = place.parent.children.last
        }
        if let previous, previous.isText, case .text(var existing) = previous.kind {
            previous.kind = .document  // Drop the node's reference so `existing` is uniquely owned.
            existing += String(decoding: bytes, as: UTF8.self)
            previous.kind = .text(existing)
            return
        }
        insert(HTMLNode(kind: .text(String(decoding: bytes, as: UTF8.self))), at: place)
    }
}

/// Byte-run helpers for character tokens.
enum CharacterRuns {
    /// The number of leading ASCII whitespace bytes.
    static func leadingWhitespaceCount<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        var count = 0
        for byte in bytes {
            guard ASCII.isWhitespace(byte) else { break }
            count += 1
        }
        return count
    }

    /// Whether every byte is ASCII whitespace.
    static func isAllWhitespace<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy(ASCII.isWhitespace)
    }
}
