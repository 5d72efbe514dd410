/// The activity type an app receives when the user opens one of its searchable items; the item's
/// identifier is under ``CSSearchableItemActivityIdentifier`` in `userInfo`.
public let CSSearchableItemActionType = "com.apple.corespotlightitem"

/// The `userInfo` key of the opened item's unique identifier, with ``CSSearchableItemActionType``.
public let CSSearchableItemActivityIdentifier = "kCSSearchableItemActivityIdentifier"

/// The activity type an app receives when the user continues a search in it ("Search in App");
/// the query text is under ``CSSearchQueryString`` in `userInfo`.
public let CSQueryContinuationActionType = "com.apple.corespotlightquerycontinuation"

/// The `userInfo` key of the query text, with ``CSQueryContinuationActionType``.
public let CSSearchQueryString = "kCSSearchQueryString"

extension ActivityRecord {
    /// The type of the activity an app receives for a web page (`NSUserActivityTypeBrowsingWeb`).
    public static let browsingWebType = "NSUserActivityTypeBrowsingWeb"
}
