/// Less-than-sign, end tag open and end tag name states of RCDATA, RAWTEXT, script data and
/// escaped script data (HTML §13.2.5.9–§13.2.5.17, §13.2.5.24, §13.2.5.25).
extension Tokenizer {
    /// The state to fall back to when a would-be end tag turns out to be text.
    private var textStateForEndTag: TokenizerState {
        switch state {
        case .rcdataLessThanSign, .rcdataEndTagOpen, .rcdataEndTagName: return .rcdata
        case .rawtextLessThanSign, .rawtextEndTagOpen, .rawtextEndTagName: return .rawtext
        case .scriptDataEscapedEndTagOpen, .scriptDataEscapedEndTagName: return .scriptDataEscaped
        default: return .scriptData
        }
    }

    mutating func stepRawTextEndTag() {
        let c = peek()
        let eof = c == Tokenizer.endOfInput
        let byte = eof ? 0 : UInt8(c)
        switch state {
        case .rcdataLessThanSign, .rawtextLessThanSign:
            if byte == ASCII.slash {
                position += 1
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = state == .rcdataLessThanSign ? .rcdataEndTagOpen : .rawtextEndTagOpen
            } else {
                emitCharacter(ASCII.lessThan)
                state = textStateForEndTag
            }
        case .scriptDataLessThanSign:
            if byte == ASCII.slash {
                position += 1
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = .scriptDataEndTagOpen
            } else if byte == ASCII.exclamation {
                position += 1
                state = .scriptDataEscapeStart
                emitCharacter(ASCII.lessThan)
                emitCharacter(ASCII.exclamation)
            } else {
                emitCharacter(ASCII.lessThan)
                state = .scriptData
            }
        case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen, .scriptDataEscapedEndTagOpen:
            if !eof && ASCII.isAlpha(byte) {
                startTag(isEnd: true)
                switch state {
                case .rcdataEndTagOpen: state = .rcdataEndTagName
                case .rawtextEndTagOpen: state = .rawtextEndTagName
                case .scriptDataEndTagOpen: state = .scriptDataEndTagName
                default: state = .scriptDataEscapedEndTagName
                }
            } else {
                emitCharacter(ASCII.lessThan)
                emitCharacter(ASCII.slash)
                state = textStateForEndTag
            }
        default:  // the four end tag name states
            if !eof && ASCII.isAlpha(byte) {
                position += 1
                tagName.append(ASCII.lowercased(byte), input: input)
                temporaryBuffer.append(byte)
                return
            }
            if isAppropriateEndTag {
                if !eof && ASCII.isWhitespace(byte) {
                    position += 1
                    state = .beforeAttributeName
                    return
                } else if byte == ASCII.slash {
                    position += 1
                    state = .selfClosingStartTag
                    return
                } else if byte == ASCII.greaterThan {
                    position += 1
                    state = .data
                    emitTag()
                    return
                }
            }
            emitCharacter(ASCII.lessThan)
            emitCharacter(ASCII.slash)
            materializePendingRun()
            textBuffer.append(contentsOf: temporaryBuffer)
            state = textStateForEndTag
        }
    }
}
