import ArgumentParser
import Foundation
import LimelightHTML
import LimelightWebMarkup

/// `limelight bench-markup`: HTML parsing and parse + extract + map throughput over real pages.
struct BenchMarkupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-markup",
        abstract: "Benchmark HTML parsing and web-markup extraction on pages (use a release build).",
        discussion: "Reads every .html/.htm file under the given files or directories and reports MB/s for parsing alone and for parse + extract + map.",
        shouldDisplay: false)

    @Argument(help: "HTML files or directories of them.") var paths: [String]
    @Option(help: "Most pages read.") var maximumPages = 2000
    @Option(help: "Seconds each measurement lasts (whole passes over the pages).") var seconds = 5.0

    func run() throws {
        let pages = try loadPages()
        guard !pages.isEmpty else { throw CommandFailure("no .html files under \(paths.joined(separator: ", "))") }
        let bytes = pages.reduce(0) { $0 + $1.count }
        print(String(format: "pages             %d pages, %.1f MB (%.1f KB on average)", pages.count, Double(bytes) / 1e6, Double(bytes) / Double(pages.count) / 1e3))
        let parse = measure(pages) { page in HTMLParser.parse(bytes: page).document.children.count }
        print(String(format: "parse             %.1f MB/s (%.0f pages/s)", parse.megabytesPerSecond, parse.pagesPerSecond))
        let analyze = measure(pages) { page in
            let (markup, result) = WebMarkup.analyze(bytes: page, pageURL: "https://example.com/page")
            return markup.metaTags.count &+ (result.displayName?.utf8.count ?? 0)
        }
        print(String(format: "parse+extract+map %.1f MB/s (%.0f pages/s)", analyze.megabytesPerSecond, analyze.pagesPerSecond))
        print("checksum          \(parse.checksum &+ analyze.checksum) (what the pages yielded, so no work is optimised away)")
    }

    private func loadPages() throws -> [[UInt8]] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw CommandFailure("\(path): no such file or directory") }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let walker = FileManager.default.enumerator(atPath: path)
            while let name = walker?.nextObject() as? String {
                if name.hasSuffix(".html") || name.hasSuffix(".htm") { files.append(path + "/" + name) }
            }
        }
        return try files.sorted().prefix(maximumPages).map { Array(try Data(contentsOf: URL(fileURLWithPath: $0))) }
    }

    /// Runs `work` over every page, in whole passes, for about ``seconds``.
    private func measure(_ pages: [[UInt8]], _ work: ([UInt8]) -> Int) -> (megabytesPerSecond: Double, pagesPerSecond: Double, checksum: Int) {
        var checksum = 0
        for page in pages.prefix(20) { checksum &+= work(page) }  // warm-up
        var processedBytes = 0
        var processedPages = 0
        let start = DispatchTime.now().uptimeNanoseconds
        var elapsed = 0.0
        repeat {
            for page in pages {
                checksum &+= work(page)
                processedBytes += page.count
            }
            processedPages += pages.count
            elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        } while elapsed < seconds
        return (Double(processedBytes) / 1e6 / elapsed, Double(processedPages) / elapsed, checksum)
    }
}
