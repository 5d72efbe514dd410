import CoreSpotlight
import Foundation
import LimelightTestSupport
import Synchronization
import Testing

final class RecordingDelegate: CSSearchableIndexDelegate {
    let reindexed = Mutex<[[String]]>([])
    let reindexAll = Mutex(0)
    let acknowledge: Bool

    init(acknowledge: Bool) { self.acknowledge = acknowledge }

    func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexAllSearchableItemsWithAcknowledgementHandler acknowledgementHandler: @escaping @Sendable () -> Void) {
        reindexAll.withLock { $0 += 1 }
        if acknowledge { acknowledgementHandler() }
    }

    func searchableIndex(_ searchableIndex: CSSearchableIndex, reindexSearchableItemsWithIdentifiers identifiers: [String], acknowledgementHandler: @escaping @Sendable () -> Void) {
        reindexed.withLock { $0.append(identifiers) }
        if acknowledge { acknowledgementHandler() }
    }
}

/// The index delegate: requests are persisted and made again until acknowledged.
@Suite struct IndexDelegateTests {
    let store = TemporaryDirectory()

    func settle(_ index: CSSearchableIndex) async {
        await index.waitUntilIdle()
    }

    @Test func expiringItemsAreOfferedForReindexingUntilAcknowledged() async throws {
        let index = CSSearchableIndex(name: "feed", storePath: store.path, bundleIdentifier: "com.example.delegate")
        let attributes = CSSearchableItemAttributeSet(itemContentType: "public.item")
        attributes.title = "Soon gone"
        let soon = CSSearchableItem(uniqueIdentifier: "soon", domainIdentifier: nil, attributeSet: attributes)
        soon.expirationDate = Date().addingTimeInterval(3600)
        try await index.indexSearchableItems([soon])

        let ignoring = RecordingDelegate(acknowledge: false)
        index.indexDelegate = ignoring
        await settle(index)
        #expect(ignoring.reindexed.withLock { $0 } == [["soon"]])
        let app = try LimelightStore.shared(path: store.path).app("com.example.delegate")
        #expect(app.pendingDelegateRequests().count == 1, "an unacknowledged request stays on disk")

        // A later delivery (after the backoff) asks again; acknowledging removes the request.
        let acknowledging = RecordingDelegate(acknowledge: true)
        index.indexDelegate = acknowledging
        index.deliverDelegateRequests(now: Date().addingTimeInterval(10))
        await settle(index)
        #expect(acknowledging.reindexed.withLock { $0 }.contains(["soon"]))
        #expect(app.pendingDelegateRequests().isEmpty)
    }

    @Test func reindexAllRequestsSurviveReopening() async throws {
        do {
            let app = try LimelightStore(path: store.path).app("com.example.restore")
            try app.enqueueDelegateRequest(DelegateRequest(kind: .reindexAll, indexName: ""))
            try app.engine.close()
        }
        let index = CSSearchableIndex(name: "", storePath: store.path, bundleIdentifier: "com.example.restore")
        let delegate = RecordingDelegate(acknowledge: true)
        index.indexDelegate = delegate
        await settle(index)
        #expect(delegate.reindexAll.withLock { $0 } == 1)
        #expect(try LimelightStore.shared(path: store.path).app("com.example.restore").pendingDelegateRequests().isEmpty)
    }
}

extension IndexDelegateTests {
    /// An unacknowledged request is made again after its backoff while the app sits idle: no write
    /// and no new delegate are needed.
    @Test func unacknowledgedRequestsAreRetriedWhileIdle() async throws {
        let app = try LimelightStore.shared(path: store.path).app("com.example.idle")
        try app.enqueueDelegateRequest(DelegateRequest(kind: .reindexAll, indexName: "feed"))
        let index = CSSearchableIndex(name: "feed", storePath: store.path, bundleIdentifier: "com.example.idle")
        index.delegatePollInterval = 0.2
        let ignoring = RecordingDelegate(acknowledge: false)
        index.indexDelegate = ignoring
        await settle(index)
        let first = ignoring.reindexAll.withLock { $0 }
        #expect(first >= 1)
        // Retries come due after a backoff (one second after the first attempt, then doubling), so
        // on a loaded machine that delayed the first checks the next one may be many seconds away.
        let deadline = ContinuousClock.now + .seconds(40)
        while ignoring.reindexAll.withLock({ $0 }) <= first && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(ignoring.reindexAll.withLock { $0 } > first)
        index.indexDelegate = nil
        #expect(app.pendingDelegateRequests().count == 1)
    }
}
