/// Tag states: tag open through self-closing start tag (HTML §13.2.5.6–§13.2.5.8,
/// §13.2.5.32–§13.2.5.40).
extension Tokenizer {
    mutating func stepTag() {
        let c = peek()
        let eof = c == Tokenizer.endOfInput
        let byte = eof ? 0 : UInt8(c)
        switch state {
        case .tagOpen:
            if byte == ASCII.exclamation {
                position += 1
                state = .markupDeclarationOpen
            } else if byte == ASCII.slash {
                position += 1
                state = .endTagOpen
            } else if !eof && ASCII.isAlpha(byte) {
                startTag(isEnd: false)
                state = .tagName
            } else if byte == ASCII.question {
                parseError()
                commentBuffer.removeAll(keepingCapacity: true)
                state = .bogusComment
            } else if eof {
                parseError()
                emitCharacter(ASCII.lessThan)
                emitEndOfFile()
            } else {
                parseError()
                emitCharacter(ASCII.lessThan)
                state = .data
            }
        case .endTagOpen:
            if !eof && ASCII.isAlpha(byte) {
                startTag(isEnd: true)
                state = .tagName
            } else if byte == ASCII.greaterThan {
                parseError()
                position += 1
                state = .data
            } else if eof {
                parseError()
                emitCharacter(ASCII.lessThan)
                emitCharacter(ASCII.slash)
                emitEndOfFile()
            } else {
                parseError()
                commentBuffer.removeAll(keepingCapacity: true)
                state = .bogusComment
            }
        case .tagName:
            stepTagName()
        case .beforeAttributeName:
            if eof || byte == ASCII.slash || byte == ASCII.greaterThan {
                state = .afterAttributeName
            } else if ASCII.isWhitespace(byte) {
                position += 1
            } else if byte == ASCII.equals {
                parseError()
                position += 1
                startAttribute()
                attributeName.appendInput(position - 1..<position, of: input)
                state = .attributeName
            } else {
                startAttribute()
                state = .attributeName
            }
        case .attributeName:
            stepAttributeName()
        case .afterAttributeName:
            if eof {
                parseError()
                emitEndOfFile()
                return
            }
            position += 1
            switch byte {
            case ASCII.tab, ASCII.lineFeed, ASCII.formFeed, ASCII.space: break
            case ASCII.slash: state = .selfClosingStartTag
            case ASCII.equals: state = .beforeAttributeValue
            case ASCII.greaterThan:
                state = .data
                emitTag()
            default:
                position -= 1
                startAttribute()
                state = .attributeName
            }
        case .beforeAttributeValue:
            switch byte {
            case ASCII.tab, ASCII.lineFeed, ASCII.formFeed, ASCII.space:
                position += 1
            case ASCII.quote:
                position += 1
                state = .attributeValueDoubleQuoted
            case ASCII.apostrophe:
                position += 1
                state = .attributeValueSingleQuoted
            case ASCII.greaterThan:
                parseError()
                position += 1
                state = .data
                emitTag()
            default:
                state = .attributeValueUnquoted
            }
        case .attributeValueDoubleQuoted:
            stepQuotedAttributeValue(quote: ASCII.quote)
        case .attributeValueSingleQuoted:
            stepQuotedAttributeValue(quote: ASCII.apostrophe)
        case .attributeValueUnquoted:
            stepUnquotedAttributeValue()
        case .afterAttributeValueQuoted:
            if eof {
                parseError()
                emitEndOfFile()
            } else if ASCII.isWhitespace(byte) {
                position += 1
                state = .beforeAttributeName
            } else if byte == ASCII.slash {
                position += 1
                state = .selfClosingStartTag
            } else if byte == ASCII.greaterThan {
                position += 1
                state = .data
                emitTag()
            } else {
                parseError()
                state = .beforeAttributeName
            }
        default:  // .selfClosingStartTag
            if eof {
                parseError()
                emitEndOfFile()
            } else if byte == ASCII.greaterThan {
                position += 1
                tagSelfClosing = true
                state = .data
                emitTag()
            } else {
                parseError()
                state = .beforeAttributeName
            }
        }
    }

    /// Whether a name byte is kept as it is: a lowercase letter, a digit or a hyphen.
    @inline(__always) static func isUnchangedNameByte(_ byte: UInt8) -> Bool {
        ASCII.isLower(byte) || ASCII.isDigit(byte) || byte == ASCII.hyphen
    }

    /// Tag name state (§13.2.5.8), consuming the whole name in one call when possible.
    mutating func stepTagName() {
        let end = input.count
        while position < end {
            let runStart = position
            while position < end && Self.isUnchangedNameByte(input[position]) { position += 1 }
            tagName.appendInput(runStart..<position, of: input)
            guard position < end else { break }
            let byte = input[position]
            position += 1
            switch byte {
            case ASCII.tab, ASCII.lineFeed, ASCII.formFeed, ASCII.space:
                state = .beforeAttributeName
                return
            case ASCII.slash:
                state = .selfClosingStartTag
                return
            case ASCII.greaterThan:
                state = .data
                emitTag()
                return
            case 0:
                parseError()
                tagName.append(contentsOf: ASCII.replacementCharacter, input: input)
            default:
                if ASCII.isUpper(byte) {
                    tagName.append(ASCII.lowercased(byte), input: input)
                } else {
                    tagName.appendInput(position - 1..<position, of: input)
                }
            }
        }
        parseError()
        emitEndOfFile()
    }

    /// Attribute name state (§13.2.5.33).
    mutating func stepAttributeName() {
        let end = input.count
        while position < end {
            let runStart = position
            while position < end && Self.isUnchangedNameByte(input[position]) { position += 1 }
            attributeName.appendInput(runStart..<position, of: input)
            guard position < end else { break }
            let byte = input[position]
            switch byte {
            case ASCII.tab, ASCII.lineFeed, ASCII.formFeed, ASCII.space, ASCII.slash, ASCII.greaterThan:
                state = .afterAttributeName
                return
            case ASCII.equals:
                position += 1
                state = .beforeAttributeValue
                return
            case 0:
                parseError()
                attributeName.append(contentsOf: ASCII.replacementCharacter, input: input)
            case ASCII.quote, ASCII.apostrophe, ASCII.lessThan:
                parseError()
                attributeName.appendInput(position..<position + 1, of: input)
            default:
                if ASCII.isUpper(byte) {
                    attributeName.append(ASCII.lowercased(byte), input: input)
                } else {
                    attributeName.appendInput(position..<position + 1, of: input)
                }
            }
            position += 1
        }
        state = .afterAttributeName
    }

    /// Attribute value (double- and single-quoted) states (§13.2.5.36, §13.2.5.37).
    mutating func stepQuotedAttributeValue(quote: UInt8) {
        let end = input.count
        while position < end {
            let runStart = position
            position = ByteScan.firstIndex(ofAny: quote, ASCII.ampersand, 0, in: input, from: position)
            attributeValue.appendInput(runStart..<position, of: input)
            guard position < end else { break }
            let byte = input[position]
            position += 1
            if byte == quote {
                state = .afterAttributeValueQuoted
                return
            } else if byte == ASCII.ampersand {
                consumeCharacterReference(inAttribute: true)
                return
            } else {  // NUL
                parseError()
                attributeValue.append(contentsOf: ASCII.replacementCharacter, input: input)
            }
        }
        parseError()
        emitEndOfFile()
    }

    /// Attribute value (unquoted) state (§13.2.5.38).
    mutating func stepUnquotedAttributeValue() {
        let end = input.count
        while position < end {
            let byte = input[position]
            position += 1
            switch byte {
            case ASCII.tab, ASCII.lineFeed, ASCII.formFeed, ASCII.space:
                state = .beforeAttributeName
                return
            case ASCII.ampersand:
                consumeCharacterReference(inAttribute: true)
                return
            case ASCII.greaterThan:
                state = .data
                emitTag()
                return
            case 0:
                parseError()
                attributeValue.append(contentsOf: ASCII.replacementCharacter, input: input)
            case ASCII.quote, ASCII.apostrophe, ASCII.lessThan, ASCII.equals, ASCII.graveAccent:
                parseError()
                attributeValue.appendInput(position - 1..<position, of: input)
            default:
                attributeValue.appendInput(position - 1..<position, of: input)
            }
        }
        parseError()
        emitEndOfFile()
    }
}
