/// Script data escape and double-escape states (HTML §13.2.5.18–§13.2.5.23, §13.2.5.26–§13.2.5.31).
extension Tokenizer {
    mutating func stepScriptDataEscaped() {
        let c = peek()
        let eof = c == Tokenizer.endOfInput
        let byte = eof ? 0 : UInt8(c)
        switch state {
        case .scriptDataEscapeStart, .scriptDataEscapeStartDash:
            if byte == ASCII.hyphen {
                position += 1
                state = state == .scriptDataEscapeStart ? .scriptDataEscapeStartDash : .scriptDataEscapedDashDash
                emitCharacter(ASCII.hyphen)
            } else {
                state = .scriptData
            }
        case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash:
            if eof {
                parseError()
                emitEndOfFile()
                return
            }
            position += 1
            switch byte {
            case ASCII.hyphen:
                switch state {
                case .scriptDataEscaped: state = .scriptDataEscapedDash
                default: state = .scriptDataEscapedDashDash
                }
                emitCharacter(ASCII.hyphen)
            case ASCII.lessThan:
                state = .scriptDataEscapedLessThanSign
            case ASCII.greaterThan where state == .scriptDataEscapedDashDash:
                state = .scriptData
                emitCharacter(ASCII.greaterThan)
            case 0:
                parseError()
                state = .scriptDataEscaped
                emitReplacementCharacter()
            default:
                state = .scriptDataEscaped
                emitCharacter(byte)
            }
        case .scriptDataEscapedLessThanSign:
            if byte == ASCII.slash {
                position += 1
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = .scriptDataEscapedEndTagOpen
            } else if !eof && ASCII.isAlpha(byte) {
                temporaryBuffer.removeAll(keepingCapacity: true)
                emitCharacter(ASCII.lessThan)
                state = .scriptDataDoubleEscapeStart
            } else {
                emitCharacter(ASCII.lessThan)
                state = .scriptDataEscaped
            }
        case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
            let starting = state == .scriptDataDoubleEscapeStart
            if !eof && (ASCII.isWhitespace(byte) || byte == ASCII.slash || byte == ASCII.greaterThan) {
                position += 1
                let isScript = temporaryBuffer.elementsEqual("script".utf8)
                if starting {
                    state = isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                } else {
                    state = isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }
                emitCharacter(byte)
            } else if !eof && ASCII.isAlpha(byte) {
                position += 1
                temporaryBuffer.append(ASCII.lowercased(byte))
                emitCharacter(byte)
            } else {
                state = starting ? .scriptDataEscaped : .scriptDataDoubleEscaped
            }
        case .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash, .scriptDataDoubleEscapedDashDash:
            if eof {
                parseError()
                emitEndOfFile()
                return
            }
            position += 1
            switch byte {
            case ASCII.hyphen:
                switch state {
                case .scriptDataDoubleEscaped: state = .scriptDataDoubleEscapedDash
                default: state = .scriptDataDoubleEscapedDashDash
                }
                emitCharacter(ASCII.hyphen)
            case ASCII.lessThan:
                state = .scriptDataDoubleEscapedLessThanSign
                emitCharacter(ASCII.lessThan)
            case ASCII.greaterThan where state == .scriptDataDoubleEscapedDashDash:
                state = .scriptData
                emitCharacter(ASCII.greaterThan)
            case 0:
                parseError()
                state = .scriptDataDoubleEscaped
                emitReplacementCharacter()
            default:
                state = .scriptDataDoubleEscaped
                emitCharacter(byte)
            }
        default:  // .scriptDataDoubleEscapedLessThanSign
            if byte == ASCII.slash {
                position += 1
                temporaryBuffer.removeAll(keepingCapacity: true)
                state = .scriptDataDoubleEscapeEnd
                emitCharacter(ASCII.slash)
            } else {
                state = .scriptDataDoubleEscaped
            }
        }
    }
}
