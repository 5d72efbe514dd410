/// Input stream preprocessing (HTML §13.2.3.5): normalizes newlines so the tokenizer never sees
/// a carriage return.
enum InputPreprocessor {
    /// Returns `bytes` (valid UTF-8) with every CR LF pair and every lone CR replaced by LF.
    /// - Complexity: O(n); returns the input unchanged when it holds no CR.
    static func normalizingNewlines(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = ByteScan.firstIndex(of: ASCII.carriageReturn, in: bytes) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        output.append(contentsOf: bytes[..<first])
        var index = first
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte == ASCII.carriageReturn {
                output.append(ASCII.lineFeed)
                if index + 1 < end && bytes[index + 1] == ASCII.lineFeed { index += 1 }
            } else {
                output.append(byte)
            }
            index += 1
        }
        return output
    }
}
