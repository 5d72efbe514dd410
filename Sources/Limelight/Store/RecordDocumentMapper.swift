import Foundation
import LimelightCore
import LimelightText
import Synchronization

/// Turns a stored record into the engine document: analysed text fields, folded whole values,
/// numeric columns and bookkeeping fields (see ``IndexFields``).
enum RecordDocumentMapper {
    /// What indexing needs to know of one attribute, worked out once per name (a class, so that
    /// listing an item's attributes copies one reference per attribute).
    private final class AttributePlan: Sendable {
        /// The attribute's property (or custom key) name.
        let name: String
        /// Whether its strings are analysed into a text field.
        let isSearchable: Bool
        /// Whether it is a custom attribute whose strings `*` and typed queries also search.
        let isDefaultSearchableCustom: Bool
        /// The keyword field of its whole values (`name#v`).
        let wholeValueField: String
        /// Whether its strings are also indexed whole (``IndexFields/hasWholeValueField(_:)``).
        let hasWholeValueField: Bool
        /// The place of a built-in attribute's name among all built-in names in ascending order
        /// (nil for custom attributes), so that sorting compares numbers instead of names.
        let rank: Int?

        init(_ definition: AttributeDefinition, rank: Int? = nil) {
            self.rank = rank
            name = definition.name
            isSearchable = definition.isSearchable
            isDefaultSearchableCustom = definition.isCustom && definition.isSearchableByDefault
            wholeValueField = IndexFields.wholeValue(definition.name)
            hasWholeValueField = IndexFields.hasWholeValueField(definition)
        }
    }

    /// Plans of the built-in attributes by name and Spotlight alias (as
    /// ``AttributeCatalogue/attribute(named:)`` finds them), worked out once: read by every mapping
    /// thread without a lock.
    private static let builtInPlans: [String: AttributePlan] = {
        var table: [String: AttributePlan] = [:]
        for (rank, definition) in AttributeCatalogue.all.sorted(by: { $0.name < $1.name }).enumerated() {
            let plan = AttributePlan(definition, rank: rank)
            for key in [definition.name] + definition.spotlightAliases where table[key] == nil { table[key] = plan }
        }
        return table
    }()
    /// `contentTypeTree` values by content type, bounded by ``typeTreeCacheLimit``.
    private static let typeTrees = Mutex<[String: [String]]>([:])
    private static let typeTreeCacheLimit = 4096

    /// Rebuilds the engine document of stored record bytes (the engine's ``DocumentDeriver``): the
    /// write-ahead log keeps only the key and stored bytes of the documents ``document(for:extraNumbers:)``
    /// makes without extra numbers.
    static let deriver: DocumentDeriver = { _, stored in document(for: try StoredRecord.decode(stored)) }

    /// The engine document of `record`; `extraNumbers` adds columns the stored record does not
    /// hold (an activity's views), which makes the document one the log keeps whole.
    static func document(for record: StoredRecord, extraNumbers: [String: Double] = [:]) -> IndexDocument {
        let item = record.item
        var document = IndexDocument(key: record.key)
        document.reserveCapacity(fields: item.attributes.count * 2 + 8, terms: 64)
        var numbers = extraNumbers
        numbers.reserveCapacity(extraNumbers.count + item.attributes.count + 2)
        var present: [String] = []
        present.reserveCapacity(item.attributes.count + 2)
        var tokens: [AnalyzedToken] = []
        var defaultSearchableCustomValues: [String] = []

        for (plan, value) in attributes(of: item) {
            let name = plan.name
            present.append(name)
            switch value {
            case .number, .numbers, .date, .dates, .bool:
                if let number = numericValue(value) { numbers[name] = number }
                // Numbers are also kept as whole values so that `attr == "*"`-style tests and
                // equality on their text form work.
                document.appendKeywords(plan.wholeValueField, value.textualElements)
            case .data:
                continue
            case .string, .strings, .url, .urls:
                let values = value.textualElements
                if plan.isSearchable { appendTextField(name, values, to: &document, scratch: &tokens) }
                if plan.hasWholeValueField { appendWholeValues(plan.wholeValueField, values, to: &document) }
                if plan.isDefaultSearchableCustom { defaultSearchableCustomValues += values }
            }
        }
        if !defaultSearchableCustomValues.isEmpty {
            appendTextField(IndexFields.defaultSearchableCustom, defaultSearchableCustomValues, to: &document, scratch: &tokens)
            appendWholeValues(IndexFields.wholeValue(IndexFields.defaultSearchableCustom), defaultSearchableCustomValues, to: &document)
        }
        document.appendKeywords(IndexFields.indexName, [record.indexName])
        document.appendKeywords(IndexFields.kind, [record.kind.rawValue])
        if let domain = item.domainIdentifier {
            document.appendKeywords(IndexFields.domainPath, domainPrefixes(domain).map { AppIndex.domainTerm(record.indexName, $0) })
            if !present.contains("domainIdentifier") {
                appendWholeValues(IndexFields.wholeValue("domainIdentifier"), [domain], to: &document)
                present.append("domainIdentifier")
            }
        }
        document.appendKeywords(IndexFields.present, present)
        numbers[IndexFields.expires] = record.expirationDate.timeIntervalSince1970
        numbers[IndexFields.indexedAt] = record.indexedAt.timeIntervalSince1970
        document.numbers = numbers
        document.stored = record.encode()
        document.isDerivedFromStored = extraNumbers.isEmpty
        return document
    }

    /// Adds the text field `name` holding the analysed words of `values`, a position gap between
    /// values (`tokens` is scratch space).
    private static func appendTextField(_ name: String, _ values: [String], to document: inout IndexDocument, scratch tokens: inout [AnalyzedToken]) {
        tokens.removeAll(keepingCapacity: true)
        var position: UInt32 = 0
        var length: UInt32 = 0
        for text in values {
            let before = tokens.count
            TextAnalyzer.analyzeForIndex(text, into: &tokens, startPosition: position)
            length += UInt32(tokens.count - before)
            position = (tokens.last?.position ?? position) + IndexFields.valueGap
        }
        document.appendField(name, kind: .text, length: length) { terms in
            for token in tokens { terms.append(token.term, position: token.position) }
        }
    }

    /// Adds the keyword field `name` holding the whole-value terms of `values`.
    private static func appendWholeValues(_ name: String, _ values: [String], to document: inout IndexDocument) {
        document.appendField(name, kind: .keyword) { terms in
            for value in values { terms.append(wholeValueTerm(value)) }
        }
    }

    /// The item's attributes with their plans, built-in and custom, sorted by name: the same
    /// attributes as ``StoredItem/definedAttributes`` (including the derived `contentTypeTree`),
    /// without copying definitions.
    private static func attributes(of item: StoredItem) -> [(plan: AttributePlan, value: AttributeValue)] {
        var result: [(plan: AttributePlan, value: AttributeValue)] = []
        result.reserveCapacity(item.attributes.count + item.customAttributes.count + 1)
        for (name, value) in item.attributes {
            if let plan = builtInPlans[name] { result.append((plan, value)) }
        }
        if let contentType = item.contentType, let plan = builtInPlans["contentTypeTree"] {
            result.append((plan, .strings(typeTree(of: contentType))))
        }
        for custom in item.customAttributes.values { result.append((AttributePlan(custom.definition), custom.value)) }
        result.sort { a, b in
            if let first = a.plan.rank, let second = b.plan.rank { return first < second }
            return a.plan.name < b.plan.name
        }
        return result
    }

    /// ``UTIConformance/typeTree(of:)``, remembered per content type.
    private static func typeTree(of contentType: String) -> [String] {
        if let known = typeTrees.withLock({ $0[contentType] }) { return known }
        let tree = UTIConformance.typeTree(of: contentType)
        typeTrees.withLock { cache in
            if cache.count >= typeTreeCacheLimit { cache.removeAll() }
            cache[contentType] = tree
        }
        return tree
    }

    /// The folded, length-limited form of a whole value as indexed in `#v` fields.
    static func wholeValueTerm(_ value: String) -> String {
        let folded = TextFolding.fold(value, .indexTerm)
        return folded.count > IndexFields.wholeValueLimit ? String(folded.prefix(IndexFields.wholeValueLimit)) : folded
    }

    /// "a.b.c" → ["a", "a.b", "a.b.c"].
    static func domainPrefixes(_ domain: String) -> [String] {
        // Most domains have one part.
        guard domain.utf8.contains(UInt8(ascii: ".")) else { return [domain] }
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
