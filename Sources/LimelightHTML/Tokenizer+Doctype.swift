/// DOCTYPE states (HTML §13.2.5.53–§13.2.5.68).
extension Tokenizer {
    mutating func stepDoctype() {
        let c = peek()
        let eof = c == Tokenizer.endOfInput
        let byte = eof ? 0 : UInt8(c)
        let whitespace = !eof && (byte == ASCII.tab || byte == ASCII.lineFeed || byte == ASCII.formFeed
            || byte == ASCII.space)
        if eof && state != .doctype && state != .beforeDoctypeName {
            // Every DOCTYPE state but bogus DOCTYPE reports an error and forces quirks at EOF.
            if state != .bogusDoctype {
                parseError()
                doctypeForceQuirks = true
            }
            emitDoctype()
            emitEndOfFile()
            return
        }
        switch state {
        case .doctype:
            if eof {
                parseError()
                startDoctype()
                doctypeForceQuirks = true
                emitDoctype()
                emitEndOfFile()
                return
            }
            if whitespace {
                position += 1
            } else if byte != ASCII.greaterThan {
                parseError()
            }
            state = .beforeDoctypeName
        case .beforeDoctypeName:
            if whitespace {
                position += 1
                return
            }
            startDoctype()
            if eof {
                parseError()
                doctypeForceQuirks = true
                emitDoctype()
                emitEndOfFile()
                return
            }
            position += 1
            if byte == ASCII.greaterThan {
                parseError()
                doctypeForceQuirks = true
                state = .data
                emitDoctype()
                return
            }
            var name: [UInt8] = []
            if byte == 0 {
                parseError()
                name.append(contentsOf: ASCII.replacementCharacter)
            } else {
                name.append(ASCII.lowercased(byte))
            }
            doctypeName = name
            state = .doctypeName
        case .doctypeName:
            position += 1
            if whitespace {
                state = .afterDoctypeName
            } else if byte == ASCII.greaterThan {
                state = .data
                emitDoctype()
            } else if byte == 0 {
                parseError()
                doctypeName?.append(contentsOf: ASCII.replacementCharacter)
            } else {
                doctypeName?.append(ASCII.lowercased(byte))
            }
        case .afterDoctypeName:
            if whitespace {
                position += 1
            } else if byte == ASCII.greaterThan {
                position += 1
                state = .data
                emitDoctype()
            } else if inputHasPrefix("public", caseInsensitive: true) {
                position += 6
                state = .afterDoctypePublicKeyword
            } else if inputHasPrefix("system", caseInsensitive: true) {
                position += 6
                state = .afterDoctypeSystemKeyword
            } else {
                parseError()
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier,
            .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier:
            let isPublic = state == .afterDoctypePublicKeyword || state == .beforeDoctypePublicIdentifier
            let afterKeyword = state == .afterDoctypePublicKeyword || state == .afterDoctypeSystemKeyword
            if whitespace {
                position += 1
                if afterKeyword {
                    state = isPublic ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
                }
            } else if byte == ASCII.quote || byte == ASCII.apostrophe {
                if afterKeyword { parseError() }
                position += 1
                openIdentifier(isPublic: isPublic, quote: byte)
            } else if byte == ASCII.greaterThan {
                parseError()
                position += 1
                doctypeForceQuirks = true
                state = .data
                emitDoctype()
            } else {
                parseError()
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
            .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
            stepDoctypeIdentifier()
        case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
            let between = state == .betweenDoctypePublicAndSystemIdentifiers
            if whitespace {
                position += 1
                state = .betweenDoctypePublicAndSystemIdentifiers
            } else if byte == ASCII.greaterThan {
                position += 1
                state = .data
                emitDoctype()
            } else if byte == ASCII.quote || byte == ASCII.apostrophe {
                if !between { parseError() }
                position += 1
                openIdentifier(isPublic: false, quote: byte)
            } else {
                parseError()
                doctypeForceQuirks = true
                state = .bogusDoctype
            }
        case .afterDoctypeSystemIdentifier:
            if whitespace {
                position += 1
            } else if byte == ASCII.greaterThan {
                position += 1
                state = .data
                emitDoctype()
            } else {
                parseError()
                state = .bogusDoctype
            }
        default:  // .bogusDoctype
            let end = input.count
            while position < end {
                let current = input[position]
                position += 1
                if current == ASCII.greaterThan {
                    state = .data
                    emitDoctype()
                    return
                }
                if current == 0 { parseError() }
            }
            emitDoctype()
            emitEndOfFile()
        }
    }

    private mutating func openIdentifier(isPublic: Bool, quote: UInt8) {
        let doubleQuoted = quote == ASCII.quote
        if isPublic {
            doctypePublicIdentifier = []
            state = doubleQuoted ? .doctypePublicIdentifierDoubleQuoted : .doctypePublicIdentifierSingleQuoted
        } else {
            doctypeSystemIdentifier = []
            state = doubleQuoted ? .doctypeSystemIdentifierDoubleQuoted : .doctypeSystemIdentifierSingleQuoted
        }
    }

    /// The quoted public and system identifier states (§13.2.5.59, 60, 65, 66).
    private mutating func stepDoctypeIdentifier() {
        let isPublic = state == .doctypePublicIdentifierDoubleQuoted || state == .doctypePublicIdentifierSingleQuoted
        let quote = (state == .doctypePublicIdentifierDoubleQuoted || state == .doctypeSystemIdentifierDoubleQuoted)
            ? ASCII.quote : ASCII.apostrophe
        var identifier: [UInt8] = (isPublic ? doctypePublicIdentifier : doctypeSystemIdentifier) ?? []
        defer {
            if isPublic { doctypePublicIdentifier = identifier } else { doctypeSystemIdentifier = identifier }
        }
        let end = input.count
        while position < end {
            let current = input[position]
            position += 1
            if current == quote {
                state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
                return
            } else if current == 0 {
                parseError()
                identifier.append(contentsOf: ASCII.replacementCharacter)
            } else if current == ASCII.greaterThan {
                parseError()
                doctypeForceQuirks = true
                state = .data
                if isPublic { doctypePublicIdentifier = identifier } else { doctypeSystemIdentifier = identifier }
                emitDoctype()
                return
            } else {
                identifier.append(current)
            }
        }
        // End of input: the generic EOF handling in `stepDoctype` emits on the next step.
    }
}
