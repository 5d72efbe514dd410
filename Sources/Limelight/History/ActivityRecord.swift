import Foundation

/// One piece of app history as the store keeps it, and the payload of the activity an app receives
/// when the user opens a result: everything needed to rebuild the `NSUserActivity`.
///
/// Activities are identified by ``persistentIdentifier`` when set, otherwise by their type and the
/// values of their required user-info keys (all of `userInfo` when no keys are required): recording
/// the same activity again updates it and counts a view.
public struct ActivityRecord: Sendable, Hashable {
    /// The reverse-DNS type, such as `com.example.recipe.view`.
    public var activityType: String
    /// The user-visible title.
    public var title: String?
    /// Words that find the activity.
    public var keywords: Set<String>
    /// What the app needs to restore the place, JSON-compatible.
    public var userInfo: [String: UserInfoValue]
    /// The `userInfo` keys the app needs to restore the activity.
    public var requiredUserInfoKeys: Set<String>
    /// The web page showing the same content, absolute.
    public var webpageURL: String?
    /// The page the user came from, absolute.
    public var referrerURL: String?
    /// When the activity leaves the index; `nil` means like an item, 30 days after it was last recorded.
    public var expirationDate: Date?
    /// The app's identifier for the activity, used to delete it.
    public var persistentIdentifier: String?
    /// Whether the activity may continue on another device.
    public var isEligibleForHandoff: Bool
    /// Whether the activity is indexed for search.
    public var isEligibleForSearch: Bool
    /// Whether the activity's webpage may enter the public index.
    public var isEligibleForPublicIndexing: Bool
    /// Whether the activity may be suggested.
    public var isEligibleForPrediction: Bool
    /// The activity's content attribute set as a stored item (its identifier is not used).
    public var contentAttributes: StoredItem?
    /// How many times the activity was made current.
    public var viewCount: Int
    /// When the activity was last made current.
    public var lastViewed: Date?

    /// Creates an activity of a type; every other property has its default.
    public init(activityType: String) {
        self.activityType = activityType
        title = nil
        keywords = []
        userInfo = [:]
        requiredUserInfoKeys = []
        webpageURL = nil
        referrerURL = nil
        expirationDate = nil
        persistentIdentifier = nil
        isEligibleForHandoff = true
        isEligibleForSearch = false
        isEligibleForPublicIndexing = false
        isEligibleForPrediction = false
        contentAttributes = nil
        viewCount = 0
        lastViewed = nil
    }

    /// The identifier of the activity's record in the index: `p:` and the persistent identifier,
    /// or `t:` with the type and the canonical JSON of the identifying user-info values.
    public var identifier: String {
        if let persistentIdentifier, !persistentIdentifier.isEmpty { return "p:" + persistentIdentifier }
        let keys = requiredUserInfoKeys.isEmpty ? Set(userInfo.keys) : requiredUserInfoKeys
        let values = keys.sorted().map { JSONValue.quote($0) + ":" + (userInfo[$0]?.canonicalJSON ?? "null") }
        return "t:" + activityType + "{" + values.joined(separator: ",") + "}"
    }

    /// The identifier of the item the activity is strongly bound to (the attribute set's
    /// `relatedUniqueIdentifier`).
    public var relatedUniqueIdentifier: String? {
        contentAttributes?[attribute: "relatedUniqueIdentifier"]?.stringValue
    }

    /// The identifier of the item the activity is weakly bound to.
    public var weakRelatedUniqueIdentifier: String? {
        contentAttributes?[attribute: "weakRelatedUniqueIdentifier"]?.stringValue
    }

    /// The attribute set's domain identifier, which makes the activity deletable with its domain.
    public var domainIdentifier: String? {
        contentAttributes?.domainIdentifier ?? contentAttributes?[attribute: "domainIdentifier"]?.stringValue
    }

    /// Checks what the store requires: a non-empty type, absolute URLs, present required keys.
    /// - Throws: ``ActivityError`` with code `invalidActivity`.
    public func validate() throws(ActivityError) {
        if activityType.isEmpty { throw ActivityError(.invalidActivity, message: "the activity type is empty") }
        for (name, url) in [("webpageURL", webpageURL), ("referrerURL", referrerURL)] {
            guard let url else { continue }
            guard let parsed = URL(string: url), parsed.scheme != nil else {
                throw ActivityError(.invalidActivity, message: "\(name) '\(url)' is not an absolute URL")
            }
        }
        if let webpageURL, let scheme = URL(string: webpageURL)?.scheme?.lowercased(), scheme != "http", scheme != "https" {
            throw ActivityError(.invalidActivity, message: "webpageURL must be http or https, not \(scheme)")
        }
        for key in requiredUserInfoKeys.sorted() where userInfo[key] == nil {
            throw ActivityError(.invalidActivity, message: "required userInfo key '\(key)' has no value in userInfo")
        }
    }
}
