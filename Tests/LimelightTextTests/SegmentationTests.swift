import Testing

@testable import LimelightText

/// Word segmentation: which words (original form) and which terms each input gives.
@Suite struct SegmentationTests {
    /// One segmentation case: input, expected original words, expected terms.
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let words: [String]
        let terms: [String]
        var testDescription: String { "\"\(text)\"" }

        init(_ text: String, _ words: [String], terms: [String]? = nil) {
            self.text = text
            self.words = words
            self.terms = terms ?? words.map { $0.lowercased() }
        }
    }

    static let cases: [Case] = [
        // Empty and whitespace.
        Case("", []),
        Case("   \t\n  ", []),
        Case("...", []),
        // ASCII words and punctuation.
        Case("hello world", ["hello", "world"]),
        Case("  Hello,   World!  ", ["Hello", "World"]),
        Case("paris-france.jpg", ["paris", "france", "jpg"]),
        Case("snake_case/path\\to", ["snake", "case", "path", "to"]),
        Case("a+b=c (d) [e] {f} <g> \"h\" #i @j", ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]),
        Case("email: bob@example.com", ["email", "bob", "example", "com"]),
        // camelCase.
        Case("MyWindowClass", ["My", "Window", "Class"]),
        Case("NSWindow", ["NSWindow"], terms: ["nswindow"]),
        Case("iPhone", ["i", "Phone"]),
        Case("Hello", ["Hello"]),
        Case("HTTPServer", ["HTTPServer"], terms: ["httpserver"]),
        Case("parseJSONValue", ["parse", "JSONValue"], terms: ["parse", "jsonvalue"]),
        Case("ÉcoleNormale", ["École", "Normale"], terms: ["ecole", "normale"]),
        // Digits.
        Case("mp3", ["mp3"]),
        Case("ios17", ["ios17"]),
        Case("ios17Pro", ["ios17Pro"], terms: ["ios17pro"]),
        Case("2024-06-01", ["2024", "06", "01"]),
        Case("3.14", ["3", "14"]),
        Case("٣٤٥ ١٢", ["٣٤٥", "١٢"], terms: ["٣٤٥", "١٢"]),
        // Apostrophes.
        Case("don't", ["don't"], terms: ["dont"]),
        Case("Don’t stop", ["Don’t", "stop"], terms: ["dont", "stop"]),
        Case("rock'n'roll", ["rock'n'roll"], terms: ["rocknroll"]),
        Case("'quoted'", ["quoted"]),
        Case("dogs' bones", ["dogs", "bones"]),
        Case("90's", ["90's"], terms: ["90s"]),
        Case("it''s", ["it", "s"]),
        Case("o' brien", ["o", "brien"]),
        // Emoji and symbols separate words.
        Case("I ❤️ NY", ["I", "NY"]),
        Case("pizza🍕time", ["pizza", "time"]),
        Case("👍🏽", []),
        Case("100% €5 ©2024", ["100", "5", "2024"]),
        Case("family👨‍👩‍👧rules", ["family", "rules"]),
        // Mixed scripts.
        Case(
            "Москва и Санкт-Петербург", ["Москва", "и", "Санкт", "Петербург"],
            terms: ["москва", "и", "санкт", "петербург"]),
        Case("Ελληνικά κείμενα", ["Ελληνικά", "κείμενα"], terms: ["ελληνικα", "κειμενα"]),
        Case("עברית ועוד", ["עברית", "ועוד"], terms: ["עברית", "ועוד"]),
        Case("한국어 텍스트", ["한국어", "텍스트"], terms: ["한국어", "텍스트"]),
        Case("\u{1112}\u{1161}\u{11AB}글", ["\u{1112}\u{1161}\u{11AB}글"], terms: ["한글"]),
        Case("हिन्दी पाठ", ["हिन्दी", "पाठ"], terms: ["हिन्दी", "पाठ"]),
        Case("Ｔシャツ", ["Ｔ", "シャ", "ャツ"], terms: ["t", "シャ", "ャツ"]),
        // CJK bigrams.
        Case("東京都", ["東京", "京都"], terms: ["東京", "京都"]),
        Case("東", ["東"], terms: ["東"]),
        Case("東京", ["東京"], terms: ["東京"]),
        Case("iPhone用", ["i", "Phone", "用"], terms: ["i", "phone", "用"]),
        Case("東京・大阪", ["東京", "大阪"], terms: ["東京", "大阪"]),
        Case("東京タワーへ", ["東京", "京タ", "タワ", "ワー", "ーへ"], terms: ["東京", "京タ", "タワ", "ワー", "ーへ"]),
        Case("私は学生です。", ["私は", "は学", "学生", "生で", "です"], terms: ["私は", "は学", "学生", "生で", "です"]),
        Case("中文abc中", ["中文", "abc", "中"], terms: ["中文", "abc", "中"]),
        Case("ｶﾞｲﾄﾞ", ["ｶﾞｲ", "ｲﾄﾞ"], terms: ["ガイ", "イド"]),
        Case("𠮷野家", ["𠮷野", "野家"], terms: ["𠮷野", "野家"]),
        // Combining marks stay with their letter.
        Case("cafe\u{301} noir", ["cafe\u{301}", "noir"], terms: ["cafe", "noir"]),
        Case("\u{301}orphan", ["orphan"]),
        // Characters left out of terms but kept in the word.
        Case("co\u{AD}operation", ["co\u{AD}operation"], terms: ["cooperation"]),
        Case("1\u{FE0F}\u{20E3} first", ["1\u{FE0F}\u{20E3}", "first"], terms: ["1", "first"]),
        Case("عـربي", ["عـربي"], terms: ["عربي"]),
        Case("ـ", ["ـ"], terms: ["ـ"]),
    ]

    @Test("segmentation and terms", arguments: cases)
    func segmentation(_ testCase: Case) {
        let words = TextAnalyzer.words(testCase.text).map(String.init)
        #expect(words == testCase.words)
        let tokens = TextAnalyzer.analyze(testCase.text)
        #expect(tokens.map(\.term) == testCase.terms)
        #expect(tokens.map(\.position) == (0..<UInt32(tokens.count)).map { $0 })
        #expect(tokens.map(\.byteRange) == TextAnalyzer.wordRanges(testCase.text))
    }

    @Test func startPositionAndBufferReuse() {
        var tokens: [AnalyzedToken] = []
        TextAnalyzer.analyze("alpha beta", into: &tokens)
        TextAnalyzer.analyze("gamma", into: &tokens, startPosition: 10)
        #expect(tokens.map(\.term) == ["alpha", "beta", "gamma"])
        #expect(tokens.map(\.position) == [0, 1, 10])
        #expect(tokens[2].start == 0 && tokens[2].end == 5)
    }

    @Test func substringInput() {
        let text = "xx Hello Wörld yy"
        let slice = text.dropFirst(3).dropLast(3)
        #expect(TextAnalyzer.analyze(slice).map(\.term) == ["hello", "world"])
        #expect(TextAnalyzer.wordRanges(slice) == [0..<5, 6..<12])
        #expect(TextAnalyzer.words(slice) == ["Hello", "Wörld"])
    }

    @Test func indexTermOfOneWord() {
        #expect(TextAnalyzer.indexTerm("Don't") == "dont")
        #expect(TextAnalyzer.indexTerm("ÉCOLE") == "ecole")
        #expect(TextAnalyzer.indexTerm("MyWindow") == "mywindow")
        #expect(TextAnalyzer.indexTerm("Ｆｒé") == "fre")
        #expect(TextAnalyzer.indexTerm("") == "")
        for word in ["Straße", "Łódź", "東京", "ｶﾞ", "naïve"] {
            #expect(TextAnalyzer.analyze(word).map(\.term) == [TextAnalyzer.indexTerm(word)])
        }
    }

    @Test func cjkQueryForms() {
        #expect(TextAnalyzer.cjkQueryForm(of: "東") == .singleCharacter)
        #expect(TextAnalyzer.cjkQueryForm(of: "東京都") == .characterRun)
        #expect(TextAnalyzer.cjkQueryForm(of: "東京") == .characterRun)
        #expect(TextAnalyzer.cjkQueryForm(of: "カ\u{3099}") == .singleCharacter)
        #expect(TextAnalyzer.cjkQueryForm(of: "iPhone用") == .notCJK)
        #expect(TextAnalyzer.cjkQueryForm(of: "hello") == .notCJK)
        #expect(TextAnalyzer.cjkQueryForm(of: "") == .notCJK)
        #expect(TextAnalyzer.cjkQueryForm(of: "한국") == .notCJK)
    }

    @Test func isCJK() {
        for scalar in "東京都ひらがなカタカナｶ々𠮷".unicodeScalars {
            #expect(TextAnalyzer.isCJK(scalar), "\(scalar)")
        }
        for scalar in "aé한Ω1 ".unicodeScalars {
            #expect(!TextAnalyzer.isCJK(scalar), "\(scalar)")
        }
    }
}

extension SegmentationTests {
    @Test func documentsAlsoIndexCamelCaseCompoundsWhole() {
        var tokens: [AnalyzedToken] = []
        TextAnalyzer.analyzeForIndex("MyWindowClass on iPhone, JavaScript-ready; NSWindow 東京", into: &tokens, startPosition: 10)
        #expect(tokens.map(\.term) == ["mywindowclass", "my", "window", "class", "on", "iphone", "i", "phone", "javascript", "java", "script", "ready", "nswindow", "東京"])
        #expect(tokens.map(\.position) == [10, 10, 11, 12, 13, 14, 14, 15, 16, 16, 17, 18, 19, 20])
        // The compound spans its parts; positions never go down, so the last token is the furthest.
        #expect(tokens[0].byteRange == 0..<13)
        #expect(zip(tokens, tokens.dropFirst()).allSatisfy { $0.position <= $1.position })
        // Queries keep the plain analysis.
        #expect(TextAnalyzer.analyze("iPhone").map(\.term) == ["i", "phone"])
    }

    @Test func documentsAlsoIndexThePartsOfWordsWithApostrophes() {
        var tokens: [AnalyzedToken] = []
        TextAnalyzer.analyzeForIndex("Howard Chu's O’Reilly don't", into: &tokens)
        #expect(tokens.map(\.term) == ["howard", "chus", "chu", "oreilly", "reilly", "dont", "don"])
        #expect(tokens.map(\.position) == [0, 1, 1, 2, 2, 3, 3])
        #expect(tokens[2].byteRange == 7..<10)
        // Queries keep the whole word.
        #expect(TextAnalyzer.analyze("Chu's").map(\.term) == ["chus"])
    }

    /// A lone lowercase ASCII word takes a shortcut; it must give what the general path gives.
    @Test func lowercaseASCIIWordsAnalyseAsTheGeneralPathDoes() {
        var state: UInt64 = 7
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for length in 1...20 {
            for _ in 0..<50 {
                let word = String((0..<length).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                })
                var general: [AnalyzedToken] = []
                TextAnalyzer.analyze(word[...], into: &general)
                #expect(TextAnalyzer.analyze(word) == general, "\(word)")
            }
        }
    }
}
