import Foundation
import LimelightCore
import LimelightText

/// Turns a stored record into the engine document: analysed text fields, folded whole values,
/// numeric columns and bookkeeping fields (see ``IndexFields``).
enum RecordDocumentMapper {
    static func document(for record: StoredRecord, extraNumbers: [String: Double] = [:]) -> IndexDocument {
        let item = record.item
        var fields: [FieldTerms] = []
        var numbers = extraNumbers
        var present: [String] = []
        var tokens: [AnalyzedToken] = []

        for (definition, value) in item.definedAttributes {
            let name = definition.name
            present.append(name)
            switch value {
            case .number, .numbers, .date, .dates, .bool:
                if let number = numericValue(value) { numbers[name] = number }
                // Numbers are also kept as whole values so that `attr == "*"`-style tests and
                // equality on their text form work.
                fields.append(.keywords(IndexFields.wholeValue(name), value.textualElements))
            case .data:
                continue
            case .string, .strings, .url, .urls:
                let values = value.textualElements
                if definition.isSearchable {
                    tokens.removeAll(keepingCapacity: true)
                    var position: UInt32 = 0
                    var length: UInt32 = 0
                    for text in values {
                        let before = tokens.count
                        TextAnalyzer.analyzeForIndex(text, into: &tokens, startPosition: position)
                        length += UInt32(tokens.count - before)
                        position = (tokens.last?.position ?? position) + IndexFields.valueGap
                    }
                    fields.append(FieldTerms(
                        field: name, kind: .text,
                        terms: tokens.map { TermOccurrence(term: $0.term, position: $0.position) }, length: length))
                }
                if name != "textContent" {
                    fields.append(.keywords(IndexFields.wholeValue(name), values.map(wholeValueTerm)))
                }
            }
        }
        fields.append(.keywords(IndexFields.identifier, [item.uniqueIdentifier]))
        fields.append(.keywords(IndexFields.indexName, [record.indexName]))
        fields.append(.keywords(IndexFields.kind, [record.kind.rawValue]))
        if let domain = item.domainIdentifier {
            fields.append(.keywords(IndexFields.domainPath, domainPrefixes(domain).map { AppIndex.domainTerm(record.indexName, $0) }))
            if !present.contains("domainIdentifier") {
                fields.append(.keywords(IndexFields.wholeValue("domainIdentifier"), [wholeValueTerm(domain)]))
                present.append("domainIdentifier")
            }
        }
        fields.append(.keywords(IndexFields.present, present))
        numbers[IndexFields.expires] = record.expirationDate.timeIntervalSince1970
        numbers[IndexFields.indexedAt] = record.indexedAt.timeIntervalSince1970
        return IndexDocument(key: record.key, fields: fields, numbers: numbers, stored: record.encode())
    }

    /// The folded, length-limited form of a whole value as indexed in `#v` fields.
    static func wholeValueTerm(_ value: String) -> String {
        let folded = TextFolding.fold(value, .indexTerm)
        return folded.count > IndexFields.wholeValueLimit ? String(folded.prefix(IndexFields.wholeValueLimit)) : folded
    }

    /// "a.b.c" → ["a", "a.b", "a.b.c"].
    static func domainPrefixes(_ domain: String) -> [String] {
        var result: [String] = []
        var current = ""
        for (index, part) in domain.split(separator: ".", omittingEmptySubsequences: false).enumerated() {
            current += (index == 0 ? "" : ".") + part
            result.append(current)
        }
        return result
    }

    static func numericValue(_ value: AttributeValue) -> Double? {
        switch value {
        case .number(let number): number
        case .numbers(let numbers): numbers.first
        case .date(let date): date.timeIntervalSince1970
        case .dates(let dates): dates.first?.timeIntervalSince1970
        case .bool(let flag): flag ? 1 : 0
        default: nil
        }
    }
}
