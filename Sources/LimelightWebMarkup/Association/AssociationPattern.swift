/// A compiled apple-app-site-association URL pattern.
///
/// Syntax: `*` matches any run of characters (possibly empty), `?` exactly one character, so
/// `?*` matches at least one; `$(name)` matches any of the values of a substitution variable,
/// and those values may themselves use `*` and `?`. Everything else matches itself (ASCII
/// case-insensitively when the pattern is not case-sensitive). A `$(` without a closing `)`, or
/// naming an unknown variable, matches itself literally.
///
/// Matching simulates the pattern as a nondeterministic automaton over the positions of the
/// subject, so it takes O(pattern length × subject length) time and never backtracks
/// exponentially.
struct AssociationPattern: Sendable, Equatable {
    enum Element: Sendable, Equatable {
        case literal(Unicode.Scalar)
        case anyOne
        case anyRun
        case oneOf([[Element]])
    }

    let elements: [Element]
    let caseSensitive: Bool

    /// Compiles a pattern.
    /// - Parameters:
    ///   - pattern: the pattern text.
    ///   - caseSensitive: whether letters must match case.
    ///   - variables: custom substitution variables (built-ins are added).
    init(_ pattern: String, caseSensitive: Bool, variables: [String: [String]]) {
        self.caseSensitive = caseSensitive
        elements = Self.compile(pattern, caseSensitive: caseSensitive, variables: variables, allowVariables: true)
    }

    private static func compile(
        _ pattern: String, caseSensitive: Bool, variables: [String: [String]], allowVariables: Bool
    ) -> [Element] {
        let scalars = Array(pattern.unicodeScalars)
        var elements: [Element] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if allowVariables, scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
                let close = scalars[(index + 2)...].firstIndex(of: ")")
            {
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                if let values = variables[name] ?? AssociationVariables.builtIn[name] {
                    elements.append(
                        .oneOf(
                            values.map {
                                compile($0, caseSensitive: caseSensitive, variables: [:], allowVariables: false)
                            }))
                    index = close + 1
                    continue
                }
            }
            switch scalar {
            case "*":
                if elements.last != .anyRun { elements.append(.anyRun) }
            case "?":
                elements.append(.anyOne)
            default:
                elements.append(.literal(caseSensitive ? scalar : Self.folded(scalar)))
            }
            index += 1
        }
        return elements
    }

    /// ASCII lowercase of a scalar.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if ("A"..."Z").contains(scalar), let lower = Unicode.Scalar(scalar.value + 32) { return lower }
        return scalar
    }

    /// Whether the whole subject matches the pattern.
    func matches(_ subject: String) -> Bool {
        var scalars = Array(subject.unicodeScalars)
        if !caseSensitive { scalars = scalars.map(Self.folded) }
        var positions = [Bool](repeating: false, count: scalars.count + 1)
        positions[0] = true
        positions = Self.advance(positions, through: elements, subject: scalars)
        return positions[scalars.count]
    }

    /// The set of subject positions reachable after matching `elements` from any of `positions`.
    private static func advance(_ start: [Bool], through elements: [Element], subject: [Unicode.Scalar]) -> [Bool] {
        var positions = start
        for element in elements {
            var next = [Bool](repeating: false, count: positions.count)
            var any = false
            switch element {
            case .literal(let scalar):
                for index in 0..<subject.count where positions[index] && subject[index] == scalar {
                    next[index + 1] = true
                    any = true
                }
            case .anyOne:
                for index in 0..<subject.count where positions[index] {
                    next[index + 1] = true
                    any = true
                }
            case .anyRun:
                if let first = positions.firstIndex(of: true) {
                    for index in first..<positions.count { next[index] = true }
                    any = true
                }
            case .oneOf(let alternatives):
                for alternative in alternatives {
                    let reached = advance(positions, through: alternative, subject: subject)
                    for index in 0..<reached.count where reached[index] {
                        next[index] = true
                        any = true
                    }
                }
            }
            guard any else { return next }
            positions = next
        }
        return positions
    }
}

/// The substitution variables every association file has.
///
/// `$(alpha)`, `$(upper)`, `$(lower)`, `$(alnum)`, `$(digit)` and `$(xdigit)` each match one
/// ASCII character of their class; `$(region)` matches an ISO 3166-1 alpha-2 region code and
/// `$(lang)` an ISO 639-1 language code (both in either case as listed).
enum AssociationVariables {
    static let upper = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    static let lower = (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
    static let digits = (0...9).map(String.init)

    static let regions = """
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY \
        BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK \
        FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR \
        IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK \
        ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM \
        PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF \
        TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init)

    static let languages = """
        aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee \
        el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is \
        it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms \
        mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk \
        sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi \
        yo za zh zu
        """.split(separator: " ").map(String.init)

    static let builtIn: [String: [String]] = [
        "alpha": upper + lower,
        "upper": upper,
        "lower": lower,
        "alnum": upper + lower + digits,
        "digit": digits,
        "xdigit": digits + ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"],
        "region": regions + regions.map { $0.lowercased() },
        "lang": languages + languages.map { $0.uppercased() },
    ]
}
