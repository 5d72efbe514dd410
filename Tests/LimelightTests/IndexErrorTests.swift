import Foundation
import Testing

@testable import Limelight

@Suite("Index and query errors")
struct IndexErrorTests {
    @Test func codesMatchCoreSpotlight() {
        let expected: [(CSIndexError.Code, Int)] = [
            (.unknownError, -1), (.indexUnavailableError, -1000), (.invalidItemError, -1001),
            (.invalidClientStateError, -1002), (.remoteConnectionError, -1003), (.quotaExceeded, -1004),
            (.indexingUnsupported, -1005), (.mismatchedClientState, -1006),
        ]
        for (code, raw) in expected { #expect(code.rawValue == raw) }
        #expect(CSIndexError.Code.allCases.count == expected.count)
        #expect(CSIndexError.invalidItemError == .invalidItemError)
        #expect(CSSearchQueryError.Code.unknown.rawValue == -2000)
        #expect(CSSearchQueryError.Code.indexUnreachable.rawValue == -2001)
        #expect(CSSearchQueryError.Code.invalidQuery.rawValue == -2002)
        #expect(CSSearchQueryError.Code.cancelled.rawValue == -2003)
    }

    @Test func bridgesToNSError() {
        let error = CSIndexError(.invalidItemError, message: "item 'a': attribute 'rating' is bad")
        let nsError = error.nsError
        #expect(nsError.domain == "CSIndexErrorDomain")
        #expect(nsError.domain == CSIndexErrorDomain)
        #expect(nsError.code == -1001)
        #expect(nsError.localizedDescription == "item 'a': attribute 'rating' is bad")
        let bridged = error as NSError
        #expect(bridged.domain == CSIndexErrorDomain)
        #expect(bridged.code == -1001)
        let query = CSSearchQueryError(.cancelled) as NSError
        #expect(query.domain == "CSSearchQueryErrorDomain")
        #expect(query.code == -2003)
        #expect(CSSearchQueryError(.cancelled).message == "the query was cancelled")
    }

    @Test func invalidItemNamesTheItemAndAttribute() {
        let cause = AttributeError.typeMismatch("pageCount", expected: .number, found: .string)
        let error = CSIndexError.invalidItem(cause, uniqueIdentifier: "doc-7")
        #expect(error.code == .invalidItemError)
        #expect(error.message.contains("doc-7") && error.message.contains("pageCount"))
        #expect(error.underlyingError as? AttributeError == cause)
        #expect(error.nsError.userInfo[NSUnderlyingErrorKey] != nil)
    }
}
