import LimelightHTML
import Testing

@Suite struct EncodingSnifferTests {
    @Test func byteOrderMarksWin() {
        let utf8 = EncodingSniffer.detect([0xEF, 0xBB, 0xBF, 0x3C], httpCharset: "windows-1252")
        #expect(utf8.encoding == .utf8 && utf8.source == .byteOrderMark && utf8.bomLength == 3)
        let little = EncodingSniffer.detect([0xFF, 0xFE, 0x3C, 0x00])
        #expect(little.encoding == .utf16LittleEndian && little.bomLength == 2)
        let big = EncodingSniffer.detect([0xFE, 0xFF, 0x00, 0x3C])
        #expect(big.encoding == .utf16BigEndian && big.bomLength == 2)
    }

    @Test func transportCharsetBeatsMeta() {
        let bytes = Array("<meta charset=utf-8><p>caf\u{E9}".utf8)
        let detection = EncodingSniffer.detect(bytes, httpCharset: "ISO-8859-1")
        #expect(detection.encoding == .windows1252)
        #expect(detection.source == .transport)
    }

    @Test func unknownTransportCharsetFallsThrough() {
        let detection = EncodingSniffer.detect(Array("<meta charset=latin1>".utf8), httpCharset: "x-unknown")
        #expect(detection.encoding == .windows1252)
        #expect(detection.source == .metaPrescan)
    }

    @Test func metaCharsetAttribute() {
        let detection = EncodingSniffer.detect(Array("<!doctype html><html><head><META CHARSET='Windows-1252'>".utf8))
        #expect(detection.encoding == .windows1252)
        #expect(detection.source == .metaPrescan)
    }

    @Test func metaHTTPEquivContentType() {
        let html = "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">"
        #expect(EncodingSniffer.detect(Array(html.utf8)).encoding == .windows1252)
        // Without the pragma, a content attribute alone does not count.
        let noPragma = "<meta content=\"text/html; charset=iso-8859-1\"><p>\u{E9}"
        #expect(EncodingSniffer.detect(Array(noPragma.utf8)).source == .validUTF8)
    }

    @Test func metaInsideCommentIsIgnored() {
        let html = "<!-- <meta charset=windows-1252> --><p>x"
        #expect(EncodingSniffer.detect(Array(html.utf8)).source == .validUTF8)
    }

    @Test func metaDeclaringUTF16MeansUTF8() {
        #expect(EncodingSniffer.detect(Array("<meta charset=utf-16>".utf8)).encoding == .utf8)
    }

    @Test func metaAfter1024BytesIsNotSeen() {
        let html = String(repeating: " ", count: 1100) + "<meta charset=windows-1252>"
        #expect(EncodingSniffer.detect(Array(html.utf8)).source == .validUTF8)
    }

    @Test func fallbackIsUTF8WhenValidElseWindows1252() {
        #expect(EncodingSniffer.detect(Array("<p>na\u{EF}ve".utf8)).encoding == .utf8)
        let latin1: [UInt8] = [0x3C, 0x70, 0x3E, 0x6E, 0x61, 0xEF, 0x76, 0x65]
        let detection = EncodingSniffer.detect(latin1)
        #expect(detection.encoding == .windows1252 && detection.source == .defaultFallback)
    }

    @Test func labels() {
        #expect(HTMLEncoding(label: " UTF8 ") == .utf8)
        #expect(HTMLEncoding(label: "us-ascii") == .windows1252)
        #expect(HTMLEncoding(label: "latin1") == .windows1252)
        #expect(HTMLEncoding(label: "utf-16") == .utf16LittleEndian)
        #expect(HTMLEncoding(label: "shift_jis") == nil)
    }
}

@Suite struct DecoderTests {
    @Test func utf8InvalidSequencesBecomeReplacementCharacters() {
        // Truncated 3-byte sequence, lone continuation byte, overlong encoding, surrogate encoding.
        let bytes: [UInt8] = [0x61, 0xE2, 0x82, 0x62, 0x80, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x63]
        let decoded = HTMLDecoder.decode(bytes, encoding: .utf8)
        #expect(decoded == "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}c")
    }

    @Test func utf8ValidPassesThrough() {
        let text = "h\u{E9}llo \u{1F600} \u{4E16}"
        #expect(HTMLDecoder.decode(Array(text.utf8), encoding: .utf8) == text)
        #expect(HTMLDecoder.isValidUTF8(Array(text.utf8)))
        #expect(!HTMLDecoder.isValidUTF8([0xF0, 0x9F, 0x98]))
    }

    @Test func utf8ValidationFindsInvalidBytesAfterLongASCIIRuns() {
        for runLength in 0..<20 {
            let ascii = [UInt8](repeating: 0x61, count: runLength)
            #expect(HTMLDecoder.isValidUTF8(ascii + [0xC3, 0xA9] + ascii))
            #expect(!HTMLDecoder.isValidUTF8(ascii + [0xFF] + ascii))
            #expect(!HTMLDecoder.isValidUTF8(ascii + [0xC3]))
        }
    }

    @Test func carriageReturnsAreFoundAtEveryOffset() throws {
        for offset in 0..<20 {
            let text = String(repeating: "x", count: offset) + "\r" + String(repeating: "y", count: 9)
            let result = HTMLParser.parse(bytes: Array("<pre>\n".utf8) + Array(text.utf8) + Array("</pre>".utf8))
            let pre = try #require(result.document.descendantElements.first { $0.isHTMLElement("pre") })
            #expect(pre.textContent == String(repeating: "x", count: offset) + "\n" + String(repeating: "y", count: 9))
        }
    }

    @Test func windows1252MapsTheC1Range() {
        let bytes: [UInt8] = [0x80, 0x81, 0x93, 0x94, 0xE9, 0xFF]
        #expect(HTMLDecoder.decode(bytes, encoding: .windows1252) == "\u{20AC}\u{81}\u{201C}\u{201D}\u{E9}\u{FF}")
    }

    @Test func utf16BothEndiannessesAndBrokenSurrogates() {
        #expect(HTMLDecoder.decode([0x3C, 0x00, 0x3D, 0xD8, 0x00, 0xDE], encoding: .utf16LittleEndian) == "<\u{1F600}")
        #expect(HTMLDecoder.decode([0x00, 0x3C, 0xD8, 0x3D, 0xDE, 0x00], encoding: .utf16BigEndian) == "<\u{1F600}")
        #expect(HTMLDecoder.decode([0x00, 0xDC, 0x41, 0x00, 0x42], encoding: .utf16LittleEndian) == "\u{FFFD}A\u{FFFD}")
    }

    @Test func parseBytesUsesTheDetectedEncoding() throws {
        let latin1: [UInt8] = Array("<meta charset=iso-8859-1><p>caf".utf8) + [0xE9, 0x93]
        let result = HTMLParser.parse(bytes: latin1)
        #expect(result.encoding == .windows1252)
        #expect(result.encodingSource == .metaPrescan)
        let paragraph = try #require(result.document.descendantElements.first { $0.isHTMLElement("p") })
        #expect(paragraph.textContent == "caf\u{E9}\u{201C}")
    }

    @Test func parseBytesSkipsTheBOMAndNormalizesNewlines() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<pre>\r\na\rb\r\nc</pre>".utf8)
        let result = HTMLParser.parse(bytes: bytes)
        #expect(result.encodingSource == .byteOrderMark)
        let pre = try #require(result.document.descendantElements.first { $0.isHTMLElement("pre") })
        #expect(pre.textContent == "a\nb\nc")
    }
}
