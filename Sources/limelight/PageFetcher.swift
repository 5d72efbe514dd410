import Foundation
import LimelightWebMarkup
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A page read from the network or from a file, ready for the HTML parser.
struct FetchedPage: Sendable {
    /// The URL the content came from (after redirects), or a `file://` URL for a local file.
    var url: String
    /// The body bytes (at most the fetcher's limit).
    var bytes: [UInt8]
    /// The `charset` parameter of the HTTP `Content-Type`, when the server sent one.
    var httpCharset: String?
    /// The HTTP status code, or nil for a local file.
    var statusCode: Int?
    /// Whether the body was cut at the size limit.
    var truncated: Bool
}

/// Why a page could not be read; the description is the message the CLI prints.
struct PageFetchError: Error, CustomStringConvertible {
    /// The message shown to the user.
    var description: String
}

/// Reads a page from an `http`/`https` URL or a local file, with a timeout, a size limit and a
/// redirect limit.
struct PageFetcher: Sendable {
    /// Seconds to wait for the server before giving up.
    var timeout: TimeInterval = 20
    /// The most body bytes read; reading stops past it and the page is marked truncated.
    var maximumBytes = 5 * 1024 * 1024
    /// The most redirects followed.
    var maximumRedirects = 5

    /// Whether the argument names a web URL rather than a file.
    static func isWebAddress(_ argument: String) -> Bool {
        let lower = argument.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Reads `argument`: fetched when it is an `http(s)` URL, else read as a file path.
    func read(_ argument: String) async throws -> FetchedPage {
        if Self.isWebAddress(argument) {
            guard let url = URL(string: argument), url.host != nil else {
                throw PageFetchError(description: "not a valid URL: \(argument)")
            }
            return try await fetch(url)
        }
        return try readFile(argument)
    }

    /// Reads a local file, up to the size limit.
    func readFile(_ path: String) throws -> FetchedPage {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw PageFetchError(description: "cannot read file '\(path)': no such file or not readable")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw PageFetchError(description: "cannot read file '\(path)': \(error.localizedDescription)")
        }
        let truncated = data.count > maximumBytes
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.absoluteString
        return FetchedPage(
            url: absolute, bytes: Array(data.prefix(maximumBytes)), httpCharset: nil, statusCode: nil,
            truncated: truncated)
    }

    /// Fetches a URL with `GET`.
    func fetch(_ url: URL) async throws -> FetchedPage {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.setValue("Limelight-WebMarkup/1.0 (validation)", forHTTPHeaderField: "User-Agent")
        request.setValue("text/html,application/xhtml+xml;q=0.9,*/*;q=0.5", forHTTPHeaderField: "Accept")
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 3
        let delegate = FetchDelegate(maximumBytes: maximumBytes, maximumRedirects: maximumRedirects)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        let outcome = try await delegate.run(request, in: session)
        guard let response = outcome.response as? HTTPURLResponse else {
            throw PageFetchError(description: "no HTTP response from \(url.absoluteString)")
        }
        if (300..<400).contains(response.statusCode) {
            throw PageFetchError(
                description: "too many redirects (more than \(maximumRedirects)) starting at \(url.absoluteString)")
        }
        guard (200..<300).contains(response.statusCode) else {
            throw PageFetchError(description: "HTTP \(response.statusCode) from \(url.absoluteString)")
        }
        let contentType = response.value(forHTTPHeaderField: "Content-Type")
        return FetchedPage(
            url: response.url?.absoluteString ?? url.absoluteString, bytes: outcome.bytes,
            httpCharset: contentType.flatMap(Self.charset(fromContentType:)), statusCode: response.statusCode,
            truncated: outcome.truncated)
    }

    /// The `charset` parameter of a `Content-Type` value (`text/html; charset="utf-8"` → `utf-8`).
    static func charset(fromContentType contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2,
                parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset"
            else { continue }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }
}

/// Collects one task's response and body, enforcing the size and redirect limits.
///
/// `@unchecked Sendable`: URLSession calls the delegate on its own queue while `run` waits on a
/// continuation; every mutable property is read and written only while holding `lock`, and the
/// continuation is resumed exactly once (it is set to nil under the lock when resumed).
private final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    struct Outcome {
        var response: URLResponse?
        var bytes: [UInt8]
        var truncated: Bool
    }

    private let lock = NSLock()
    private let maximumBytes: Int
    private let maximumRedirects: Int
    private var bytes: [UInt8] = []
    private var truncated = false
    private var redirects = 0
    private var response: URLResponse?
    private var continuation: CheckedContinuation<Outcome, Error>?

    init(maximumBytes: Int, maximumRedirects: Int) {
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
    }

    func run(_ request: URLRequest, in session: URLSession) async throws -> Outcome {
        try await withCheckedThrowingContinuation { continuation in
            lock.withLock { self.continuation = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let allowed = lock.withLock { () -> Bool in
            redirects += 1
            return redirects <= maximumRedirects
        }
        completionHandler(allowed ? request : nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        lock.withLock { self.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let full = lock.withLock { () -> Bool in
            let room = maximumBytes - bytes.count
            if data.count > room {
                bytes.append(contentsOf: data.prefix(max(0, room)))
                truncated = true
                return true
            }
            bytes.append(contentsOf: data)
            return false
        }
        if full {
            dataTask.cancel()
            finish(error: nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        lock.withLock {
            if response == nil { response = task.response }
        }
        finish(error: error)
    }

    private func finish(error: Error?) {
        let (continuation, outcome) = lock.withLock { () -> (CheckedContinuation<Outcome, Error>?, Outcome) in
            let pending = self.continuation
            self.continuation = nil
            return (pending, Outcome(response: response, bytes: bytes, truncated: truncated))
        }
        guard let continuation else { return }
        if let error, !outcome.truncated {
            let nsError = error as NSError
            let reason = nsError.code == NSURLErrorTimedOut ? "timed out" : nsError.localizedDescription
            continuation.resume(throwing: PageFetchError(description: "cannot fetch the page: \(reason)"))
        } else {
            continuation.resume(returning: outcome)
        }
    }
}

/// Helpers the web-markup commands share: reading an association file, reporting errors.
enum PageCommandSupport {
    /// Reads an apple-app-site-association file from a path or an http(s) URL.
    static func association(from source: String) async throws -> AppSiteAssociation {
        let page = try await PageFetcher(maximumBytes: 1024 * 1024).read(source)
        do {
            return try AppSiteAssociation(bytes: page.bytes)
        } catch {
            throw PageFetchError(description: "cannot read the association file '\(source)': \(error.description)")
        }
    }

    /// Prints `error: …` to standard error.
    static func fail(_ error: any Error) {
        let message = String(describing: error)
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    /// Warns on standard error that the page was cut at the size limit.
    static func warnTruncated(_ fetcher: PageFetcher) {
        FileHandle.standardError.write(
            Data("warning: the page is larger than \(fetcher.maximumBytes) bytes; only the first part was read\n".utf8))
    }
}
