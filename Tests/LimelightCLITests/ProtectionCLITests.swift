import Foundation
import LimelightTestSupport
import Testing

/// End-to-end tests of `--protection` through the built binary: protected content needs the
/// store's passphrase from the environment, and is kept apart from unprotected content.
@Suite struct ProtectionCLITests {
    let store = TemporaryDirectory()

    func limelight(_ arguments: [String], input: String? = nil, passphrase: String? = nil) throws -> ProcessOutput {
        let executable = try #require(builtExecutable("limelight"), "the limelight executable is not built")
        // An empty value counts as unset, whatever the test's own environment holds.
        let environment = ["LIMELIGHT_PASSPHRASE": passphrase ?? "", "LIMELIGHT_PASSPHRASE_FILE": ""]
        return try runProcess(executable, arguments, input: input, environment: environment)
    }

    var app: [String] { ["--store", store.path, "--app", "com.example.vault"] }
    let secret = #"{"uniqueIdentifier": "s1", "attributes": {"title": "Vault combination"}}"#

    @Test func protectedContentNeedsThePassphrase() throws {
        let refused = try limelight(["index"] + app + ["--protection", "complete", "-"], input: secret)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("locked"), "\(refused.standardError)")

        let indexed = try limelight(["index"] + app + ["--protection", "complete", "-"], input: secret, passphrase: "hunter2")
        #expect(indexed.status == 0, "\(indexed.standardError)")
        let found = try limelight(["find"] + app + ["--protection", "complete", "--json", #"title == "vault*"c"#], passphrase: "hunter2")
        #expect(found.status == 0, "\(found.standardError)")
        #expect(found.standardOutput.contains(#""uniqueIdentifier":"s1""#), "\(found.standardOutput)")

        // Unprotected content is apart; a wrong passphrase is named as such.
        let plain = try limelight(["find"] + app + ["--json", #"title == "vault*"c"#])
        #expect(plain.status == 0 && plain.standardOutput.isEmpty)
        let wrong = try limelight(["find"] + app + ["--protection", "complete", #"title == "vault*"c"#], passphrase: "guess")
        #expect(wrong.status != 0)
        #expect(wrong.standardError.contains("passphrase does not unlock"), "\(wrong.standardError)")

        let status = try limelight(["status"] + app)
        #expect(status.standardOutput.contains("protected: complete"), "\(status.standardOutput)")
        let unknown = try limelight(["status"] + app + ["--protection", "secret"])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("completeUntilFirstUserAuthentication"), "\(unknown.standardError)")
    }
}
