/// The "prescan a byte stream to determine its encoding" algorithm (HTML §13.2.3.2) over the
/// first 1024 bytes.
enum MetaPrescanner {
    static let limit = 1024

    /// The encoding declared by a `<meta>` element, if any.
    static func prescan(_ allBytes: [UInt8]) -> HTMLEncoding? {
        var scanner = Scanner(bytes: Array(allBytes.prefix(limit)))
        return scanner.run()
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

        func matches(_ word: String, at index: Int) -> Bool {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count else { return false }
            for offset in utf8.indices where ASCII.lowercased(bytes[index + offset]) != utf8[offset] { return false }
            return true
        }

        mutating func run() -> HTMLEncoding? {
            while position < bytes.count {
                if matches("<!--", at: position) {
                    position += 4
                    while position < bytes.count && !matches("-->", at: position) { position += 1 }
                    position += 3
                    continue
                }
                if matches("<meta", at: position), let next = byte(at: position + 5),
                    ASCII.isWhitespace(next) || next == ASCII.slash
                {
                    position += 5
                    if let encoding = scanMeta() { return encoding }
                    continue
                }
                if bytes[position] == ASCII.lessThan, let next = byte(at: position + 1) {
                    let isTag = ASCII.isAlpha(next)
                        || (next == ASCII.slash && byte(at: position + 2).map(ASCII.isAlpha) == true)
                    if isTag {
                        position += 1
                        while position < bytes.count && !ASCII.isWhitespace(bytes[position])
                            && bytes[position] != ASCII.greaterThan
                        {
                            position += 1
                        }
                        while nextAttribute() != nil {}
                        continue
                    }
                    if next == ASCII.exclamation || next == ASCII.slash || next == ASCII.question {
                        while position < bytes.count && bytes[position] != ASCII.greaterThan { position += 1 }
                        position += 1
                        continue
                    }
                }
                position += 1
            }
            return nil
        }

        /// The attribute loop of a `<meta>` element.
        private mutating func scanMeta() -> HTMLEncoding? {
            var seen: Set<String> = []
            var gotPragma = false
            var needPragma: Bool?
            var charset: HTMLEncoding?
            var charsetFailed = false
            while let (name, value) = nextAttribute() {
                guard seen.insert(name).inserted else { continue }
                switch name {
                case "http-equiv":
                    if value == "content-type" { gotPragma = true }
                case "content":
                    if charset == nil, !charsetFailed, let label = Self.charsetFromContent(value) {
                        charset = HTMLEncoding(label: label)
                        charsetFailed = charset == nil
                        needPragma = true
                    }
                case "charset":
                    charset = HTMLEncoding(label: value)
                    charsetFailed = charset == nil
                    needPragma = false
                default:
                    break
                }
            }
            guard let needPragma, !(needPragma && !gotPragma), var result = charset else { return nil }
            if result == .utf16BigEndian || result == .utf16LittleEndian { result = .utf8 }
            return result
        }

        /// "Get an attribute": returns a lowercased name and value, or nil at `>` or the end.
        private mutating func nextAttribute() -> (String, String)? {
            while let current = byte(at: position), ASCII.isWhitespace(current) || current == ASCII.slash {
                position += 1
            }
            guard let first = byte(at: position), first != ASCII.greaterThan else { return nil }
            var name: [UInt8] = []
            var value: [UInt8] = []
            // Name.
            nameLoop: while let current = byte(at: position) {
                if current == ASCII.equals && !name.isEmpty {
                    position += 1
                    break nameLoop
                }
                if ASCII.isWhitespace(current) {
                    while let space = byte(at: position), ASCII.isWhitespace(space) { position += 1 }
                    guard byte(at: position) == ASCII.equals else { return (Self.string(name), "") }
                    position += 1
                    break nameLoop
                }
                if current == ASCII.slash || current == ASCII.greaterThan { return (Self.string(name), "") }
                name.append(ASCII.lowercased(current))
                position += 1
            }
            guard position < bytes.count else { return nil }
            // Value.
            while let space = byte(at: position), ASCII.isWhitespace(space) { position += 1 }
            guard let start = byte(at: position) else { return nil }
            if start == ASCII.quote || start == ASCII.apostrophe {
                position += 1
                while let current = byte(at: position) {
                    position += 1
                    if current == start { return (Self.string(name), Self.string(value)) }
                    value.append(ASCII.lowercased(current))
                }
                return nil
            }
            if start == ASCII.greaterThan { return (Self.string(name), "") }
            while let current = byte(at: position) {
                if ASCII.isWhitespace(current) || current == ASCII.greaterThan {
                    return (Self.string(name), Self.string(value))
                }
                value.append(ASCII.lowercased(current))
                position += 1
            }
            return nil
        }

        static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

        /// "Extract a character encoding from a meta element" (§2.5.x) on a lowercased value.
        static func charsetFromContent(_ content: String) -> String? {
            let bytes = Array(content.utf8)
            var position = 0
            let word = Array("charset".utf8)
            while position + word.count <= bytes.count {
                guard Array(bytes[position..<(position + word.count)]) == word else {
                    position += 1
                    continue
                }
                position += word.count
                while position < bytes.count && ASCII.isWhitespace(bytes[position]) { position += 1 }
                guard position < bytes.count, bytes[position] == ASCII.equals else { continue }
                position += 1
                while position < bytes.count && ASCII.isWhitespace(bytes[position]) { position += 1 }
                guard position < bytes.count else { return nil }
                let first = bytes[position]
                if first == ASCII.quote || first == ASCII.apostrophe {
                    guard let end = bytes[(position + 1)...].firstIndex(of: first) else { return nil }
                    return string(Array(bytes[(position + 1)..<end]))
                }
                var end = position
                while end < bytes.count && !ASCII.isWhitespace(bytes[end]) && bytes[end] != ASCII.semicolon { end += 1 }
                return string(Array(bytes[position..<end]))
            }
            return nil
        }
    }
}
