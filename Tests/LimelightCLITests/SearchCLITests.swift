import Foundation
import LimelightTestSupport
import Testing

/// End-to-end tests of `limelight find` and `limelight suggest` through the built binary.
@Suite struct SearchCLITests {
    let store = TemporaryDirectory()

    func limelight(_ arguments: [String], input: String? = nil) throws -> ProcessOutput {
        let executable = try #require(builtExecutable("limelight"), "the limelight executable is not built")
        return try runProcess(executable, arguments, input: input)
    }

    var app: [String] { ["--store", store.path, "--app", "com.example.recipes"] }

    func indexRecipes() throws {
        let lines = """
            {"uniqueIdentifier": "r1", "contentType": "public.item", "attributes": {"title": "Lettuce wraps", "keywords": ["calamari"], "pageCount": 3}}
            {"uniqueIdentifier": "r2", "attributes": {"title": "Banana bread", "textContent": "ripe bananas, flour, butter"}}
            {"uniqueIdentifier": "r3", "attributes": {"title": "Bánh mì", "keywords": ["JavaScript"], "pageCount": 1}}
            """
        let indexed = try limelight(["index"] + app + ["-"], input: lines)
        try #require(indexed.status == 0, "\(indexed.standardError)")
    }

    @Test func findRunsMetadataQueriesLikeMdfind() throws {
        try indexRecipes()
        let found = try limelight(["find"] + app + [#"title == "lettuce*"cd && pageCount >= 2"#])
        #expect(found.status == 0)
        #expect(found.standardOutput == "r1\tLettuce wraps\n")
        #expect(found.standardError.contains("1 item(s)"))

        let json = try limelight(["find"] + app + [#"pageCount > 0"#, "--json", "--attributes", "title,pageCount"])
        let objects = json.standardOutput.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(Set(objects.compactMap { $0["uniqueIdentifier"] as? String }) == ["r1", "r3"])
        #expect(objects.allSatisfy { $0["pageCount"] != nil && $0["keywords"] == nil })

        let diacritics = try limelight(["find"] + app + [#"title == "banh*"cd"#])
        #expect(diacritics.standardOutput.hasPrefix("r3\t"))
    }

    @Test func interpretRanksTypedTextAndExplains() throws {
        try indexRecipes()
        let typed = try limelight(["find"] + app + ["--interpret", "ban"])
        #expect(typed.status == 0)
        #expect(typed.standardOutput.split(separator: "\n").first?.hasPrefix("r2\tBanana bread\t") == true)
        // A camelCase compound is found typed as one word.
        let compound = try limelight(["find"] + app + ["--interpret", "javascript"])
        #expect(compound.standardOutput.hasPrefix("r3\t"))
        let explained = try limelight(["find"] + app + ["--interpret", "lett wr", "--explain"])
        #expect(explained.standardOutput.contains("BM25F"))
    }

    @Test func syntaxErrorsExitNonZeroWithTheColumn() throws {
        try indexRecipes()
        let bad = try limelight(["find"] + app + [#"title == "open"#])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("column 10"))
        #expect(bad.standardOutput.isEmpty)
    }

    @Test func suggestCompletesFromWordsAndPastQueries() throws {
        try indexRecipes()
        let words = try limelight(["suggest"] + app + ["ban"])
        #expect(words.status == 0)
        #expect(words.standardOutput.contains("banana"))
        _ = try limelight(["suggest"] + app + ["banana bread loaf", "--record"])
        let past = try limelight(["suggest"] + app + ["banana b", "--json"])
        #expect(past.standardOutput.contains("banana bread loaf"))
    }
}
