import Foundation
import LimelightTestSupport
import Testing

/// End-to-end tests of the indexing commands through the built `limelight` binary.
@Suite struct IndexingCLITests {
    let store = TemporaryDirectory()

    func limelight(_ arguments: [String], input: String? = nil) throws -> ProcessOutput {
        let executable = try #require(builtExecutable("limelight"), "the limelight executable is not built")
        return try runProcess(executable, arguments, input: input)
    }

    var app: [String] { ["--store", store.path, "--app", "com.example.notes"] }

    let lines = """
        {"uniqueIdentifier": "n1", "domainIdentifier": "work", "contentType": "public.text", "attributes": {"title": "Quarterly plan", "keywords": ["plan", "q3"], "pageCount": 3, "contentCreationDate": "2026-01-10T00:00:00Z"}}
        {"uniqueIdentifier": "n2", "domainIdentifier": "work.meetings", "attributes": {"title": "Standup notes"}}
        {"uniqueIdentifier": "n3", "domainIdentifier": "home", "attributes": {"title": "Groceries", "textContent": "milk eggs bread"}}
        """

    @Test func indexShowDumpStatusDelete() throws {
        let indexed = try limelight(["index"] + app + ["--index", "notes", "--client-state", "v1", "-"], input: lines)
        #expect(indexed.status == 0, "\(indexed.standardError)")

        let show = try limelight(["show"] + app + ["--index", "notes", "n1", "--json"])
        #expect(show.status == 0)
        let item = try #require(try JSONSerialization.jsonObject(with: Data(show.standardOutput.utf8)) as? [String: Any])
        #expect(item["uniqueIdentifier"] as? String == "n1")
        #expect((item["attributes"] as? [String: Any])?["pageCount"] as? Int == 3)

        let dump = try limelight(["dump"] + app + ["--index", "notes", "--json"])
        #expect(dump.standardOutput.split(separator: "\n").count == 3)

        let status = try limelight(["status"] + app + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Any])
        let indexes = try #require(object["indexes"] as? [[String: Any]])
        #expect(indexes.first?["itemCount"] as? Int == 3)
        #expect(indexes.first?["clientState"] as? String == "v1")

        // Deleting a domain also deletes its subdomains.
        #expect(try limelight(["delete"] + app + ["--index", "notes", "--domain", "work"]).status == 0)
        let after = try limelight(["dump"] + app + ["--index", "notes"])
        #expect(after.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] } == ["n3"])

        #expect(try limelight(["delete"] + app + ["--index", "notes", "--all"]).status == 0)
        let reset = try limelight(["status"] + app + ["--json"])
        #expect(!reset.standardOutput.contains("\"v1\""))
    }

    @Test func invalidLinesAreReportedAndNothingIsApplied() throws {
        let bad = lines + "\n" + #"{"uniqueIdentifier": "n4", "attributes": {"pageCount": "three"}}"# + "\n" + #"{"uniqueIdentifier": "n5", "attributes": {"nosuchattribute": 1}}"#
        let result = try limelight(["index"] + app + ["-"], input: bad)
        #expect(result.status != 0)
        #expect(result.standardError.contains("line 4"))
        #expect(result.standardError.contains("pageCount"))
        #expect(result.standardError.contains("line 5"))
        #expect(result.standardError.contains("nosuchattribute"))
        let dump = try limelight(["dump"] + app)
        #expect(dump.standardOutput.isEmpty)
    }

    @Test func oversizedClientStateIsRejected() throws {
        let result = try limelight(["index"] + app + ["--index", "notes", "--client-state", String(repeating: "x", count: 251), "-"], input: lines)
        #expect(result.status != 0)
        #expect(result.standardError.contains("250"))
        #expect(try limelight(["dump"] + app + ["--index", "notes"]).standardOutput.isEmpty)
    }

    @Test func demoIndexesAndFinds() throws {
        let result = try limelight(["demo", "--store", store.path, "lettuce"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Calamari Lettuce Wraps"))
    }

    @Test func helpDescribesTheCommands() throws {
        let help = try limelight(["--help"])
        for command in ["demo", "index", "show", "dump", "delete", "status"] { #expect(help.standardOutput.contains(command)) }
        #expect(!help.standardOutput.contains("crash-writer"))
    }
}
