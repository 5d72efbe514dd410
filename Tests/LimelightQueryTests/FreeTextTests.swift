@testable import LimelightQuery
import Testing

@Suite("Free text from user input")
struct FreeTextTests {
    @Test("words split on whitespace; edge punctuation dropped")
    func words() {
        #expect(FreeText("  paris   hotels ").words == ["paris", "hotels"])
        #expect(FreeText("paris, france.").words == ["paris", "france"])
        #expect(FreeText("o'neil c++ (draft)").words == ["o'neil", "c++", "draft"])
        #expect(FreeText("").isEmpty)
        #expect(FreeText(" ... ").isEmpty)
        #expect(FreeText("東京 タワー").words == ["東京", "タワー"])
    }

    @Test("quoted phrases stay together")
    func phrases() {
        let text = FreeText(#"pizza "new   york" “big apple” end"#)
        #expect(
            text.terms == [
                .init("pizza"), .init("new york", isPhrase: true), .init("big apple", isPhrase: true),
                .init("end", isComplete: false),
            ])
        #expect(
            FreeText(#"say "hello wor"#).terms == [.init("say"), .init("hello wor", isPhrase: true, isComplete: false)])
    }

    @Test("the last word is incomplete while being typed")
    func completeness() {
        #expect(FreeText("pari").terms == [.init("pari", isComplete: false)])
        #expect(FreeText("paris ").terms == [.init("paris")])
        #expect(FreeText("paris hot").terms.map(\.isComplete) == [true, false])
    }

    @Test("free text as a query expression")
    func expression() {
        #expect(
            FreeText("new york").expression
                == .comparison(Comparison(.anyIncludingContent, .equal, Q.string("new york", Q.cdwt))))
        #expect(FreeText("  ").expression == nil)
        #expect(FreeText("a*b?c").expression?.description == #"** == "a\*b\?c"cdwt"#)
    }

    @Test("ASCII text splits on its bytes exactly as character by character")
    func asciiFastPath() {
        let alphabet: [Character] = Array("ab Z9.,!?-_()+<>$'") + ["\"", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\r\n"]
        var state: UInt64 = 42
        for _ in 0..<5_000 {
            var text = ""
            state = state &* 6_364_136_223_846_793_005 &+ 1
            for _ in 0..<Int(state >> 60) + 1 {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                text.append(alphabet[Int((state >> 33) % UInt64(alphabet.count))])
            }
            #expect(FreeText(text) == FreeText(characters: text), "\(text.debugDescription)")
        }
        #expect(FreeText(#"  "new york" café"#) == FreeText(characters: #"  "new york" café"#))
    }
}
