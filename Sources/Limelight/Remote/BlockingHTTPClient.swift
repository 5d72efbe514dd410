#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A response read by ``BlockingHTTPClient``.
public struct HTTPClientResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// The header fields, names lowercased (the last of repeated fields wins).
    public var headers: [String: String]
    /// The body, de-chunked.
    public var body: [UInt8]

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Why an HTTP exchange failed before a response arrived.
public struct HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong and where.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}

/// A minimal, blocking HTTP/1.1 client over POSIX sockets: one request per connection
/// (`Connection: close`), plain HTTP, with a timeout on every socket operation.
///
/// It needs neither libcurl nor an event loop, so the synchronous Core Spotlight calls (which run on
/// the index's dispatch queue) and the daemon's delegate delivery can use it. Not for use on Swift
/// concurrency's cooperative threads without moving off them first: every call blocks.
public enum BlockingHTTPClient {
    /// The largest response accepted, in bytes.
    public static let maximumResponseBytes = 64 * 1024 * 1024

    /// Sends one request and reads the whole response.
    ///
    /// - Parameters:
    ///   - method: The method (`GET`, `POST`, `DELETE`).
    ///   - endpoint: The address and path (with any query string).
    ///   - headers: Extra header fields (`Content-Length`, `Host` and `Connection` are set here).
    ///   - body: The body, if any.
    ///   - timeout: Seconds allowed for connecting and for each read or write.
    /// - Throws: ``HTTPTransportError`` when the host cannot be reached or the response is malformed.
    public static func send(
        method: String, endpoint: HTTPEndpoint, headers: [(String, String)] = [], body: [UInt8]? = nil, timeout: Double = 30
    ) throws(HTTPTransportError) -> HTTPClientResponse {
        let socket = try connect(endpoint, timeout: timeout)
        defer { close(socket) }
        var head = "\(method) \(endpoint.path) HTTP/1.1\r\nHost: \(endpoint.host):\(endpoint.port)\r\nConnection: close\r\n"
        for (name, value) in headers where !name.isEmpty {
            guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else {
                throw HTTPTransportError("header \(name) contains a line break")
            }
            head += "\(name): \(value)\r\n"
        }
        if body != nil || method == "POST" || method == "PUT" { head += "Content-Length: \(body?.count ?? 0)\r\n" }
        head += "\r\n"
        try writeAll(socket, Array(head.utf8) + (body ?? []), endpoint: endpoint)
        let raw = try readAll(socket, endpoint: endpoint)
        return try HTTPResponseParser.parse(raw, endpoint: endpoint)
    }

    private static func connect(_ endpoint: HTTPEndpoint, timeout: Double) throws(HTTPTransportError) -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPTransportError("cannot resolve \(endpoint.host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let address = candidate {
            candidate = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                lastError = errno
                continue
            }
            var interval = timeval()
            interval.tv_sec = .init(timeout)
            interval.tv_usec = .init((timeout - timeout.rounded(.down)) * 1_000_000)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
            var one: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            if Glibc_connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            lastError = errno
            close(descriptor)
        }
        throw HTTPTransportError("cannot connect to \(endpoint.host):\(endpoint.port): \(String(cString: strerror(lastError)))")
    }

    private static func writeAll(_ socket: Int32, _ bytes: [UInt8], endpoint: HTTPEndpoint) throws(HTTPTransportError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                sendFlags(socket, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw HTTPTransportError("cannot write to \(endpoint.host):\(endpoint.port): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    private static func readAll(_ socket: Int32, endpoint: HTTPEndpoint) throws(HTTPTransportError) -> [UInt8] {
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count == 0 { return result }
            if count < 0 {
                if errno == EINTR { continue }
                if !result.isEmpty, HTTPResponseParser.isComplete(result) { return result }
                throw HTTPTransportError("cannot read from \(endpoint.host):\(endpoint.port): \(String(cString: strerror(errno)))")
            }
            result.append(contentsOf: chunk[0..<count])
            guard result.count <= maximumResponseBytes else {
                throw HTTPTransportError("the response of \(endpoint.host):\(endpoint.port) exceeds \(maximumResponseBytes) bytes")
            }
            if HTTPResponseParser.isComplete(result) { return result }
        }
    }
}

private func Glibc_connect(_ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
    #if canImport(Glibc)
    return Glibc.connect(socket, address, length)
    #else
    return Darwin.connect(socket, address, length)
    #endif
}

private func sendFlags(_ socket: Int32, _ pointer: UnsafeRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return send(socket, pointer, count, Int32(MSG_NOSIGNAL))
    #else
    return send(socket, pointer, count, 0)
    #endif
}
