import Foundation
import Limelight
import LimelightTestSupport
import Synchronization
import Testing

/// Indexes with a data-protection class: encrypted at rest, unavailable while locked, found by
/// queries only while their class's key is available.
@Suite struct ProtectedIndexTests {
    let directory = TemporaryDirectory(prefix: "limelight-protected")
    let bundleIdentifier = "com.example.protected"
    let passphrase = "correct horse battery staple"

    var store: LimelightStore { get throws { try LimelightStore.shared(path: directory.path) } }

    func index(_ name: String, _ protection: FileProtectionType?) -> CSSearchableIndex {
        CSSearchableIndex(name: name, protectionClass: protection, storePath: directory.path, bundleIdentifier: bundleIdentifier)
    }

    func item(_ identifier: String, _ title: String) -> CSSearchableItem {
        let attributes = CSSearchableItemAttributeSet(contentType: "public.text")
        attributes.title = title
        return CSSearchableItem(uniqueIdentifier: identifier, domainIdentifier: nil, attributeSet: attributes)
    }

    /// The identifiers a metadata query finds, sorted.
    func found(_ query: String, classes: [FileProtectionType] = []) async throws -> [String] {
        let search = CSSearchQuery(queryString: query, queryContext: nil, storePath: directory.path, bundleIdentifier: bundleIdentifier)
        search.protectionClasses = classes
        var identifiers: [String] = []
        for try await result in search.results { identifiers.append(result.item.uniqueIdentifier) }
        return identifiers.sorted()
    }

    /// Every file under `path`, recursively.
    func files(under path: String) -> [String] {
        guard let names = FileManager.default.enumerator(atPath: path)?.allObjects as? [String] else { return [] }
        return names.map { path + "/" + $0 }.filter { !((try? FileManager.default.attributesOfItem(atPath: $0)[.type] as? FileAttributeType) == .typeDirectory) }
    }

    @Test func protectedContentIsEncryptedAndSearchedWithTheRest() async throws {
        try store.unlockProtectedData(passphrase: passphrase)
        try await index("", nil).indexSearchableItems([item("plain-1", "Quokka picnic")])
        try await index("mail", .complete).indexSearchableItems([item("secret-1", "Quokka treaty"), item("secret-2", "Wombat ledger")])
        #expect(try await found(#"title == "quokka*"c"#) == ["plain-1", "secret-1"])
        #expect(try await found(#"title == "quokka*"c"#, classes: [.complete]) == ["secret-1"])
        #expect(try await found(#"title == "quokka*"c"#, classes: [.none]) == ["plain-1"])
        #expect(try store.protectionClasses(of: bundleIdentifier) == [.complete])

        try store.close()
        let protectedFiles = files(under: directory.path + "/protected")
        #expect(!protectedFiles.isEmpty)
        for path in protectedFiles {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(data.range(of: Data("treaty".utf8)) == nil, "\(path) holds indexed text in clear")
            #expect(data.range(of: Data("secret-1".utf8)) == nil, "\(path) holds an identifier in clear")
        }
        // The passphrase is not stored; the key file holds only wrapped keys.
        let keys = try String(contentsOfFile: directory.appending("protection-keys.json"), encoding: .utf8)
        #expect(!keys.contains(passphrase))
    }

    @Test func lockedClassesAreUnavailable() async throws {
        let store = try store
        try store.unlockProtectedData(passphrase: passphrase)
        try await index("a", .complete).indexSearchableItems([item("complete-1", "Otter")])
        try await index("b", .completeUnlessOpen).indexSearchableItems([item("unless-open-1", "Otter")])
        try await index("c", .completeUntilFirstUserAuthentication).indexSearchableItems([item("first-auth-1", "Otter")])
        try await index("", nil).indexSearchableItems([item("plain-1", "Otter")])
        #expect(try await found(#"title == "otter"c"#) == ["complete-1", "first-auth-1", "plain-1", "unless-open-1"])

        try store.lockProtectedData()
        #expect(!store.isProtectedDataUnlocked)
        // complete: closed and unreadable; completeUnlessOpen: still open; first-authentication: kept.
        #expect(try await found(#"title == "otter"c"#) == ["first-auth-1", "plain-1", "unless-open-1"])
        await #expect {
            try await index("a", .complete).indexSearchableItems([item("complete-2", "Beaver")])
        } throws: { error in
            (error as? CSIndexError)?.code == .indexUnavailableError && "\(error)".contains("locked")
        }
        try await index("c", .completeUntilFirstUserAuthentication).indexSearchableItems([item("first-auth-2", "Otter")])

        try store.unlockProtectedData(passphrase: passphrase)
        #expect(try await found(#"title == "otter"c"#) == ["complete-1", "first-auth-1", "first-auth-2", "plain-1", "unless-open-1"])
    }

    @Test func aClassNeverUnlockedCannotBeWritten() async throws {
        await #expect {
            try await index("mail", .complete).indexSearchableItems([item("secret-1", "Heron")])
        } throws: { error in
            (error as? CSIndexError)?.code == .indexUnavailableError
        }
        try await index("", nil).indexSearchableItems([item("plain-1", "Heron")])
        #expect(try await found(#"title == "heron"c"#) == ["plain-1"])
        #expect(!FileManager.default.fileExists(atPath: directory.appending("protected/complete/\(bundleIdentifier)/MANIFEST")))
    }

    @Test func passphrasesAreCheckedAndCanBeChanged() async throws {
        let store = try store
        try store.unlockProtectedData(passphrase: passphrase)
        try await index("mail", .complete).indexSearchableItems([item("secret-1", "Ibis")])
        try store.lockProtectedData()
        #expect(throws: ProtectedDataError.wrongPassphrase) { try store.unlockProtectedData(passphrase: "guess") }
        #expect(throws: ProtectedDataError.emptyPassphrase) { try store.unlockProtectedData(passphrase: "") }
        #expect(throws: ProtectedDataError.wrongPassphrase) {
            try store.changeProtectedDataPassphrase(from: "guess", to: "new one")
        }
        try store.changeProtectedDataPassphrase(from: passphrase, to: "new one")
        #expect(throws: ProtectedDataError.wrongPassphrase) { try store.unlockProtectedData(passphrase: passphrase) }
        try store.unlockProtectedData(passphrase: "new one")
        #expect(try await found(#"title == "ibis"c"#) == ["secret-1"])
    }

    @Test func rankedUserQueriesMergeClasses() async throws {
        try store.unlockProtectedData(passphrase: passphrase)
        try await index("", nil).indexSearchableItems([item("plain-1", "Kestrel notes"), item("plain-2", "Other kestrel sightings in the valley")])
        try await index("mail", .complete).indexSearchableItems([item("secret-1", "Kestrel")])
        let context = CSUserQueryContext()
        context.maxResultCount = 2
        let query = CSUserQuery(userQueryString: "kestrel", userQueryContext: context, storePath: directory.path, bundleIdentifier: bundleIdentifier)
        var identifiers: [String] = []
        for try await response in query.responses {
            if case .item(let item) = response { identifiers.append(item.id) }
        }
        #expect(identifiers.count == 2)
        #expect(identifiers.first == "secret-1")  // the shortest title matching the whole word
    }
}
