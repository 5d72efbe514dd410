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
}
