import Crypto

/// Hexadecimal forms of random tokens and of their SHA-256 digests, so that only hashes of app
/// tokens are kept on disk.
enum TokenDigest {
    /// The SHA-256 of the token's UTF-8 bytes, as lowercase hexadecimal.
    static func hexDigest(_ token: String) -> String { hex(Array(SHA256.hash(data: Array(token.utf8)))) }

    /// Bytes as lowercase hexadecimal.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
