import Foundation
import LimelightTestSupport
import Testing

/// End-to-end tests of `limelight activity` and `limelight open` through the built binary.
@Suite struct ActivityCLITests {
    let store = TemporaryDirectory()

    func limelight(_ arguments: [String], input: String? = nil) throws -> ProcessOutput {
        let executable = try #require(builtExecutable("limelight"), "the limelight executable is not built")
        return try runProcess(executable, arguments, input: input)
    }

    var app: [String] { ["--store", store.path, "--app", "com.example.recipes"] }

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    let poutine = """
        {"activityType": "com.example.recipe.view", "title": "Poutine", "keywords": ["fries"],
         "userInfo": {"recipe": 42, "path": ["mains", "quebec"]}, "requiredUserInfoKeys": ["recipe"],
         "webpageURL": "https://example.com/recipes/42", "persistentIdentifier": "recipe-42",
         "expirationDate": "2099-01-01T00:00:00Z", "isEligibleForSearch": true,
         "attributes": {"contentDescription": "Fries, curds and gravy", "weakRelatedUniqueIdentifier": "r42"}}
        """

    @Test func recordingCountsViewsAndOpeningReturnsTheSavedActivity() throws {
        let first = try limelight(["activity"] + app + ["--json", "-"], input: poutine)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try object(first.standardOutput)["viewCount"] as? Int == 1)
        let second = try limelight(["activity"] + app + ["--json", "-"], input: poutine)
        #expect(try object(second.standardOutput)["viewCount"] as? Int == 2)

        let opened = try limelight(["open"] + app + ["recipe-42"])
        #expect(opened.status == 0, "\(opened.standardError)")
        let activity = try object(opened.standardOutput)
        #expect(activity["activityType"] as? String == "com.example.recipe.view")
        #expect(activity["title"] as? String == "Poutine")
        #expect((activity["userInfo"] as? [String: Any])?["recipe"] as? Int == 42)
        #expect(activity["webpageURL"] as? String == "https://example.com/recipes/42")
        #expect(activity["expirationDate"] as? String == "2099-01-01T00:00:00Z")
        #expect((activity["attributes"] as? [String: Any])?["contentDescription"] as? String == "Fries, curds and gravy")
    }

    @Test func openingItemsWebPagesAndQueryContinuation() throws {
        let item = #"{"uniqueIdentifier": "r42", "attributes": {"title": "Poutine"}}"#
        #expect(try limelight(["index"] + app + ["-"], input: item).status == 0)
        let opened = try object(try limelight(["open"] + app + ["r42"]).standardOutput)
        #expect(opened["activityType"] as? String == "com.apple.corespotlightitem")
        #expect((opened["userInfo"] as? [String: Any])?["kCSSearchableItemActivityIdentifier"] as? String == "r42")

        let web = try object(try limelight(["open"] + app + ["--url", "https://example.com/recipes/42"]).standardOutput)
        #expect(web["activityType"] as? String == "NSUserActivityTypeBrowsingWeb")
        #expect(web["webpageURL"] as? String == "https://example.com/recipes/42")

        let refused = try limelight(["open"] + app + ["--continue-query", "poutine"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("continues searches"))
        #expect(try limelight(["activity"] + app + ["--search-continuation", "on"]).status == 0)
        let continued = try object(try limelight(["open"] + app + ["--continue-query", "poutine"]).standardOutput)
        #expect(continued["activityType"] as? String == "com.apple.corespotlightquerycontinuation")
        #expect((continued["userInfo"] as? [String: Any])?["kCSSearchQueryString"] as? String == "poutine")
    }

    @Test func errorsAreClearAndExitNonZero() throws {
        let unknownField = try limelight(["activity"] + app + ["-"], input: #"{"activityType": "a.b", "colour": "red"}"#)
        #expect(unknownField.status != 0)
        #expect(unknownField.standardError.contains("colour"))

        let missingType = try limelight(["activity"] + app + ["-"], input: #"{"title": "x"}"#)
        #expect(missingType.status != 0)
        #expect(missingType.standardError.contains("activityType"))

        let badAttribute = try limelight(["activity"] + app + ["-"], input: #"{"activityType": "a.b", "attributes": {"pageCount": "three"}}"#)
        #expect(badAttribute.status != 0)
        #expect(badAttribute.standardError.contains("pageCount"))

        let orphan = #"{"activityType": "a.b", "isEligibleForSearch": true, "attributes": {"relatedUniqueIdentifier": "nope"}}"#
        let unbound = try limelight(["activity"] + app + ["-"], input: orphan)
        #expect(unbound.status != 0)
        #expect(unbound.standardError.contains("nope"))

        let missing = try limelight(["open"] + app + ["nothing-here"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("nothing-here"))
    }
}
