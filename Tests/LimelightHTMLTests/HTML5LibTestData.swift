import Foundation

/// Locates the shared html5lib-tests checkout relative to the package root.
enum HTML5LibTestData {
    /// `<package root>/../shared/html5lib-tests`, found from this file's path.
    static var directory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // LimelightHTMLTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .deletingLastPathComponent()
            .appendingPathComponent("shared/html5lib-tests")
    }

    /// The files with `suffix` in `subdirectory`, sorted by name, or nil when the folder is absent.
    static func files(in subdirectory: String, suffix: String) -> [URL]? {
        let folder = directory.appendingPathComponent(subdirectory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Decodes the `\uXXXX` escapes of a "doubleEscaped" test string; lone surrogates become U+FFFD.
    static func unescape(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func hexValue(at start: Int) -> UInt32? {
            guard start + 6 <= scalars.count, scalars[start] == "\\", scalars[start + 1] == "u" else { return nil }
            return UInt32(String(String.UnicodeScalarView(scalars[(start + 2)..<(start + 6)])), radix: 16)
        }
        while index < scalars.count {
            if let value = hexValue(at: index) {
                if value >= 0xD800 && value <= 0xDBFF, let low = hexValue(at: index + 6), low >= 0xDC00, low <= 0xDFFF {
                    let combined = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    output.append(Unicode.Scalar(combined) ?? "\u{FFFD}")
                    index += 12
                    continue
                }
                output.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                index += 6
                continue
            }
            output.append(scalars[index])
            index += 1
        }
        scalars.removeAll()
        return String(output)
    }
}
