import Testing

@testable import LimelightText

/// Case, diacritic and width folding.
@Suite struct FoldingTests {
    /// One folding case: input, options, expected output.
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        let options: FoldingOptions
        let expected: String
        var testDescription: String { "\"\(input)\" \(options.rawValue)" }

        init(_ input: String, _ options: FoldingOptions, _ expected: String) {
            self.input = input
            self.options = options
            self.expected = expected
        }
    }

    static let both: FoldingOptions = [.caseInsensitive, .diacriticInsensitive]

    static let cases: [Case] = [
        Case("Frédéric", .caseInsensitive, "frédéric"),
        Case("Frédéric", .diacriticInsensitive, "Frederic"),
        Case("Frédéric", both, "frederic"),
        Case("Frédéric", [], "Frédéric"),
        Case("ÉCOLE", both, "ecole"),
        Case("É", .caseInsensitive, "é"),
        Case("straße", .caseInsensitive, "strasse"),
        Case("STRASSE", .caseInsensitive, "strasse"),
        Case("ẞ", .caseInsensitive, "ss"),
        Case("ß", .diacriticInsensitive, "ß"),
        Case("Søren", both, "soren"),
        Case("Ærø", both, "aero"),
        Case("Œuvre", both, "oeuvre"),
        Case("Łódź", both, "lodz"),
        Case("Đorđe", both, "dorde"),
        Case("ı", both, "i"),
        Case("İstanbul", both, "istanbul"),
        Case("İ", .caseInsensitive, "i\u{307}"),
        Case("ISTANBUL", .caseInsensitive, "istanbul"),
        Case("Iğdır", both, "igdir"),
        Case("Þór", both, "thor"),
        Case("Tiếng Việt", both, "tieng viet"),
        Case("ΑΘΗΝΑ", .caseInsensitive, "αθηνα"),
        Case("Ἀθῆναι", both, "αθηναι"),
        Case("ΟΔΥΣΣΕΥΣ", .caseInsensitive, "οδυσσευσ"),
        Case("ὀδυσσεύς", both, "οδυσσευσ"),
        Case("МОСКВА", .caseInsensitive, "москва"),
        Case("Ёлка", both, "елка"),
        Case("Ｈｅｌｌｏ１２３", .widthInsensitive, "Hello123"),
        Case("Ｈｅｌｌｏ", .indexTerm, "hello"),
        Case("ｶﾞｲﾄﾞ", .widthInsensitive, "ガイド"),
        Case("ガイド", .indexTerm, "ガイド"),
        Case("ひらがな", .indexTerm, "ひらがな"),
        Case("カタカナ", .caseInsensitive, "カタカナ"),
        Case("東京", .indexTerm, "東京"),
        Case("ﬁle", .caseInsensitive, "file"),
        Case("hello world", .caseInsensitive, "hello world"),
        Case("Hello, World!", both, "hello, world!"),
        Case("", .indexTerm, ""),
        Case("한국어", .indexTerm, "한국어"),
        Case("שָׁלוֹם", .diacriticInsensitive, "שלום"),
        Case("मैं", .indexTerm, "मैं"),
    ]

    @Test("fold", arguments: cases)
    func fold(_ testCase: Case) {
        let folded = TextFolding.fold(testCase.input, testCase.options)
        #expect(Array(folded.unicodeScalars) == Array(testCase.expected.unicodeScalars))
    }

    /// Composed and decomposed spellings fold to the same scalars under every option set.
    @Test(arguments: [
        ("\u{E9}", "e\u{301}"),
        ("Fr\u{E9}d\u{E9}ric", "Fre\u{301}de\u{301}ric"),
        ("\u{1EC7}", "e\u{323}\u{302}"),  // ệ: decomposed in canonical order
        ("\u{1EC7}", "e\u{302}\u{323}"),  // ệ: marks in the other order
        ("\u{1EC7}", "\u{EA}\u{323}"),  // ệ: partly composed
        ("\u{C5}", "\u{212B}"),  // Å and the angstrom sign
        ("\u{30AC}", "\u{30AB}\u{3099}"),  // ガ
        ("\u{1F04}", "\u{3B1}\u{313}\u{301}"),  // ἄ
        ("\u{324}\u{308}", "\u{308}\u{324}"),  // two marks with no base, out of canonical order
        ("\u{D55C}\u{AE00}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"),  // 한글 as jamo
    ])
    func canonicalEquivalence(_ composed: String, _ decomposed: String) {
        let optionSets: [FoldingOptions] = [[], .caseInsensitive, .diacriticInsensitive, Self.both, .indexTerm]
        for options in optionSets {
            let left = TextFolding.fold(composed, options)
            let right = TextFolding.fold(decomposed, options)
            #expect(Array(left.utf8) == Array(right.utf8), "options \(options.rawValue)")
        }
    }

    @Test func composedOutputIsNFC() {
        #expect(Array(TextFolding.fold("e\u{301}", []).unicodeScalars) == ["\u{E9}"])
        #expect(Array(TextFolding.fold("E\u{301}", .caseInsensitive).unicodeScalars) == ["\u{E9}"])
    }

    @Test func foldingIsIdempotent() {
        let samples = ["Frédéric", "STRAßE", "İstanbul", "Ｈｅｌｌｏ", "ｶﾞｲﾄﾞ", "Ἀθῆναι", "Łódź", "ǅemal"]
        for sample in samples {
            for options: FoldingOptions in [.caseInsensitive, .diacriticInsensitive, .indexTerm] {
                let once = TextFolding.fold(sample, options)
                #expect(TextFolding.fold(once, options) == once, "\(sample)")
            }
        }
    }

    /// Every scalar that the word-category table says index folding leaves alone must really be
    /// left alone by the full folding pipeline (the analyzer copies such scalars verbatim).
    @Test func unchangedScalarsFoldToThemselves() {
        let table = WordCategoryTable.shared
        var checked = 0
        for value in UInt32(0x80)..<0x110000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let stored = table.storedClass(of: value)
            let category = stored & ~WordCategoryTable.changesInTermsFlag
            guard stored & WordCategoryTable.changesInTermsFlag == 0,
                category != WordCategoryTable.Category.separator.rawValue,
                category != WordCategoryTable.Category.unassigned.rawValue
            else { continue }
            let text = String(scalar)
            let folded = TextAnalyzer.indexTerm(text)
            if folded != text || Array(folded.unicodeScalars) != [scalar] {
                Issue.record(
                    "U+\(String(value, radix: 16, uppercase: true)) folds to \(folded.unicodeScalars.map(\.value))")
            }
            checked += 1
        }
        #expect(checked > 100_000)
    }

    /// Scalars written as hexadecimal joined by dots (`-` for none).
    static func scalars(_ field: Substring) -> [Unicode.Scalar] {
        guard field != "-" else { return [] }
        return field.split(separator: ".").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
    }

    /// Vectors computed by the table generator with Python's own normalization and case folding.
    @Test func generatedVectors() throws {
        let lines = FoldingVectors.lines.split(separator: "\n")
        #expect(lines.count >= 900)
        for line in lines {
            let fields = line.split(separator: " ")
            try #require(fields.count == 3)
            let options = FoldingOptions(rawValue: try #require(UInt8(fields[0])))
            var input = String.UnicodeScalarView()
            input.append(contentsOf: Self.scalars(fields[1]))
            let folded = TextFolding.fold(String(input), options)
            #expect(Array(folded.unicodeScalars) == Self.scalars(fields[2]), "\(line)")
        }
    }

    @Test func substringInput() {
        let text = "xx ÉCOLE yy"
        let slice = text.dropFirst(3).prefix(5)
        #expect(TextFolding.fold(slice, .indexTerm) == "ecole")
    }

    @Test func analyzerTermsMatchFolding() {
        for word in ["Frédéric", "Straße", "Ærø", "İstanbul", "ΟΔΥΣΣΕΥΣ"] {
            #expect(TextAnalyzer.analyze(word).map(\.term) == [TextFolding.fold(word, .indexTerm)])
        }
    }
}
