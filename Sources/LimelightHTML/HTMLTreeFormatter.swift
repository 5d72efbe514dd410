/// Renders a tree in the html5lib tree-construction test format (`| <html>` lines, two spaces
/// of indentation per level). Useful for debugging and golden tests.
public enum HTMLTreeFormatter {
    /// The html5lib-format dump of `node`'s children (the node itself is not printed).
    /// - Complexity: O(n); iterative, so deep trees are safe.
    public static func format(childrenOf node: HTMLNode) -> String {
        var lines: [String] = []
        var stack: [(node: HTMLNode, depth: Int, isTemplateContents: Bool)] =
            node.children.reversed().map { ($0, 0, false) }
        while let (current, depth, isContents) = stack.popLast() {
            let indent = "| " + String(repeating: "  ", count: depth)
            if isContents {
                lines.append(indent + "content")
                stack.append(contentsOf: current.children.reversed().map { ($0, depth + 1, false) })
                continue
            }
            switch current.kind {
            case .document, .documentFragment:
                break
            case .doctype(let name, let publicIdentifier, let systemIdentifier):
                if publicIdentifier != nil || systemIdentifier != nil {
                    lines.append(indent + "<!DOCTYPE \(name) \"\(publicIdentifier ?? "")\" \"\(systemIdentifier ?? "")\">")
                } else {
                    lines.append(indent + "<!DOCTYPE \(name)>")
                }
            case .text(let text):
                lines.append(indent + "\"\(text)\"")
            case .comment(let text):
                lines.append(indent + "<!-- \(text) -->")
            case .element(let name, let namespace):
                let prefix: String
                switch namespace {
                case .html: prefix = ""
                case .svg: prefix = "svg "
                case .mathML: prefix = "math "
                }
                lines.append(indent + "<\(prefix)\(name)>")
                let attributeIndent = indent + "  "
                let rendered = current.attributes.map { attribute -> String in
                    let qualified = attribute.namespacePrefix.map { "\($0) \(attribute.name)" } ?? attribute.name
                    return qualified
                }
                let order = rendered.indices.sorted { rendered[$0].utf16.lexicographicallyPrecedes(rendered[$1].utf16) }
                for index in order {
                    lines.append(attributeIndent + "\(rendered[index])=\"\(current.attributes[index].value)\"")
                }
                var pending = current.children.reversed().map { ($0, depth + 1, false) }
                if let contents = current.templateContents { pending.append((contents, depth + 1, true)) }
                stack.append(contentsOf: pending)
            }
        }
        return lines.joined(separator: "\n")
    }
}
