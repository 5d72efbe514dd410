/// Decoders from the supported encodings to UTF-8, with the Encoding Standard's replacement
/// behaviour (each maximal invalid subsequence becomes one U+FFFD).
public enum HTMLDecoder {
    /// Decodes `bytes` (after skipping `skippingBOM` bytes) to valid UTF-8.
    /// - Complexity: O(n).
    public static func decodeToUTF8(_ bytes: [UInt8], encoding: HTMLEncoding, skippingBOM: Int = 0) -> [UInt8] {
        let body = skippingBOM > 0 ? Array(bytes.dropFirst(skippingBOM)) : bytes
        switch encoding {
        case .utf8: return repairUTF8(body)
        case .utf16LittleEndian: return decodeUTF16(body, bigEndian: false)
        case .utf16BigEndian: return decodeUTF16(body, bigEndian: true)
        case .windows1252: return decodeWindows1252(body)
        }
    }

    /// Decodes `bytes` to a `String` in the given encoding.
    public static func decode(_ bytes: [UInt8], encoding: HTMLEncoding) -> String {
        String(decoding: decodeToUTF8(bytes, encoding: encoding), as: UTF8.self)
    }

    /// The accepted range of the second byte after a given lead byte, and the continuation count.
    @inline(__always) private static func sequenceShape(_ lead: UInt8) -> (count: Int, lower: UInt8, upper: UInt8)? {
        switch lead {
        case 0xC2...0xDF: return (1, 0x80, 0xBF)
        case 0xE0: return (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (2, 0x80, 0xBF)
        case 0xED: return (2, 0x80, 0x9F)
        case 0xF0: return (3, 0x90, 0xBF)
        case 0xF1...0xF3: return (3, 0x80, 0xBF)
        case 0xF4: return (3, 0x80, 0x8F)
        default: return nil
        }
    }

    /// Whether `bytes` is entirely well-formed UTF-8.
    public static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { isValidUTF8($0) }
    }

    private static func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let end = bytes.count
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index = ByteScan.asciiPrefixEnd(bytes, from: index)
                continue
            }
            guard let shape = sequenceShape(lead), index + shape.count < end else { return false }
            let second = bytes[index + 1]
            guard second >= shape.lower && second <= shape.upper else { return false }
            for offset in stride(from: 2, through: shape.count, by: 1) where bytes[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += shape.count + 1
        }
        return true
    }

    /// UTF-8 to UTF-8 with invalid sequences replaced (WHATWG UTF-8 decoder).
    static func repairUTF8(_ bytes: [UInt8]) -> [UInt8] {
        if isValidUTF8(bytes) { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        let end = bytes.count
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                output.append(lead)
                index += 1
                continue
            }
            guard let shape = sequenceShape(lead) else {
                output.append(contentsOf: ASCII.replacementCharacter)
                index += 1
                continue
            }
            var next = index + 1
            var lower = shape.lower
            var upper = shape.upper
            var complete = true
            for _ in 0..<shape.count {
                guard next < end, bytes[next] >= lower, bytes[next] <= upper else {
                    complete = false
                    break
                }
                lower = 0x80
                upper = 0xBF
                next += 1
            }
            if complete {
                output.append(contentsOf: bytes[index..<next])
            } else {
                output.append(contentsOf: ASCII.replacementCharacter)
            }
            index = next
        }
        return output
    }

    static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var pendingHigh: UInt32?
        while index + 1 < bytes.count {
            let unit = bigEndian
                ? UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
                : UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index])
            index += 2
            if let high = pendingHigh {
                pendingHigh = nil
                if unit >= 0xDC00 && unit <= 0xDFFF {
                    ASCII.appendUTF8(0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00), to: &output)
                    continue
                }
                output.append(contentsOf: ASCII.replacementCharacter)
            }
            if unit >= 0xD800 && unit <= 0xDBFF {
                pendingHigh = unit
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                output.append(contentsOf: ASCII.replacementCharacter)
            } else {
                ASCII.appendUTF8(unit, to: &output)
            }
        }
        if pendingHigh != nil || index < bytes.count { output.append(contentsOf: ASCII.replacementCharacter) }
        return output
    }

    static func decodeWindows1252(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else if byte < 0xA0 {
                let mapped = Windows1252.highControlReplacements[Int(byte - 0x80)]
                ASCII.appendUTF8(mapped == 0 ? UInt32(byte) : mapped, to: &output)
            } else {
                ASCII.appendUTF8(UInt32(byte), to: &output)
            }
        }
        return output
    }
}
