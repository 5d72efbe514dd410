/// The answer to "is this URL a universal link?".
public struct UniversalLinkMatch: Sendable, Equatable {
    /// What one detail decided.
    public enum Outcome: Sendable, Equatable {
        /// The rule at this index matched and includes the URL.
        case included(ruleIndex: Int)
        /// The rule at this index matched and excludes the URL.
        case excluded(ruleIndex: Int)
        /// No rule matched.
        case noMatch
    }

    /// One detail's decision.
    public struct Decision: Sendable, Equatable {
        /// The detail's app identifiers.
        public var appIDs: [String]
        /// What it decided.
        public var outcome: Outcome
        /// The deciding rule's summary, when a rule decided.
        public var rule: String?
    }

    /// The apps that open the URL, in file order (the first is the one the system opens);
    /// empty when it is not a universal link.
    public var appIDs: [String]
    /// Each detail's decision, in file order.
    public var decisions: [Decision]

    /// Whether any app claims the URL.
    public var isUniversalLink: Bool { !appIDs.isEmpty }

    /// A sentence for people: which apps open the URL, or why none does.
    public var message: String {
        if isUniversalLink {
            let rule = decisions.first { if case .included = $0.outcome { return true } else { return false } }?.rule
            return "universal link for \(appIDs.joined(separator: ", "))" + (rule.map { " (rule \($0))" } ?? "")
        }
        if let excluded = decisions.first(where: { if case .excluded = $0.outcome { return true } else { return false } }) {
            return "not a universal link: excluded by rule \(excluded.rule ?? "?") for "
                + excluded.appIDs.joined(separator: ", ")
        }
        return decisions.isEmpty ? "not a universal link: the file declares no apps" : "not a universal link: no rule matches"
    }
}

extension AppSiteAssociation {
    /// Decides whether a URL is a universal link and for which apps.
    /// - Parameter url: an absolute URL (`https://example.com/recipes/1?x=1#top`) or a path with
    ///   optional query and fragment (`/recipes/1`). The host is not checked: the file speaks for
    ///   the host it was fetched from.
    /// - Complexity: O(rules × pattern length × URL length).
    public func match(_ url: String) -> UniversalLinkMatch {
        let parts = URLParts(url)
        var appIDs: [String] = []
        var decisions: [UniversalLinkMatch.Decision] = []
        for detail in details {
            var decision = UniversalLinkMatch.Decision(appIDs: detail.appIDs, outcome: .noMatch, rule: nil)
            for (index, component) in detail.components.enumerated()
            where matches(component, parts, legacy: detail.isLegacy) {
                decision.outcome = component.exclude ? .excluded(ruleIndex: index) : .included(ruleIndex: index)
                decision.rule = detail.isLegacy
                    ? (component.exclude ? "NOT " : "") + (component.path ?? "*") : component.summary
                break
            }
            if case .included = decision.outcome {
                for id in detail.appIDs where !appIDs.contains(id) { appIDs.append(id) }
            }
            decisions.append(decision)
        }
        return UniversalLinkMatch(appIDs: appIDs, decisions: decisions)
    }

    private func matches(_ component: Component, _ parts: URLParts, legacy: Bool) -> Bool {
        let decode = !component.percentEncoded
        func pattern(_ text: String) -> AssociationPattern {
            AssociationPattern(text, caseSensitive: component.caseSensitive, variables: substitutionVariables)
        }
        if let path = component.path {
            let subject = decode ? URLParts.percentDecoded(parts.path) : parts.path
            guard pattern(path).matches(subject) else { return false }
        }
        if legacy { return true }
        switch component.query {
        case .string(let queryPattern)?:
            let subject = decode ? URLParts.percentDecoded(parts.query ?? "") : (parts.query ?? "")
            guard pattern(queryPattern).matches(subject) else { return false }
        case .items(let items)?:
            let present = parts.queryItems.map { item in
                decode ? (URLParts.percentDecoded(item.name), URLParts.percentDecoded(item.value)) : item
            }
            for item in items {
                let namePattern = AssociationPattern(item.name, caseSensitive: component.caseSensitive, variables: [:])
                let valuePattern = pattern(item.value)
                let candidates = present.filter { namePattern.matchesLiterally($0.0) }
                if candidates.isEmpty {
                    guard valuePattern.matches("") else { return false }
                } else {
                    guard candidates.contains(where: { valuePattern.matches($0.1) }) else { return false }
                }
            }
        case nil:
            break
        }
        if let fragment = component.fragment {
            let subject = decode ? URLParts.percentDecoded(parts.fragment ?? "") : (parts.fragment ?? "")
            guard pattern(fragment).matches(subject) else { return false }
        }
        return true
    }
}

extension AssociationPattern {
    /// Whether `name` equals the pattern's text (query item names are not wildcard patterns).
    func matchesLiterally(_ name: String) -> Bool {
        var scalars = Array(name.unicodeScalars)
        if !caseSensitive { scalars = scalars.map(Self.folded) }
        var literal: [Unicode.Scalar] = []
        for element in elements {
            switch element {
            case .literal(let scalar): literal.append(scalar)
            case .anyOne: literal.append("?")
            case .anyRun: literal.append("*")
            case .oneOf: return false
            }
        }
        return literal == scalars
    }
}

/// The path, query and fragment of a URL, split without normalising anything.
struct URLParts: Equatable {
    var path: String
    var query: String?
    var fragment: String?

    init(_ url: String) {
        var rest = Substring(HTMLWhitespace.trimmed(url))
        if let schemeEnd = rest.range(of: "://") {
            let afterAuthority = rest[schemeEnd.upperBound...]
            let authorityEnd = afterAuthority.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterAuthority.endIndex
            rest = afterAuthority[authorityEnd...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        path = rest.isEmpty ? "/" : String(rest)
    }

    /// The query's `name=value` items split at `&` (as written, not decoded).
    var queryItems: [(name: String, value: String)] {
        guard let query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            if let equals = item.firstIndex(of: "=") {
                return (String(item[..<equals]), String(item[item.index(after: equals)...]))
            }
            return (String(item), "")
        }
    }

    /// `%XX` sequences decoded as UTF-8 (malformed sequences are kept as written).
    static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
