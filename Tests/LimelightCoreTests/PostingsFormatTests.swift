import LimelightCore
import LimelightTestSupport
import Testing

/// The two encodings of long postings lists: entries with a skip table, and bitmaps for keyword
/// terms most documents have.
@Suite struct PostingsFormatTests {
    /// 1,000 documents: every one but each 7th has the keyword "common", each 3rd the keyword
    /// "third", and text terms with frequencies above 1.
    private func fill(_ engine: SearchEngine) throws {
        var batch = WriteBatch()
        for i in 0..<1000 {
            var domains: [String] = []
            if i % 7 != 0 { domains.append("common") }
            if i % 3 == 0 { domains.append("third") }
            let title = i % 2 == 0 ? "word word word n\(i)" : "word n\(i)"
            let fields = [textField("title", title), FieldTerms.keywords("domain", domains)]
            batch.append(.upsert(IndexDocument(key: "k\(i)", fields: fields, numbers: [:], stored: [])))
        }
        try engine.commit(batch)
    }

    /// The postings of `term` in `field` of the snapshot's only segment, decoded (with positions
    /// when asked).
    private func postings(_ snapshot: Snapshot, _ field: String, _ term: String, withPositions: Bool = false) throws -> PostingsIterator {
        let reader = try #require(snapshot.segments.first?.reader.field(field))
        let info = try #require(try reader.dictionary.lookup(term))
        return try reader.postings(for: info, withPositions: withPositions)
    }

    private func checkLists(_ snapshot: Snapshot) throws {
        #expect(snapshot.segments.count == 1)
        // Every document is found, in order, with its frequency.
        var common = try postings(snapshot, "domain", "common")
        var found: [UInt32] = []
        while try common.next() {
            #expect(common.frequency == 1)
            found.append(common.document)
        }
        let expectedDocuments: [UInt32] = (0..<1000).filter { (i: Int) -> Bool in i % 7 != 0 }.map { UInt32($0) }
        #expect(found == expectedDocuments)
        var word = try postings(snapshot, "title", "word")
        var frequencies: [UInt32] = []
        while try word.next() { frequencies.append(word.frequency) }
        let expectedFrequencies: [UInt32] = (0..<1000).map { (i: Int) -> UInt32 in i % 2 == 0 ? 3 : 1 }
        #expect(frequencies == expectedFrequencies)
        // Positions read at some documents only, whole skip blocks apart or within one, up to the
        // entries after the last full block (1,000 is not a multiple of 32).
        var withPositions = try postings(snapshot, "title", "word", withPositions: true)
        var walked = 0
        while try withPositions.next() {
            let document = Int(withPositions.document)
            if document % 45 == 0 || document % 97 == 3 || document >= 990 {
                let positions = try withPositions.positions()
                #expect(positions == (document % 2 == 0 ? [0, 1, 2] : [0]), "document \(document)")
            }
            walked += 1
        }
        #expect(walked == 1000)

        // Advancing lands on the first document at or after each target, in both encodings.
        for (field, term, has) in [("domain", "common", { (i: Int) in i % 7 != 0 }), ("title", "word", { (_: Int) in true })] {
            var iterator = try postings(snapshot, field, term)
            var target = 0
            while target < 1000 {
                let expected = (target..<1000).first(where: has)
                let moved = try iterator.advance(to: UInt32(target))
                #expect(moved == (expected != nil))
                if let expected { #expect(iterator.document == UInt32(expected)) }
                target += 1 + (target * 7919) % 151
            }
            #expect(try !iterator.advance(to: 5000))
        }

        // Queries combine both encodings.
        #expect(try snapshot.count(.term(field: "domain", term: "common")) == 857)
        #expect(try snapshot.count(.and([.term(field: "domain", term: "common"), .term(field: "domain", term: "third")])) == 286)
        #expect(try snapshot.keys(.and([.prefix(field: "title", prefix: "n70"), .term(field: "domain", term: "common")])) == ["k701", "k702", "k703", "k704", "k705", "k706", "k708", "k709"])
    }

    @Test func denseKeywordTermsAreBitmapsAndIterateLikeEntries() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        try fill(engine)
        try engine.flush()
        try engine.mergeNow(force: true)
        let snapshot = engine.snapshot()
        try checkLists(snapshot)
        // A bitmap of 1,000 documents takes 125 bytes; entries would take one byte per document.
        let domain = try #require(snapshot.segments.first?.reader.field("domain"))
        #expect(domain.indexBytes.postings < 400)
        try engine.close()

        let reopened = try SearchEngine.open(directory: directory.path)
        try checkLists(reopened.snapshot())
        try reopened.close()
    }

    /// Format 5 skip tables have fixed-width entries that advancing searches (galloping, then
    /// bisecting): jumps short and long land on the right document with its own positions, and
    /// `next()` carries on from there.
    @Test func advancingSearchesTheSkipTable() throws {
        let directory = TemporaryDirectory()
        let engine = try SearchEngine.open(directory: directory.path)
        let count = 20_000
        var batch = WriteBatch()
        for i in 0..<count {
            // "every" is in each document: once at position 1 in odd ones, at 0 and 2 in even ones.
            let body = i % 2 == 1 ? "x every" : "every y every"
            batch.append(.upsert(IndexDocument(key: "k\(i)", fields: [textField("body", body)], numbers: [:], stored: [])))
        }
        try engine.commit(batch)
        try engine.flush()
        let snapshot = engine.snapshot()
        func expectedPositions(_ document: Int) -> [UInt32] { document % 2 == 1 ? [1] : [0, 2] }

        #expect(snapshot.segments.count == 1)
        var iterator = try postings(snapshot, "body", "every", withPositions: true)
        var target = 0
        var step = 1
        while target < count {
            #expect(try iterator.advance(to: UInt32(target)))
            #expect(iterator.document == UInt32(target))
            // Positions are read at some stops only, so that later ones skip those of the documents passed.
            if target % 3 != 0 {
                let positions = try iterator.positions()
                #expect(positions == expectedPositions(target), "document \(target)")
            }
            if target % 5 == 0 {
                #expect(try iterator.next())
                #expect(iterator.document == UInt32(target + 1))
                let positions = try iterator.positions()
                #expect(positions == expectedPositions(target + 1), "document \(target + 1), after next()")
                target += 1
            }
            // Gaps from one document to thousands: within a block, to the next, across many.
            step = step >= 4096 ? 1 : step * 3
            target += step
        }
        #expect(try !iterator.advance(to: UInt32(count)))

        // Targets on the last document of a skip block (of 32) and just past it, one to twenty
        // blocks apart, so that the search meets such a block at every step of its gallop.
        var boundaries = try postings(snapshot, "body", "every", withPositions: true)
        var block = 0
        var gap = 1
        while block < count / 32 - 1 {
            defer {
                block += gap
                gap = gap % 20 + 1
            }
            for target in [block * 32 + 31, block * 32 + 32] {
                #expect(try boundaries.advance(to: UInt32(target)))
                #expect(boundaries.document == UInt32(target))
                let positions = try boundaries.positions()
                #expect(positions == expectedPositions(target), "document \(target)")
            }
        }
        try engine.close()
    }
}
