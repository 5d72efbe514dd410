/// Parses an HTTP/1.1 response read off a socket: status line, header fields and a body delimited by
/// `Content-Length`, chunked transfer coding or the end of the connection.
enum HTTPResponseParser {
    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    /// The offset just past the blank line ending the header, or nil.
    static func headerLength(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4) where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }

    /// Whether `bytes` already hold a whole response with a known length (so reading can stop before
    /// the peer closes).
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        guard let headerLength = headerLength(bytes), let head = try? parseHead(bytes[..<headerLength]) else { return false }
        if let length = head.headers["content-length"].flatMap({ Int($0) }) { return bytes.count - headerLength >= length }
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            return (try? dechunk(Array(bytes[headerLength...]))) != nil
        }
        return head.status == 204 || head.status == 304
    }

    /// Parses a whole response.
    static func parse(_ bytes: [UInt8], endpoint: HTTPEndpoint) throws(HTTPTransportError) -> HTTPClientResponse {
        guard let headerLength = headerLength(bytes) else {
            throw HTTPTransportError("\(endpoint.host):\(endpoint.port) closed the connection before a complete response")
        }
        let head = try parseHead(bytes[..<headerLength])
        var body = Array(bytes[headerLength...])
        if head.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let decoded = try? dechunk(body) else { throw HTTPTransportError("malformed chunked body from \(endpoint.host)") }
            body = decoded
        } else if let length = head.headers["content-length"].flatMap({ Int($0) }) {
            guard body.count >= length else { throw HTTPTransportError("truncated body from \(endpoint.host)") }
            body = Array(body.prefix(length))
        }
        return HTTPClientResponse(status: head.status, headers: head.headers, body: body)
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>) throws(HTTPTransportError) -> (status: Int, headers: [String: String]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: true).makeIterator()
        guard let statusLine = lines.next() else { throw HTTPTransportError("empty response") }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            throw HTTPTransportError("malformed status line '\(statusLine)'")
        }
        var headers: [String: String] = [:]
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = trimmed(line[line.index(after: colon)...])
            headers[name] = value
        }
        return (status, headers)
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }

    private struct MalformedChunk: Error {}

    /// Decodes a chunked body; throws when it is incomplete or malformed.
    private static func dechunk(_ bytes: [UInt8]) throws -> [UInt8] {
        var result: [UInt8] = []
        var offset = 0
        while true {
            guard let lineEnd = findCRLF(bytes, from: offset) else { throw MalformedChunk() }
            let sizeText = String(decoding: bytes[offset..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(trimmed(sizeText), radix: 16), size >= 0 else { throw MalformedChunk() }
            offset = lineEnd + 2
            if size == 0 { return result }
            guard offset + size + 2 <= bytes.count else { throw MalformedChunk() }
            result.append(contentsOf: bytes[offset..<(offset + size)])
            offset += size + 2
        }
    }

    private static func findCRLF(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 13 && bytes[index + 1] == 10 { return index }
            index += 1
        }
        return nil
    }
}
