import Foundation
import Limelight

/// An object of the app that can restore itself from an activity (UIKit's
/// `UIUserActivityRestoring`): the objects an app passes to the restoration handler.
@MainActor
public protocol LimelightUserActivityRestoring: AnyObject {
    /// Shows the place the activity describes.
    func restoreUserActivityState(_ userActivity: NSUserActivity)
}

/// The app's side of opening search results: the delegate that continues activities, with
/// `application(_:continue:restorationHandler:)` semantics.
@MainActor
public protocol LimelightApplicationDelegate: AnyObject {
    /// Continues an activity the user opened from search.
    ///
    /// Check `userActivity.activityType`: ``CSSearchableItemActionType`` (the item's identifier is
    /// `userInfo[CSSearchableItemActivityIdentifier]`), ``CSQueryContinuationActionType`` (the
    /// text is `userInfo[CSSearchQueryString]`), ``NSUserActivityTypeBrowsingWeb`` (the page is
    /// `webpageURL`) or one of the app's own activity types.
    /// - Parameters:
    ///   - application: The application object.
    ///   - userActivity: The activity to continue.
    ///   - restorationHandler: Call it with the objects that should restore the activity; each
    ///     ``LimelightUserActivityRestoring`` among them gets `restoreUserActivityState(_:)`.
    /// - Returns: Whether the app handled the activity.
    func application(
        _ application: LimelightApplication, continue userActivity: NSUserActivity,
        restorationHandler: @escaping ([Any]?) -> Void
    ) -> Bool
}

/// The running app, as far as search is concerned: it hands opened results to its delegate.
@MainActor
public final class LimelightApplication {
    /// The app's application object.
    public static let shared = LimelightApplication()

    /// The object that continues activities.
    public weak var delegate: (any LimelightApplicationDelegate)?

    /// Creates an application object (``shared`` is the app's; others are for tests).
    public init() {}

    /// Hands an opened result to the delegate.
    /// - Parameter activity: The payload from `AppIndex.launchActivity(for:now:)`.
    /// - Returns: Whether the delegate handled it (false without a delegate).
    @discardableResult
    public func deliver(_ activity: ActivityRecord) -> Bool {
        guard let delegate else { return false }
        let userActivity = NSUserActivity(record: activity)
        return delegate.application(self, continue: userActivity) { objects in
            for case let restoring as any LimelightUserActivityRestoring in objects ?? [] {
                restoring.restoreUserActivityState(userActivity)
            }
        }
    }

    /// Delivers the results opened while the app was not running (queued in its store with
    /// `AppIndex.postLaunch(_:)`), oldest first.
    /// - Parameters:
    ///   - storePath: The store (nil: the daemon of `LIMELIGHT_SERVER` if set, else `LIMELIGHT_STORE`
    ///     or the per-user default).
    ///   - bundleIdentifier: The app (nil: `LIMELIGHT_BUNDLE_ID` or the executable's name).
    /// - Returns: How many the delegate handled.
    /// - Throws: When the store (or daemon) cannot be reached or read.
    @discardableResult
    public func deliverPendingLaunches(storePath: String? = nil, bundleIdentifier: String? = nil) throws -> Int {
        guard delegate != nil else { return 0 }
        let history = try ActivitySaving.backend(storePath: storePath, bundleIdentifier: bundleIdentifier)
        return try history.takePendingLaunches().reduce(0) { handled, activity in handled + (deliver(activity) ? 1 : 0) }
    }
}
