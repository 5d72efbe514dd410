import Foundation
import LimelightHTML
import Testing

/// Runs the html5lib tokenizer tests (`tokenizer/*.test`) for every initial state they list.
@Suite struct TokenizerConformanceTests {
    @Test func html5libTokenizerTests() throws {
        guard let files = HTML5LibTestData.files(in: "tokenizer", suffix: ".test") else {
            print("html5lib tokenizer: skipped, \(HTML5LibTestData.directory.path) is absent")
            return
        }
        var passed = 0
        var total = 0
        for file in files {
            let data = try Data(contentsOf: file)
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let tests = (root["tests"] as? [[String: Any]]) ?? (root["xmlViolationTests"] as? [[String: Any]]) ?? []
            if root["xmlViolationTests"] != nil { continue }
            for (index, test) in tests.enumerated() {
                let doubleEscaped = (test["doubleEscaped"] as? Bool) ?? false
                let rawInput = (test["input"] as? String) ?? ""
                let input = doubleEscaped ? HTML5LibTestData.unescape(rawInput) : rawInput
                let expected = Self.canonical(expected: (test["output"] as? [Any]) ?? [], doubleEscaped: doubleEscaped)
                let states = (test["initialStates"] as? [String]) ?? ["Data state"]
                for stateName in states {
                    total += 1
                    guard let state = Self.initialState(named: stateName) else {
                        print("FAIL \(file.lastPathComponent) #\(index) [\(stateName)]: unknown initial state")
                        continue
                    }
                    var tokenizer = HTMLTokenizer(
                        input, initialState: state, lastStartTag: test["lastStartTag"] as? String)
                    let actual = Self.canonical(actual: tokenizer.remainingTokens())
                    if actual == expected {
                        passed += 1
                    } else {
                        let description = (test["description"] as? String) ?? ""
                        print("FAIL \(file.lastPathComponent) #\(index) [\(stateName)] \(description): "
                            + "expected \(expected) got \(actual)")
                    }
                }
            }
        }
        print("html5lib tokenizer: \(passed)/\(total) passed")
        #expect(total > 0)
        #expect(passed == total)
    }

    static func initialState(named name: String) -> HTMLTokenizer.InitialState? {
        switch name {
        case "Data state": return .data
        case "PLAINTEXT state": return .plaintext
        case "RCDATA state": return .rcdata
        case "RAWTEXT state": return .rawtext
        case "Script data state": return .scriptData
        case "CDATA section state": return .cdataSection
        default: return nil
        }
    }

    /// One line per token; adjacent character tokens merged.
    static func canonical(actual tokens: [HTMLToken]) -> [String] {
        var lines: [String] = []
        var text: String?
        for token in tokens {
            if case .characters(let chunk) = token {
                text = (text ?? "") + chunk
                continue
            }
            if let pending = text {
                lines.append("Character|\(pending)")
                text = nil
            }
            switch token {
            case .doctype(let name, let publicIdentifier, let systemIdentifier, let forceQuirks):
                lines.append("DOCTYPE|\(name ?? "<nil>")|\(publicIdentifier ?? "<nil>")|"
                    + "\(systemIdentifier ?? "<nil>")|\(!forceQuirks)")
            case .startTag(let name, let attributes, let selfClosing):
                let pairs = attributes.map { "\($0.name)=\($0.value)" }.sorted().joined(separator: "&")
                lines.append("StartTag|\(name)|\(pairs)|\(selfClosing)")
            case .endTag(let name):
                lines.append("EndTag|\(name)")
            case .comment(let text):
                lines.append("Comment|\(text)")
            case .characters, .endOfFile:
                break
            }
        }
        if let pending = text { lines.append("Character|\(pending)") }
        return lines
    }

    static func canonical(expected output: [Any], doubleEscaped: Bool) -> [String] {
        func string(_ value: Any?) -> String {
            guard let text = value as? String else { return "<nil>" }
            return doubleEscaped ? HTML5LibTestData.unescape(text) : text
        }
        var lines: [String] = []
        var text: String?
        for case let entry as [Any] in output {
            let kind = entry.first as? String ?? ""
            if kind == "Character" {
                text = (text ?? "") + string(entry.count > 1 ? entry[1] : nil)
                continue
            }
            if let pending = text {
                lines.append("Character|\(pending)")
                text = nil
            }
            switch kind {
            case "DOCTYPE":
                let correct = (entry.count > 4 ? entry[4] as? Bool : nil) ?? false
                lines.append("DOCTYPE|\(string(entry[1]))|\(string(entry[2]))|\(string(entry[3]))|\(correct)")
            case "StartTag":
                let attributes = (entry.count > 2 ? entry[2] as? [String: Any] : nil) ?? [:]
                let pairs = attributes.map { "\(string($0.key))=\(string($0.value))" }.sorted().joined(separator: "&")
                let selfClosing = (entry.count > 3 ? entry[3] as? Bool : nil) ?? false
                lines.append("StartTag|\(string(entry[1]))|\(pairs)|\(selfClosing)")
            case "EndTag":
                lines.append("EndTag|\(string(entry[1]))")
            case "Comment":
                lines.append("Comment|\(string(entry[1]))")
            default:
                lines.append("Unknown|\(kind)")
            }
        }
        if let pending = text { lines.append("Character|\(pending)") }
        return lines
    }
}
