extension String {
    /// The string whose UTF-8 encoding is `bytes`, or nil when they are not valid UTF-8.
    ///
    /// ASCII bytes become the string directly. Other bytes are decoded (decoding replaces invalid
    /// sequences) and compared with the result: they were valid exactly when nothing changed. This
    /// avoids the standard library's generic validating initializer, whose cost per call is
    /// dominated by looking up generic metadata when reading many short stored strings.
    /// - Complexity: O(`bytes.count`).
    public init?(validUTF8 bytes: UnsafeRawBufferPointer) {
        let decoded = String(decoding: bytes, as: UTF8.self)
        if !bytes.allSatisfy({ $0 < 0x80 }) {
            guard decoded.utf8.elementsEqual(bytes) else { return nil }
        }
        self = decoded
    }
}
