import Testing

@testable import LimelightCore

@Suite("Reading stored strings as UTF-8")
struct UTF8StringTests {
    private func string(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { String(validUTF8: $0) }
    }

    @Test("valid UTF-8 becomes the string it encodes", arguments: ["", "paris", "Frédéric", "日本語のテキスト", "emoji 🎉 end", "a\u{0}b"])
    func validBytesDecode(_ text: String) {
        #expect(string(Array(text.utf8)) == text)
    }

    @Test(
        "invalid UTF-8 is refused",
        arguments: [
            [0x80],  // a lone continuation byte
            [0x61, 0xC3],  // a truncated two-byte sequence
            [0xE2, 0x82],  // a truncated three-byte sequence
            [0xC0, 0xAF],  // an overlong encoding of "/"
            [0xED, 0xA0, 0x80],  // an encoded surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xFF],
            [0x61, 0xEF, 0xBF, 0xBD, 0xFE],  // a replacement character, then an invalid byte
        ] as [[UInt8]])
    func invalidBytesAreRefused(_ bytes: [UInt8]) {
        #expect(string(bytes) == nil)
    }

    @Test("an encoded replacement character is valid")
    func replacementCharacterIsValid() {
        #expect(string([0xEF, 0xBF, 0xBD]) == "\u{FFFD}")
    }
}
