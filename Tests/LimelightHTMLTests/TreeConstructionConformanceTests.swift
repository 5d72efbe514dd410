import Foundation
import LimelightHTML
import Testing

/// One test case of an html5lib `tree-construction/*.dat` file.
struct TreeConstructionCase {
    var data: String
    var fragmentContext: String?
    var scripting: Bool?
    var expected: String

    /// Splits a `.dat` file into its test cases.
    static func parse(_ content: String) -> [TreeConstructionCase] {
        var cases: [TreeConstructionCase] = []
        let normalized = content.hasPrefix("#data\n") ? "\n\n" + content : content
        for chunk in normalized.components(separatedBy: "\n\n#data\n").dropFirst() {
            guard let errorsRange = chunk.range(of: "\n#errors\n") ?? (chunk.hasPrefix("#errors\n")
                ? chunk.range(of: "#errors\n") : nil)
            else { continue }
            let data = String(chunk[..<errorsRange.lowerBound])
            let rest = chunk[errorsRange.upperBound...]
            guard let documentRange = rest.range(of: "#document\n") else { continue }
            let header = rest[..<documentRange.lowerBound]
            var fragmentContext: String?
            var scripting: Bool?
            let headerLines = header.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in headerLines.enumerated() {
                if line == "#document-fragment", index + 1 < headerLines.count { fragmentContext = headerLines[index + 1] }
                if line == "#script-on" { scripting = true }
                if line == "#script-off" { scripting = false }
            }
            var expected = String(rest[documentRange.upperBound...])
            while expected.hasSuffix("\n") { expected.removeLast() }
            cases.append(TreeConstructionCase(
                data: data, fragmentContext: fragmentContext, scripting: scripting, expected: expected))
        }
        return cases
    }

    /// Parses the case's data and renders the tree in the html5lib format.
    func run() -> String {
        guard let fragmentContext else {
            return HTMLTreeFormatter.format(childrenOf: HTMLParser.parse(data).document)
        }
        var namespace = HTMLNamespace.html
        var name = fragmentContext
        if fragmentContext.hasPrefix("svg ") {
            namespace = .svg
            name = String(fragmentContext.dropFirst(4))
        } else if fragmentContext.hasPrefix("math ") {
            namespace = .mathML
            name = String(fragmentContext.dropFirst(5))
        }
        let result = HTMLParser.parseFragment(data, context: name, contextNamespace: namespace)
        return HTMLTreeFormatter.format(childrenOf: result.fragment)
    }
}

/// Runs the html5lib tree-construction tests (scripting disabled; `#script-on` cases skipped).
@Suite struct TreeConstructionConformanceTests {
    @Test func html5libTreeConstructionTests() throws {
        guard let files = HTML5LibTestData.files(in: "tree-construction", suffix: ".dat") else {
            print("html5lib tree-construction: skipped, \(HTML5LibTestData.directory.path) is absent")
            return
        }
        var passed = 0
        var total = 0
        for file in files {
            let content = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            for (index, testCase) in TreeConstructionCase.parse(content).enumerated() where testCase.scripting != true {
                total += 1
                let actual = testCase.run()
                if actual == testCase.expected {
                    passed += 1
                    continue
                }
                let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let expectedLines = testCase.expected.split(separator: "\n", omittingEmptySubsequences: false)
                var line = 0
                while line < min(actualLines.count, expectedLines.count) && actualLines[line] == expectedLines[line] {
                    line += 1
                }
                let want = line < expectedLines.count ? String(expectedLines[line]) : "<end>"
                let got = line < actualLines.count ? String(actualLines[line]) : "<end>"
                let context = testCase.fragmentContext.map { " [fragment \($0)]" } ?? ""
                print("FAIL \(file.lastPathComponent) #\(index)\(context): line \(line + 1) expected \(want.debugDescription) "
                    + "got \(got.debugDescription); data \(testCase.data.debugDescription)")
            }
        }
        print("html5lib tree-construction: \(passed)/\(total) passed")
        #expect(total > 0)
        #expect(Double(passed) >= 0.95 * Double(total))
    }
}
