@testable import Limelight
import LimelightRanking
import Testing

/// Typed text becomes ranked-query words: folded like index terms, finished words whole when asked,
/// the word being typed a prefix.
@Suite struct UserQueryWordsTests {
    @Test func typedTextSplitsIntoWholeWordsAndAPrefix() {
        #expect(UserQueryWords.words("imager qrcode ", completeWordsMatchWhole: true) == [
            QueryWord(term: "imager", isPrefix: false), QueryWord(term: "qrcode", isPrefix: false),
        ])
        #expect(UserQueryWords.words("Café Pa", completeWordsMatchWhole: true) == [
            QueryWord(term: "cafe", isPrefix: false), QueryWord(term: "pa", isPrefix: true),
        ])
        #expect(UserQueryWords.words("library a") == [QueryWord(term: "library", isPrefix: true), QueryWord(term: "a", isPrefix: true)])
    }

    /// Lowercase ASCII text takes a shortcut; it must give the words the general path gives, with
    /// runs of spaces, leading and trailing spaces, and words longer than a small string.
    @Test func lowercaseASCIITextSplitsAsTheGeneralPathDoes() {
        var state: UInt64 = 11
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789   ")
        var shortcuts = 0
        for length in 0...40 {
            for _ in 0..<40 {
                let text = String((0..<length).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                })
                for whole in [false, true] {
                    let general = UserQueryWords.generalWords(text, completeWordsMatchWhole: whole)
                    #expect(UserQueryWords.words(text, completeWordsMatchWhole: whole) == general, "\(text)")
                    if UserQueryWords.lowercaseASCIIWords(text, completeWordsMatchWhole: whole) != nil { shortcuts += 1 }
                }
            }
        }
        #expect(shortcuts == 41 * 40 * 2)
        #expect(UserQueryWords.lowercaseASCIIWords("Library", completeWordsMatchWhole: false) == nil)
        #expect(UserQueryWords.lowercaseASCIIWords("gnu-s", completeWordsMatchWhole: false) == nil)
    }
}
