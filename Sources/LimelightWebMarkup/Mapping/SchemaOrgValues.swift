/// Reading schema.org property values the way pages actually write them.
public enum SchemaOrgValues {
    /// A text value: a trimmed non-empty string, a number written as text, or an object's
    /// `@value` or `name`.
    public static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let string): return HTMLWhitespace.nonEmpty(string)
        case .number(let number): return JSONTextWriter.format(number)
        case .bool(let bool): return bool ? "true" : "false"
        case .object(let object):
            if let literal = object["@value"] { return text(literal) }
            if let name = object["name"] { return name.asList.lazy.compactMap(text).first }
            return nil
        default: return nil
        }
    }

    /// A numeric value: a number, or the first number in a string (`"4.5"`, `"$1,299.00"`,
    /// `"4,5"`, `"240 calories"`), or an object's `@value` or `value` (QuantitativeValue).
    public static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let number): return number.isFinite ? number : nil
        case .string(let string): return number(in: string)
        case .object(let object):
            if let literal = object["@value"] ?? object["value"] { return literal.asList.lazy.compactMap(number).first }
            return nil
        default: return nil
        }
    }

    /// The first number written in a string, reading thousands separators and decimal commas.
    ///
    /// A comma followed by exactly three digits (and no other decimal mark) groups thousands
    /// (`1,299` is 1299); otherwise a lone comma is a decimal mark (`4,5` is 4.5). With both marks,
    /// the later one is the decimal mark (`1.299,00` and `1,299.00` are both 1299).
    public static func number(in string: String) -> Double? {
        let scalars = Array(string.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        var end = start
        while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "," || scalars[end] == "." {
            end += 1
        }
        var digits = String(String.UnicodeScalarView(scalars[start..<end]))
        while let last = digits.last, last == "," || last == "." { digits.removeLast() }
        let negative = start > 0 && scalars[start - 1] == "-"
        let lastComma = digits.lastIndex(of: ",")
        let lastDot = digits.lastIndex(of: ".")
        switch (lastComma, lastDot) {
        case (let comma?, let dot?):
            if comma > dot {
                digits = digits.replacingAll(".", with: "").replacingAll(",", with: ".")
            } else {
                digits = digits.replacingAll(",", with: "")
            }
        case (let comma?, nil):
            let after = digits[digits.index(after: comma)...]
            let commaCount = digits.filter { $0 == "," }.count
            if after.count == 3 || commaCount > 1 {
                digits = digits.replacingAll(",", with: "")
            } else {
                digits = digits.replacingAll(",", with: ".")
            }
        case (nil, _?):
            if digits.filter({ $0 == "." }).count > 1 { digits = digits.replacingAll(".", with: "") }
        case (nil, nil):
            break
        }
        guard let parsed = Double(digits), parsed.isFinite else { return nil }
        return negative ? -parsed : parsed
    }

    /// A whole number (`reviewCount`, `userInteractionCount`), rounded; nil when out of range.
    public static func integer(_ value: JSONValue) -> Int? {
        guard let number = number(value), number >= 0, number < 1e15 else { return nil }
        return Int(number.rounded())
    }

    /// A URL value: a string, or an object's `url`, `contentUrl` or `@id`.
    public static func url(_ value: JSONValue) -> String? {
        switch value {
        case .string(let string): return HTMLWhitespace.nonEmpty(string)
        case .object(let object):
            for key in ["url", "contentUrl", "contentURL", "@id"] {
                if let found = object[key]?.asList.lazy.compactMap(url).first { return found }
            }
            return nil
        default: return nil
        }
    }
}

extension String {
    /// The string with every occurrence of `target` replaced (Foundation-free).
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
