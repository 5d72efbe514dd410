/// Text and JSON forms of a validation report.
extension ValidationReport {
    /// The report as an aligned table (Element, Status, Extracted data, Attribute) followed by
    /// the preview, for a terminal.
    /// - Parameter valueWidth: the widest the "Extracted data" column may get; longer values are
    ///   cut with an ellipsis.
    public func formattedTable(valueWidth: Int = 60) -> String {
        let header = ["Element", "Status", "Extracted data", "Attribute"]
        var rows: [[String]] = []
        var notes: [String] = []
        for check in checks {
            let value = check.extractedValue.map {
                WebMarkupValidator.truncated(HTMLWhitespace.collapsed($0), to: max(8, valueWidth))
            } ?? "—"
            rows.append([check.element, check.status.rawValue, value, check.attribute])
            if let message = check.message, check.status != .passed {
                notes.append("\(check.element): \(message)")
            }
        }
        var widths = header.map(\.count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        func line(_ cells: [String]) -> String {
            var text = ""
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                text += isLast ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }
            return text
        }
        var output = ""
        if let pageURL { output += "Page: \(pageURL)\n" }
        output += "Overall: \(overallStatus.rawValue)\n\n"
        output += line(header) + "\n"
        output += line(widths.map { String(repeating: "-", count: $0) }) + "\n"
        for row in rows { output += line(row) + "\n" }
        if !notes.isEmpty {
            output += "\nRecommendations and failures:\n"
            for note in notes { output += "  - \(note)\n" }
        }
        output += "\nPreview:\n"
        output += "  Title:       \(preview.title ?? "—")\n"
        output += "  Description: \(preview.description ?? "—")\n"
        output += "  Thumbnail:   \(preview.thumbnailURL ?? "—")\n"
        if let rating = preview.rating { output += "  Rating:      \(rating)\n" }
        if let price = preview.price { output += "  Price:       \(price)\n" }
        output += "  URL:         \(preview.displayURL ?? "—")\n"
        output += "  Deep link:   \(preview.deepLink ?? "—")\n"
        output += "  Actions:     \(preview.actions.isEmpty ? "—" : preview.actions.joined(separator: ", "))\n"
        return output
    }

    /// The report as JSON: `{"url", "status", "checks": [...], "preview": {...}, "result": {...}}`.
    public var json: JSONValue {
        let checkValues: [JSONValue] = checks.map { check in
            .object([
                "element": .string(check.element), "status": .string(check.status.rawValue),
                "message": .optional(check.message), "extractedValue": .optional(check.extractedValue),
                "attribute": .string(check.attribute), "source": .optional(check.source?.rawValue),
            ])
        }
        return .object([
            "url": .optional(pageURL), "status": .string(overallStatus.rawValue), "checks": .array(checkValues),
            "preview": .object([
                "title": .optional(preview.title), "description": .optional(preview.description),
                "thumbnailURL": .optional(preview.thumbnailURL), "rating": .optional(preview.rating),
                "price": .optional(preview.price), "url": .optional(preview.displayURL),
                "deepLink": .optional(preview.deepLink), "actions": .strings(preview.actions),
            ]),
            "result": result.json,
        ])
    }
}
