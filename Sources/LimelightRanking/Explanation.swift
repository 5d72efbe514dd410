/// How a score was built: a named value and the values it was computed from.
///
/// `description` prints the tree with one node per line, children indented:
///
///     12.4 score
///       11.9 relevance
///         8.2 word "paris"
public struct Explanation: Sendable, Hashable, CustomStringConvertible {
    /// What the value is (for example `word "paris"` or `field title`).
    public var name: String
    /// The value.
    public var value: Double
    /// The values this one was computed from.
    public var children: [Explanation]

    /// Creates a node.
    public init(_ name: String, _ value: Double, _ children: [Explanation] = []) {
        self.name = name
        self.value = value
        self.children = children
    }

    /// The tree, one node per line.
    public var description: String {
        var lines: [String] = []
        render(into: &lines, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func render(into lines: inout [String], depth: Int) {
        let formatted = Self.format(value)
        lines.append(String(repeating: "  ", count: depth) + formatted + " " + name)
        for child in children { child.render(into: &lines, depth: depth + 1) }
    }

    static func format(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded() / 10_000
        return String(scaled)
    }
}
