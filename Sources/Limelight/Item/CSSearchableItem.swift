import Foundation
import Synchronization

/// An item of an app's content that can be indexed and found: an identifier, an optional group, an
/// optional expiration date and the item's metadata.
///
/// Indexing an item whose ``uniqueIdentifier`` is already in the index replaces the stored item, or,
/// when ``isUpdate`` is `true`, changes only the attributes this item sets.
///
/// Thread safety: the state lives behind a `Mutex`, so an item may be shared between tasks; each
/// property access is atomic. The ``attributeSet`` is a reference shared with whoever holds it.
public final class CSSearchableItem: Sendable, CustomStringConvertible {
    /// How long an item stays in the index when it has no ``expirationDate``: 30 days after it was
    /// indexed (Core Spotlight's default is about one month).
    public static let defaultExpirationInterval: TimeInterval = 30 * 24 * 60 * 60

    private struct State: Sendable {
        var uniqueIdentifier: String
        var domainIdentifier: String?
        var attributeSet: CSSearchableItemAttributeSet
        var expirationDate: Date?
        var isUpdate: Bool
    }

    private let state: Mutex<State>

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - uniqueIdentifier: The app's key for the item, handed back when the user opens it; `nil`
    ///     gives the item a new UUID string.
    ///   - domainIdentifier: The group the item belongs to (an account, an album), for deleting groups.
    ///   - attributeSet: The item's metadata.
    public init(uniqueIdentifier: String?, domainIdentifier: String?, attributeSet: CSSearchableItemAttributeSet) {
        state = Mutex(
            State(
                uniqueIdentifier: uniqueIdentifier ?? UUID().uuidString,
                domainIdentifier: domainIdentifier,
                attributeSet: attributeSet,
                expirationDate: nil,
                isUpdate: false
            )
        )
    }

    /// The app's key for the item.
    public var uniqueIdentifier: String {
        get { state.withLock { $0.uniqueIdentifier } }
        set { state.withLock { $0.uniqueIdentifier = newValue } }
    }

    /// The group the item belongs to, if any.
    public var domainIdentifier: String? {
        get { state.withLock { $0.domainIdentifier } }
        set { state.withLock { $0.domainIdentifier = newValue } }
    }

    /// The item's metadata.
    public var attributeSet: CSSearchableItemAttributeSet {
        get { state.withLock { $0.attributeSet } }
        set { state.withLock { $0.attributeSet = newValue } }
    }

    /// The date after which the item is removed from the index; `nil` means
    /// ``defaultExpirationInterval`` after the item is indexed (see ``expirationDate(indexedAt:)``).
    /// Use `Date.distantFuture` for an item that never expires.
    public var expirationDate: Date! {
        get { state.withLock { $0.expirationDate } }
        set { state.withLock { $0.expirationDate = newValue } }
    }

    /// Whether indexing this item changes only the attributes it sets, keeping the stored item's other
    /// attributes, instead of replacing the stored item. Defaults to `false`.
    public var isUpdate: Bool {
        get { state.withLock { $0.isUpdate } }
        set { state.withLock { $0.isUpdate = newValue } }
    }

    /// The date the item expires when indexed at a given moment: ``expirationDate`` when set, otherwise
    /// `indexingDate` plus ``defaultExpirationInterval``.
    ///
    /// - Parameter indexingDate: When the item is indexed.
    public func expirationDate(indexedAt indexingDate: Date) -> Date {
        state.withLock { $0.expirationDate } ?? indexingDate.addingTimeInterval(Self.defaultExpirationInterval)
    }

    /// A copy with its own copy of the attribute set.
    public func copy() -> CSSearchableItem {
        let snapshot = state.withLock { $0 }
        let item = CSSearchableItem(
            uniqueIdentifier: snapshot.uniqueIdentifier,
            domainIdentifier: snapshot.domainIdentifier,
            attributeSet: snapshot.attributeSet.copy()
        )
        item.expirationDate = snapshot.expirationDate
        item.isUpdate = snapshot.isUpdate
        return item
    }

    /// The identifiers and the attribute set's summary.
    public var description: String {
        let snapshot = state.withLock { $0 }
        return "CSSearchableItem(\(snapshot.uniqueIdentifier), domain: \(snapshot.domainIdentifier ?? "none"), "
            + "\(snapshot.attributeSet))"
    }
}
