/// A plain-HTTP address: host, port and path, parsed from `http://host[:port][/path]`.
///
/// Limelight's daemon serves plain HTTP on loopback by default; TLS is for a proxy in front of it.
public struct HTTPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The host name or address (IPv6 without brackets).
    public var host: String
    /// The TCP port.
    public var port: Int
    /// The path, starting with "/" (with any query string).
    public var path: String

    /// Parses an `http://` URL; nil when it is not one, has no host, or has a bad port.
    public init?(_ text: String) {
        guard text.hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var remainder = String(rest[authorityEnd...])
        if remainder.isEmpty { remainder = "/" } else if remainder.hasPrefix("?") { remainder = "/" + remainder }
        guard !authority.contains("@") else { return nil }
        var host: Substring
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else { return nil }
        var port = 80
        if let portText {
            guard let parsed = Int(portText), (1...65535).contains(parsed) else { return nil }
            port = parsed
        }
        guard !remainder.contains(where: { $0 == " " || $0 == "\r" || $0 == "\n" }) else { return nil }
        self.host = String(host)
        self.port = port
        self.path = remainder
    }

    /// This endpoint with `path` (which starts with "/") appended to its own path.
    public func appending(_ suffix: String) -> HTTPEndpoint {
        var copy = self
        copy.path = (path.hasSuffix("/") ? String(path.dropLast()) : path) + suffix
        return copy
    }

    /// The URL text.
    public var description: String {
        let hostText = host.contains(":") ? "[\(host)]" : host
        return "http://\(hostText):\(port)\(path)"
    }
}
