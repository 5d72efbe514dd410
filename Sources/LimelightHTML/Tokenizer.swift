/// The WHATWG HTML tokenizer over preprocessed UTF-8 bytes.
///
/// The input must be valid UTF-8 with newlines already normalized (see `InputPreprocessor`).
/// No non-ASCII character is significant to any tokenizer state, so multi-byte sequences are
/// copied through byte by byte. Tokens are pulled with `next()`; the tree builder may change
/// `state` and `allowsCDATA` between pulls, as the specification's tree construction does.
struct Tokenizer {
    /// End of input marker returned by `peek()`.
    static let endOfInput = -1

    let input: [UInt8]
    var position = 0
    var state: TokenizerState = .data
    /// Whether the adjusted current node is a foreign element (enables `<![CDATA[`).
    var allowsCDATA = false
    /// The number of parse errors seen so far.
    var errorCount = 0

    /// Pending character data, flushed as one token before the next non-character token. While
    /// it is one unmodified run of the input it is only the range `pendingRunStart..<pendingRunEnd`
    /// (and `textBuffer` is empty); anything else is copied into `textBuffer`.
    var textBuffer: [UInt8] = []
    var pendingRunStart = 0
    var pendingRunEnd = 0
    /// Tokens emitted but not yet pulled. A step emits at most a character token and one other
    /// token, so the first two wait in slots; `overflowTokens` holds any further ones.
    var firstQueuedToken: Token?
    var secondQueuedToken: Token?
    var overflowTokens: [Token] = []
    /// Whether the end of the input was reached; `.endOfFile` follows the queued tokens.
    var reachedEnd = false

    // The tag being built.
    var tagName = CollectedBytes()
    var tagIsEndTag = false
    var tagSelfClosing = false
    var attributes: [HTMLAttribute] = []
    var attributeNameSet: Set<String> = []
    var attributeName = CollectedBytes()
    var attributeValue = CollectedBytes()
    var hasPendingAttribute = false
    /// The name of the last start tag emitted, for "appropriate end tag" checks.
    var lastStartTagName: [UInt8] = []
    var temporaryBuffer: [UInt8] = []

    // The comment or DOCTYPE being built.
    var commentBuffer: [UInt8] = []
    var doctypeName: [UInt8]?
    var doctypePublicIdentifier: [UInt8]?
    var doctypeSystemIdentifier: [UInt8]?
    var doctypeForceQuirks = false

    /// Creates a tokenizer over preprocessed UTF-8 input.
    init(input: [UInt8]) {
        self.input = input
    }

    // MARK: - Pulling tokens

    /// Returns the next token; after the end of input it keeps returning `.endOfFile`.
    mutating func next() -> Token {
        while firstQueuedToken == nil {
            if reachedEnd { return .endOfFile }
            step()
        }
        let token = firstQueuedToken.take()!
        firstQueuedToken = secondQueuedToken.take()
        if firstQueuedToken != nil && !overflowTokens.isEmpty { secondQueuedToken = overflowTokens.removeFirst() }
        return token
    }

    @inline(__always) func peek() -> Int {
        position < input.count ? Int(input[position]) : Tokenizer.endOfInput
    }

    @inline(__always) mutating func parseError() {
        errorCount += 1
    }

    // MARK: - Emitting

    /// Emits the input bytes `start..<end` as characters, without copying them while they
    /// extend one contiguous run.
    @inline(__always) mutating func emitInputRun(_ start: Int, _ end: Int) {
        guard start < end else { return }
        if textBuffer.isEmpty {
            if pendingRunStart == pendingRunEnd {
                pendingRunStart = start
                pendingRunEnd = end
                return
            }
            if pendingRunEnd == start {
                pendingRunEnd = end
                return
            }
            materializePendingRun()
        }
        textBuffer.append(contentsOf: input[start..<end])
    }

    /// Copies the pending input run into `textBuffer`; call before appending to it directly.
    @inline(__always) mutating func materializePendingRun() {
        guard pendingRunStart < pendingRunEnd else { return }
        textBuffer.append(contentsOf: input[pendingRunStart..<pendingRunEnd])
        pendingRunStart = 0
        pendingRunEnd = 0
    }

    @inline(__always) mutating func emitCharacter(_ byte: UInt8) {
        materializePendingRun()
        textBuffer.append(byte)
    }

    @inline(__always) mutating func emitReplacementCharacter() {
        materializePendingRun()
        textBuffer.append(contentsOf: ASCII.replacementCharacter)
    }

    private mutating func enqueue(_ token: consuming Token) {
        if firstQueuedToken == nil {
            firstQueuedToken = token
        } else if secondQueuedToken == nil {
            secondQueuedToken = token
        } else {
            overflowTokens.append(token)
        }
    }

    mutating func flushText() {
        if !textBuffer.isEmpty {
            enqueue(.characters(textBuffer[...]))
            textBuffer = []
        } else if pendingRunStart < pendingRunEnd {
            enqueue(.characters(input[pendingRunStart..<pendingRunEnd]))
            pendingRunStart = 0
            pendingRunEnd = 0
        }
    }

    mutating func emit(_ token: consuming Token) {
        flushText()
        enqueue(token)
    }

    mutating func emitEndOfFile() {
        flushText()
        reachedEnd = true
    }

    // MARK: - Tags

    mutating func startTag(isEnd: Bool) {
        tagName.removeAll()
        tagIsEndTag = isEnd
        tagSelfClosing = false
        attributes = []
        attributeNameSet.removeAll()
        hasPendingAttribute = false
    }

    mutating func startAttribute() {
        finishAttribute()
        attributeName.removeAll()
        attributeValue.removeAll()
        hasPendingAttribute = true
    }

    /// Adds the pending attribute unless one with the same name exists (first one wins).
    /// - Complexity: O(1) amortized; a set takes over from a linear scan for large tags.
    mutating func finishAttribute() {
        guard hasPendingAttribute else { return }
        hasPendingAttribute = false
        let name = attributeName.string(in: input)
        if attributes.count < 12 {
            for attribute in attributes where attribute.name == name {
                parseError()
                return
            }
            if attributes.isEmpty { attributes.reserveCapacity(4) }
            attributes.append(HTMLAttribute(name: name, value: attributeValue.string(in: input)))
            if attributes.count == 12 { attributeNameSet = Set(attributes.map(\.name)) }
        } else {
            guard attributeNameSet.insert(name).inserted else {
                parseError()
                return
            }
            attributes.append(HTMLAttribute(name: name, value: attributeValue.string(in: input)))
        }
    }

    mutating func emitTag() {
        finishAttribute()
        let id = TagID.lookup(tagName.bytes(in: input))
        let name = id == .unknown ? tagName.string(in: input) : id.name
        if tagIsEndTag {
            if !attributes.isEmpty || tagSelfClosing { parseError() }
            emit(.endTag(TagToken(name: name, id: id, attributes: [], selfClosing: false)))
        } else {
            lastStartTagName.removeAll(keepingCapacity: true)
            lastStartTagName.append(contentsOf: tagName.bytes(in: input))
            emit(.startTag(TagToken(name: name, id: id, attributes: attributes, selfClosing: tagSelfClosing)))
        }
        attributes = []
    }

    /// Whether the current end tag matches the last start tag emitted.
    var isAppropriateEndTag: Bool {
        !lastStartTagName.isEmpty && tagName.bytes(in: input).elementsEqual(lastStartTagName)
    }

    // MARK: - Comments and DOCTYPEs

    mutating func emitComment() {
        emit(.comment(String(decoding: commentBuffer, as: UTF8.self)))
        commentBuffer.removeAll(keepingCapacity: true)
    }

    mutating func startDoctype() {
        doctypeName = nil
        doctypePublicIdentifier = nil
        doctypeSystemIdentifier = nil
        doctypeForceQuirks = false
    }

    mutating func emitDoctype() {
        let token = DoctypeToken(
            name: doctypeName.map { String(decoding: $0, as: UTF8.self) },
            publicIdentifier: doctypePublicIdentifier.map { String(decoding: $0, as: UTF8.self) },
            systemIdentifier: doctypeSystemIdentifier.map { String(decoding: $0, as: UTF8.self) },
            forceQuirks: doctypeForceQuirks
        )
        emit(.doctype(token))
    }

    /// Whether the input at the current position starts with `word`, comparing ASCII letters
    /// case-insensitively when `caseInsensitive` is set. `word` must be lowercase ASCII then.
    func inputHasPrefix(_ word: StaticString, caseInsensitive: Bool) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= input.count else { return false }
        let pointer = word.utf8Start
        for offset in 0..<count {
            var byte = input[position + offset]
            if caseInsensitive { byte = ASCII.lowercased(byte) }
            if byte != pointer[offset] { return false }
        }
        return true
    }

    // MARK: - The state machine

    /// Runs the state machine until at least one token has been queued (or more input consumed).
    mutating func step() {
        switch state {
        case .data: stepData()
        case .rcdata: stepRCDATA()
        case .rawtext: stepRawText(lessThanState: .rawtextLessThanSign)
        case .scriptData: stepRawText(lessThanState: .scriptDataLessThanSign)
        case .plaintext: stepPlainText()
        case .tagOpen, .endTagOpen, .tagName, .beforeAttributeName, .attributeName, .afterAttributeName,
            .beforeAttributeValue, .attributeValueDoubleQuoted, .attributeValueSingleQuoted,
            .attributeValueUnquoted, .afterAttributeValueQuoted, .selfClosingStartTag:
            stepTag()
        case .rcdataLessThanSign, .rcdataEndTagOpen, .rcdataEndTagName, .rawtextLessThanSign,
            .rawtextEndTagOpen, .rawtextEndTagName, .scriptDataLessThanSign, .scriptDataEndTagOpen,
            .scriptDataEndTagName, .scriptDataEscapedEndTagOpen, .scriptDataEscapedEndTagName:
            stepRawTextEndTag()
        case .scriptDataEscapeStart, .scriptDataEscapeStartDash, .scriptDataEscaped, .scriptDataEscapedDash,
            .scriptDataEscapedDashDash, .scriptDataEscapedLessThanSign, .scriptDataDoubleEscapeStart,
            .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash,
            .scriptDataDoubleEscapedLessThanSign, .scriptDataDoubleEscapeEnd:
            stepScriptDataEscaped()
        case .bogusComment, .markupDeclarationOpen, .commentStart, .commentStartDash, .comment,
            .commentLessThanSign, .commentLessThanSignBang, .commentLessThanSignBangDash,
            .commentLessThanSignBangDashDash, .commentEndDash, .commentEnd, .commentEndBang:
            stepComment()
        case .doctype, .beforeDoctypeName, .doctypeName, .afterDoctypeName, .afterDoctypePublicKeyword,
            .beforeDoctypePublicIdentifier, .doctypePublicIdentifierDoubleQuoted,
            .doctypePublicIdentifierSingleQuoted, .afterDoctypePublicIdentifier,
            .betweenDoctypePublicAndSystemIdentifiers, .afterDoctypeSystemKeyword,
            .beforeDoctypeSystemIdentifier, .doctypeSystemIdentifierDoubleQuoted,
            .doctypeSystemIdentifierSingleQuoted, .afterDoctypeSystemIdentifier, .bogusDoctype:
            stepDoctype()
        case .cdataSection, .cdataSectionBracket, .cdataSectionEnd:
            stepCDATA()
        }
    }

    /// Data state (§13.2.5.1): copies runs of ordinary bytes in one go.
    mutating func stepData() {
        let start = position
        let index = ByteScan.firstIndex(ofAny: ASCII.lessThan, ASCII.ampersand, 0, in: input, from: start)
        let end = input.count
        emitInputRun(start, index)
        position = index
        guard index < end else {
            emitEndOfFile()
            return
        }
        position += 1
        switch input[index] {
        case ASCII.lessThan: state = .tagOpen
        case ASCII.ampersand: consumeCharacterReference(inAttribute: false)
        default:
            parseError()
            emitCharacter(0)
        }
    }

    /// RCDATA state (§13.2.5.2).
    mutating func stepRCDATA() {
        let start = position
        let index = ByteScan.firstIndex(ofAny: ASCII.lessThan, ASCII.ampersand, 0, in: input, from: start)
        let end = input.count
        emitInputRun(start, index)
        position = index
        guard index < end else {
            emitEndOfFile()
            return
        }
        position += 1
        switch input[index] {
        case ASCII.lessThan: state = .rcdataLessThanSign
        case ASCII.ampersand: consumeCharacterReference(inAttribute: false)
        default:
            parseError()
            emitReplacementCharacter()
        }
    }

    /// RAWTEXT (§13.2.5.3) and script data (§13.2.5.4) states.
    mutating func stepRawText(lessThanState: TokenizerState) {
        let start = position
        let index = ByteScan.firstIndex(ofAny: ASCII.lessThan, 0, 0, in: input, from: start)
        let end = input.count
        emitInputRun(start, index)
        position = index
        guard index < end else {
            emitEndOfFile()
            return
        }
        position += 1
        if input[index] == ASCII.lessThan {
            state = lessThanState
        } else {
            parseError()
            emitReplacementCharacter()
        }
    }

    /// PLAINTEXT state (§13.2.5.5).
    mutating func stepPlainText() {
        let end = input.count
        while position < end {
            let start = position
            while position < end && input[position] != 0 { position += 1 }
            emitInputRun(start, position)
            if position < end {
                position += 1
                parseError()
                emitReplacementCharacter()
            }
        }
        emitEndOfFile()
    }

    /// CDATA section states (§13.2.5.69–§13.2.5.71).
    mutating func stepCDATA() {
        let c = peek()
        switch state {
        case .cdataSection:
            if c == Tokenizer.endOfInput {
                parseError()
                emitEndOfFile()
                return
            }
            position += 1
            if c == Int(ASCII.rightBracket) { state = .cdataSectionBracket } else { emitCharacter(UInt8(c)) }
        case .cdataSectionBracket:
            if c == Int(ASCII.rightBracket) {
                position += 1
                state = .cdataSectionEnd
            } else {
                emitCharacter(ASCII.rightBracket)
                state = .cdataSection
            }
        default:
            if c == Int(ASCII.rightBracket) {
                position += 1
                emitCharacter(ASCII.rightBracket)
            } else if c == Int(ASCII.greaterThan) {
                position += 1
                state = .data
            } else {
                emitCharacter(ASCII.rightBracket)
                emitCharacter(ASCII.rightBracket)
                state = .cdataSection
            }
        }
    }
}
