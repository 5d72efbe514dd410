/// A readable, aligned summary of a page's markup and its search result, for a terminal.
extension WebPageMarkup {
    /// The summary: what each kind of markup holds, then the mapped result's attributes.
    public func formattedSummary(result: WebSearchResult) -> String {
        var lines: [(String, String)] = []
        lines.append(("Title", title ?? "—"))
        lines.append(("Description", metaDescription ?? "—"))
        lines.append(("Canonical", canonicalURL ?? "—"))
        lines.append(("Robots", robots.isEmpty ? "—" : robots.directives.joined(separator: ", ")))
        if let banner = smartAppBanner {
            lines.append(
                ("Smart App Banner", "app-id=\(banner.appID ?? "?")" + (banner.appArgument.map { " app-argument=\($0)" } ?? "")))
        }
        let deepLinks = declaredDeepLinks
        lines.append(("Deep links", deepLinks.isEmpty ? "—" : deepLinks.map { "\($0.url) (\($0.source.rawValue))" }.joined(separator: "; ")))
        lines.append(("Open Graph", Self.namesSummary(openGraph.properties.map(\.name))))
        lines.append(("Twitter", Self.namesSummary(twitterCard.properties.map(\.name))))
        lines.append(("App Links", Self.namesSummary(appLinks.properties.map(\.name))))
        let graph = SchemaOrgGraph(roots: jsonLD)
        var jsonLDText = "\(jsonLD.count) object(s)"
        let jsonLDTypes = Self.typeNames(graph.topLevel)
        if !jsonLDTypes.isEmpty { jsonLDText += ": " + jsonLDTypes.joined(separator: ", ") }
        if !jsonLDErrors.isEmpty { jsonLDText += " (\(jsonLDErrors.count) unreadable: \(jsonLDErrors[0].description))" }
        lines.append(("JSON-LD", jsonLDText))
        lines.append(("Microdata", Self.itemsSummary(microdata)))
        lines.append(("RDFa", Self.itemsSummary(rdfa)))

        var output = Self.aligned(lines)
        output += "\nSearch result (Core Spotlight attributes):\n"
        var attributes: [(String, String)] = []
        guard case .object(let object) = result.json else { return output }
        for member in object.members where member.key != "sources" && member.key != "title" {
            switch member.value {
            case .null: continue
            case .array(let elements) where elements.isEmpty: continue
            case .bool(false): continue
            case .string(let text): attributes.append((member.key, text))
            default: attributes.append((member.key, member.value.serialized()))
            }
        }
        output += Self.aligned(attributes, indent: "  ")
        return output
    }

    static func namesSummary(_ names: [String]) -> String {
        guard !names.isEmpty else { return "—" }
        let shown = names.prefix(6).joined(separator: ", ")
        return "\(names.count) propert\(names.count == 1 ? "y" : "ies"): " + shown + (names.count > 6 ? ", …" : "")
    }

    static func itemsSummary(_ items: [StructuredDataItem]) -> String {
        guard !items.isEmpty else { return "—" }
        let types = items.flatMap(\.types).map(SchemaOrgGraph.localName)
        return "\(items.count) item(s)" + (types.isEmpty ? "" : ": " + types.joined(separator: ", "))
    }

    static func typeNames(_ objects: [JSONObject]) -> [String] {
        var names: [String] = []
        for object in objects {
            for type in object["@type"]?.asList.compactMap(\.stringValue) ?? [] {
                let name = SchemaOrgGraph.localName(type)
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    static func aligned(_ lines: [(String, String)], indent: String = "") -> String {
        let width = lines.map(\.0.count).max() ?? 0
        var output = ""
        for (label, value) in lines {
            output += indent + label + ":" + String(repeating: " ", count: width - label.count + 2) + value + "\n"
        }
        return output
    }
}
