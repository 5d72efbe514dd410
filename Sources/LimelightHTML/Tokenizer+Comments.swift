/// Markup declaration open, bogus comment and comment states (HTML §13.2.5.41–§13.2.5.52).
extension Tokenizer {
    mutating func stepComment() {
        let c = peek()
        let eof = c == Tokenizer.endOfInput
        let byte = eof ? 0 : UInt8(c)
        switch state {
        case .markupDeclarationOpen:
            stepMarkupDeclarationOpen()
        case .bogusComment:
            let end = input.count
            while position < end {
                let current = input[position]
                position += 1
                if current == ASCII.greaterThan {
                    state = .data
                    emitComment()
                    return
                } else if current == 0 {
                    parseError()
                    commentBuffer.append(contentsOf: ASCII.replacementCharacter)
                } else {
                    commentBuffer.append(current)
                }
            }
            emitComment()
            emitEndOfFile()
        case .commentStart:
            if byte == ASCII.hyphen {
                position += 1
                state = .commentStartDash
            } else if byte == ASCII.greaterThan {
                parseError()
                position += 1
                state = .data
                emitComment()
            } else {
                state = .comment
            }
        case .commentStartDash:
            if eof {
                parseError()
                emitComment()
                emitEndOfFile()
            } else if byte == ASCII.hyphen {
                position += 1
                state = .commentEnd
            } else if byte == ASCII.greaterThan {
                parseError()
                position += 1
                state = .data
                emitComment()
            } else {
                commentBuffer.append(ASCII.hyphen)
                state = .comment
            }
        case .comment:
            let end = input.count
            while position < end {
                let current = input[position]
                position += 1
                switch current {
                case ASCII.lessThan:
                    commentBuffer.append(current)
                    state = .commentLessThanSign
                    return
                case ASCII.hyphen:
                    state = .commentEndDash
                    return
                case 0:
                    parseError()
                    commentBuffer.append(contentsOf: ASCII.replacementCharacter)
                default:
                    commentBuffer.append(current)
                }
            }
            parseError()
            emitComment()
            emitEndOfFile()
        case .commentLessThanSign:
            if byte == ASCII.exclamation {
                position += 1
                commentBuffer.append(byte)
                state = .commentLessThanSignBang
            } else if byte == ASCII.lessThan {
                position += 1
                commentBuffer.append(byte)
            } else {
                state = .comment
            }
        case .commentLessThanSignBang:
            if byte == ASCII.hyphen {
                position += 1
                state = .commentLessThanSignBangDash
            } else {
                state = .comment
            }
        case .commentLessThanSignBangDash:
            if byte == ASCII.hyphen {
                position += 1
                state = .commentLessThanSignBangDashDash
            } else {
                state = .commentEndDash
            }
        case .commentLessThanSignBangDashDash:
            if !eof && byte != ASCII.greaterThan { parseError() }
            state = .commentEnd
        case .commentEndDash:
            if eof {
                parseError()
                emitComment()
                emitEndOfFile()
            } else if byte == ASCII.hyphen {
                position += 1
                state = .commentEnd
            } else {
                commentBuffer.append(ASCII.hyphen)
                state = .comment
            }
        case .commentEnd:
            if eof {
                parseError()
                emitComment()
                emitEndOfFile()
            } else if byte == ASCII.greaterThan {
                position += 1
                state = .data
                emitComment()
            } else if byte == ASCII.exclamation {
                position += 1
                state = .commentEndBang
            } else if byte == ASCII.hyphen {
                position += 1
                commentBuffer.append(ASCII.hyphen)
            } else {
                commentBuffer.append(ASCII.hyphen)
                commentBuffer.append(ASCII.hyphen)
                state = .comment
            }
        default:  // .commentEndBang
            if eof {
                parseError()
                emitComment()
                emitEndOfFile()
            } else if byte == ASCII.hyphen {
                position += 1
                commentBuffer.append(contentsOf: [ASCII.hyphen, ASCII.hyphen, ASCII.exclamation])
                state = .commentEndDash
            } else if byte == ASCII.greaterThan {
                parseError()
                position += 1
                state = .data
                emitComment()
            } else {
                commentBuffer.append(contentsOf: [ASCII.hyphen, ASCII.hyphen, ASCII.exclamation])
                state = .comment
            }
        }
    }

    /// Markup declaration open state (§13.2.5.42).
    private mutating func stepMarkupDeclarationOpen() {
        commentBuffer.removeAll(keepingCapacity: true)
        if inputHasPrefix("--", caseInsensitive: false) {
            position += 2
            state = .commentStart
        } else if inputHasPrefix("doctype", caseInsensitive: true) {
            position += 7
            state = .doctype
        } else if inputHasPrefix("[CDATA[", caseInsensitive: false) {
            position += 7
            if allowsCDATA {
                state = .cdataSection
            } else {
                parseError()
                commentBuffer.append(contentsOf: Array("[CDATA[".utf8))
                state = .bogusComment
            }
        } else {
            parseError()
            state = .bogusComment
        }
    }
}
