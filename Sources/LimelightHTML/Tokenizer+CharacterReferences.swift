/// Character reference states (HTML §13.2.5.72–§13.2.5.80), run as one look-ahead over the
/// remaining input. The caller has consumed the `&`; the return state is the current state and
/// does not change. Whatever is not part of a reference is left in the input for the return
/// state, which treats those characters exactly as the "flush" steps of the specification would.
extension Tokenizer {
    mutating func consumeCharacterReference(inAttribute: Bool) {
        let c = peek()
        guard c != Tokenizer.endOfInput else {
            keepAmpersand(inAttribute: inAttribute)
            return
        }
        let byte = UInt8(c)
        if ASCII.isAlphanumeric(byte) {
            consumeNamedReference(inAttribute: inAttribute)
        } else if byte == ASCII.hash {
            consumeNumericReference(inAttribute: inAttribute)
        } else {
            keepAmpersand(inAttribute: inAttribute)
        }
    }

    /// Keeps the `&` just consumed (at `position - 1`) as literal text.
    @inline(__always) private mutating func keepAmpersand(inAttribute: Bool) {
        if inAttribute {
            attributeValue.appendInput(position - 1..<position, of: input)
        } else {
            emitInputRun(position - 1, position)
        }
    }

    private mutating func consumeNamedReference(inAttribute: Bool) {
        if let character = commonReferenceAtPosition() {
            if inAttribute {
                attributeValue.append(character.value, input: input)
            } else {
                emitCharacter(character.value)
            }
            position += character.length
            return
        }
        guard let match = NamedCharacterReferences.longestMatch(in: input, from: position) else {
            // Ambiguous ampersand: the alphanumerics stay text; a following ';' is an error.
            var index = position
            while index < input.count && ASCII.isAlphanumeric(input[index]) { index += 1 }
            if index < input.count && input[index] == ASCII.semicolon { parseError() }
            keepAmpersand(inAttribute: inAttribute)
            return
        }
        let endsWithSemicolon = input[position + match.length - 1] == ASCII.semicolon
        if inAttribute && !endsWithSemicolon && position + match.length < input.count {
            let following = input[position + match.length]
            if following == ASCII.equals || ASCII.isAlphanumeric(following) {
                keepAmpersand(inAttribute: true)
                return
            }
        }
        if !endsWithSemicolon { parseError() }
        position += match.length
        if inAttribute {
            attributeValue.appendCopied(input: input) {
                NamedCharacterReferences.appendExpansion(of: match.entry, to: &$0)
            }
        } else {
            materializePendingRun()
            NamedCharacterReferences.appendExpansion(of: match.entry, to: &textBuffer)
        }
    }

    /// The character and name length of `&amp;`, `&lt;`, `&gt;` or `&quot;` at `position` (after
    /// the `&`), the references pages use most. A name never contains `;` but at its end, so
    /// these are the longest matches there, exactly as the table lookup would find them.
    private func commonReferenceAtPosition() -> (value: UInt8, length: Int)? {
        let remaining = input.count - position
        guard remaining >= 3 else { return nil }
        switch (input[position], input[position + 1], input[position + 2]) {
        case (0x6C, 0x74, ASCII.semicolon): return (ASCII.lessThan, 3)  // lt;
        case (0x67, 0x74, ASCII.semicolon): return (ASCII.greaterThan, 3)  // gt;
        case (0x61, 0x6D, 0x70) where remaining >= 4 && input[position + 3] == ASCII.semicolon:
            return (ASCII.ampersand, 4)  // amp;
        case (0x71, 0x75, 0x6F) where remaining >= 5 && input[position + 3] == 0x74
            && input[position + 4] == ASCII.semicolon:
            return (ASCII.quote, 5)  // quot;
        default:
            return nil
        }
    }

    private mutating func consumeNumericReference(inAttribute: Bool) {
        var index = position + 1
        var isHex = false
        if index < input.count && (input[index] == 0x78 || input[index] == 0x58) {
            isHex = true
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < input.count {
            let digit = input[index]
            let digitValue: UInt32
            if ASCII.isDigit(digit) {
                digitValue = UInt32(digit - 0x30)
            } else if isHex && ASCII.isHexDigit(digit) {
                digitValue = UInt32(ASCII.lowercased(digit) - 0x61 + 10)
            } else {
                break
            }
            value = min(value * (isHex ? 16 : 10) + digitValue, 0x110000)
            index += 1
        }
        guard index > digitsStart else {
            // Absence of digits: "&#" (and "x") stay text.
            parseError()
            keepAmpersand(inAttribute: inAttribute)
            return
        }
        if index < input.count && input[index] == ASCII.semicolon {
            index += 1
        } else {
            parseError()
        }
        position = index
        let scalar = Self.checkedNumericReferenceValue(value, errors: &errorCount)
        if inAttribute {
            attributeValue.appendCopied(input: input) { ASCII.appendUTF8(scalar, to: &$0) }
        } else {
            materializePendingRun()
            ASCII.appendUTF8(scalar, to: &textBuffer)
        }
    }

    /// The numeric character reference end state's replacements (§13.2.5.80).
    static func checkedNumericReferenceValue(_ value: UInt32, errors: inout Int) -> UInt32 {
        if value == 0 || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF) {
            errors += 1
            return 0xFFFD
        }
        if (value >= 0xFDD0 && value <= 0xFDEF) || (value & 0xFFFE) == 0xFFFE {
            errors += 1
            return value
        }
        let isControl = value < 0x20 || (value >= 0x7F && value <= 0x9F)
        let isWhitespace = value == 0x09 || value == 0x0A || value == 0x0C || value == 0x20
        if value == 0x0D || (isControl && !isWhitespace) {
            errors += 1
            if value >= 0x80 && value <= 0x9F {
                let replacement = Windows1252.highControlReplacements[Int(value - 0x80)]
                if replacement != 0 { return replacement }
            }
        }
        return value
    }
}
