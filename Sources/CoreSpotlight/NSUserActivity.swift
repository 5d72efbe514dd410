import Dispatch
import Foundation
import Limelight

/// The type of an activity that shows a web page; the page is the activity's `webpageURL`.
public let NSUserActivityTypeBrowsingWeb = ActivityRecord.browsingWebType

/// The app's identifier of a saved activity, used to delete it.
public typealias NSUserActivityPersistentIdentifier = String

/// A place in the app the user visited: Foundation's `NSUserActivity`, which Foundation on Linux
/// lacks, saved to the app's Limelight store as app history.
///
/// `becomeCurrent()` saves a search-eligible activity (the first time, or again as one more view)
/// to the store configured in code (``init(activityType:storePath:bundleIdentifier:)``) or by
/// `LIMELIGHT_STORE` and `LIMELIGHT_BUNDLE_ID`, like `CSSearchableIndex`. Saves run in order on a
/// background queue and are durable when ``waitUntilSaved()`` returns.
///
/// Like Foundation's, an activity object is not thread-safe: use it from one task or thread.
public final class NSUserActivity {
    /// The reverse-DNS type, such as `com.example.recipe.view`.
    public let activityType: String
    /// The user-visible title, shown in search results.
    public var title: String?
    /// Words that find the activity in search.
    public var keywords: Set<String> = []
    /// What the app needs to restore the place. Saving accepts JSON-compatible values only
    /// (strings, numbers, Booleans, `NSNull`, arrays, dictionaries with `String` keys).
    public var userInfo: [AnyHashable: Any]?
    /// The `userInfo` keys the app needs to restore the activity; with them, activities of the
    /// same type and the same values of these keys are one activity.
    public var requiredUserInfoKeys: Set<String>?
    /// The web page showing the same content (http or https).
    public var webpageURL: URL?
    /// The page the user came from.
    public var referrerURL: URL?
    /// When the saved activity leaves the index; `nil`: 30 days after it was last made current.
    public var expirationDate: Date?
    /// Searchable metadata; its `relatedUniqueIdentifier` binds the activity to an indexed item,
    /// its `weakRelatedUniqueIdentifier` links it weakly, its `domainIdentifier` groups it.
    public var contentAttributeSet: CSSearchableItemAttributeSet?
    /// The app's identifier for the activity, for ``deleteSavedUserActivities(withPersistentIdentifiers:storePath:bundleIdentifier:completionHandler:)``.
    public var persistentIdentifier: NSUserActivityPersistentIdentifier?
    /// Whether the activity may continue on another device (default `true`).
    public var isEligibleForHandoff = true
    /// Whether the activity is saved to the search index (default `false`).
    public var isEligibleForSearch = false
    /// Whether the activity's webpage may enter the public index (default `false`).
    public var isEligibleForPublicIndexing = false
    /// Whether the activity may be suggested (default `false`).
    public var isEligibleForPrediction = false
    /// Set to `true` on the current activity to save its changed properties (without counting a
    /// view); it is `false` again once the save is queued.
    public var needsSave = false {
        didSet {
            guard needsSave, isCurrent, !isInvalidated else { return }
            needsSave = false
            save(countsView: false)
        }
    }

    /// Whether the activity is current (between `becomeCurrent()` and `resignCurrent()`).
    public private(set) var isCurrent = false
    /// Whether ``invalidate()`` was called; an invalidated activity is never saved again.
    public private(set) var isInvalidated = false

    /// The explicit store (nil: the daemon of `LIMELIGHT_SERVER`, else `LIMELIGHT_STORE` or the default).
    private let storePath: String?
    /// The explicit app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    private let bundleIdentifier: String?
    private let saveStatus = SaveStatus()

    /// Creates an activity of a type, saved to the default store and app.
    public convenience init(activityType: String) {
        self.init(activityType: activityType, storePath: nil, bundleIdentifier: nil)
    }

    /// Creates an activity saved to an explicit store and app (Limelight's configuration in code).
    /// - Parameters:
    ///   - activityType: The reverse-DNS type.
    ///   - storePath: The store directory (nil: the daemon of `LIMELIGHT_SERVER` and `LIMELIGHT_TOKEN`
    ///     if set, else `LIMELIGHT_STORE` or the per-user default).
    ///   - bundleIdentifier: The app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    public init(activityType: String, storePath: String?, bundleIdentifier: String?) {
        self.activityType = activityType
        self.storePath = storePath
        self.bundleIdentifier = bundleIdentifier
    }

    /// Adds entries to ``userInfo``, replacing values of the same keys.
    public func addUserInfoEntries(from otherDictionary: [AnyHashable: Any]) {
        userInfo = (userInfo ?? [:]).merging(otherDictionary) { _, new in new }
    }

    /// Makes the activity current: the user is looking at it. A search-eligible activity is saved
    /// as one more view (see `AppIndex.recordActivity(_:countsView:now:)`).
    public func becomeCurrent() {
        guard !isInvalidated else { return }
        isCurrent = true
        save(countsView: true)
    }

    /// The user left the activity; its saved history stays.
    public func resignCurrent() {
        isCurrent = false
    }

    /// Ends the activity for good: it is no longer current and is never saved again.
    public func invalidate() {
        isCurrent = false
        isInvalidated = true
    }

    /// The error of this activity's last save, if it failed (a `userInfo` value that cannot be
    /// saved, an invalid attribute set, an unavailable store). Read it after ``waitUntilSaved()``.
    public var lastSaveError: (any Error)? { saveStatus.error }

    /// The activity as the store keeps it.
    /// - Throws: ``ActivityError`` for `userInfo` that cannot be saved or an invalid attribute set.
    public func makeRecord() throws(ActivityError) -> ActivityRecord {
        var record = ActivityRecord(activityType: activityType)
        record.title = title
        record.keywords = keywords
        record.userInfo = try userInfo.map { info throws(ActivityError) in try UserInfoValue.dictionary(converting: info) } ?? [:]
        record.requiredUserInfoKeys = requiredUserInfoKeys ?? []
        record.webpageURL = webpageURL?.absoluteString
        record.referrerURL = referrerURL?.absoluteString
        record.expirationDate = expirationDate
        record.persistentIdentifier = persistentIdentifier
        record.isEligibleForHandoff = isEligibleForHandoff
        record.isEligibleForSearch = isEligibleForSearch
        record.isEligibleForPublicIndexing = isEligibleForPublicIndexing
        record.isEligibleForPrediction = isEligibleForPrediction
        if let contentAttributeSet {
            let carrier = CSSearchableItem(
                uniqueIdentifier: "contentAttributeSet", domainIdentifier: nil, attributeSet: contentAttributeSet)
            do {
                record.contentAttributes = try StoredItem(carrier)
            } catch {
                throw ActivityError(.invalidActivity, message: "the content attribute set is invalid: \(error)")
            }
        }
        try record.validate()
        return record
    }

    /// Rebuilds the activity an app receives from its record (what a search result hands back).
    public convenience init(record: ActivityRecord, storePath: String? = nil, bundleIdentifier: String? = nil) {
        self.init(activityType: record.activityType, storePath: storePath, bundleIdentifier: bundleIdentifier)
        title = record.title
        keywords = record.keywords
        userInfo = record.userInfo.isEmpty ? nil : Dictionary(uniqueKeysWithValues: record.userInfo.map { (AnyHashable($0.key), $0.value.anyValue) })
        requiredUserInfoKeys = record.requiredUserInfoKeys.isEmpty ? nil : record.requiredUserInfoKeys
        webpageURL = record.webpageURL.flatMap(URL.init(string:))
        referrerURL = record.referrerURL.flatMap(URL.init(string:))
        expirationDate = record.expirationDate
        persistentIdentifier = record.persistentIdentifier
        isEligibleForHandoff = record.isEligibleForHandoff
        isEligibleForSearch = record.isEligibleForSearch
        isEligibleForPublicIndexing = record.isEligibleForPublicIndexing
        isEligibleForPrediction = record.isEligibleForPrediction
        contentAttributeSet = record.contentAttributes.map { $0.makeSearchableItem().attributeSet }
    }

    private func save(countsView: Bool) {
        let record: ActivityRecord
        do {
            record = try makeRecord()
        } catch {
            saveStatus.error = error
            return
        }
        guard record.isEligibleForSearch else {
            saveStatus.error = nil
            return
        }
        ActivitySaving.enqueue(record, countsView: countsView, storePath: storePath, bundleIdentifier: bundleIdentifier, status: saveStatus)
    }

    /// Waits until every save and deletion queued so far (by any activity) is durable.
    public static func waitUntilSaved() async {
        await ActivitySaving.waitUntilIdle()
    }
}
