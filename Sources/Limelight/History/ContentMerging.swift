import Foundation

/// One piece of content found through several records: an item and the app history about it
/// (activities whose `relatedUniqueIdentifier` or `weakRelatedUniqueIdentifier` names the item, or
/// whose `webpageURL` is the item's `contentURL` after ``ContentURL/normalized(_:)``).
public struct MergedResult: Sendable, Hashable {
    /// The record shown: the item when there is one (its metadata wins), else the first activity.
    public var primary: StoredRecord
    /// Every record merged into this result, in the order given (the primary included).
    public var records: [StoredRecord]
    /// The views of the merged activities, added up.
    public var viewCount: Int
    /// The latest view of the merged activities.
    public var lastViewed: Date?

    /// The multiplier to apply to the result's relevance for its app-history popularity:
    /// `1 + weight × ln(1 + views) × 2^(-age / halfLife)`, where age is the time since the last
    /// view. 1 when the content was never viewed.
    /// - Parameters:
    ///   - now: The time of the query.
    ///   - weight: How much views count (default 0.25: ten recent views give about ×1.6).
    ///   - halfLife: How fast old views fade (default 30 days).
    public func popularityBoost(now: Date = Date(), weight: Double = 0.25, halfLife: TimeInterval = 30 * 86_400) -> Double {
        guard viewCount > 0 else { return 1 }
        let age = max(0, now.timeIntervalSince(lastViewed ?? now))
        return 1 + weight * log1p(Double(viewCount)) * exp2(-age / max(halfLife, 1))
    }
}

extension AppIndex {
    /// Groups ranked records of this app so that each piece of content is one result.
    ///
    /// Records are joined when an activity's related or weakly related identifier is an item's
    /// identifier (or another activity's), or when an item's `contentURL` and an activity's
    /// `webpageURL` (or two such URLs) are equal after normalisation. Results keep the order of
    /// their first record, so a ranked list stays ranked; sort again by
    /// ``MergedResult/popularityBoost(now:weight:halfLife:)`` to let views lift content.
    /// When only activities about an item matched, the item itself is looked up (unexpired, in any
    /// of the app's indexes) and shown instead, so the result always carries the item's metadata.
    ///
    /// Activity view counts are read from the stored records (``ActivityRecord/viewCount``).
    /// - Parameters:
    ///   - records: The app's records, best first (items and activities, any indexes).
    ///   - now: For the item look-up's expiration check.
    /// - Complexity: O(n) plus one key look-up per result without an item.
    public func mergeContentDuplicates(_ records: [StoredRecord], now: Date = Date()) throws -> [MergedResult] {
        var merged = Self.mergeContentDuplicates(records)
        let snapshot = engine.snapshot()
        for index in merged.indices where merged[index].primary.kind == .activity {
            let activity = try? ActivityRecord(record: merged[index].primary)
            guard let related = activity?.relatedUniqueIdentifier ?? activity?.weakRelatedUniqueIdentifier,
                let item = try liveItems(withIdentifier: related, in: snapshot, now: now).first
            else { continue }
            merged[index].primary = item
        }
        return merged
    }

    /// Groups records as ``mergeContentDuplicates(_:now:)`` does, without looking anything up.
    public static func mergeContentDuplicates(_ records: [StoredRecord]) -> [MergedResult] {
        var groups = ContentGroups()
        var keysOfRecord: [[String]] = []
        for record in records {
            let keys = contentKeys(of: record)
            keysOfRecord.append(keys)
            groups.join(keys)
        }
        var order: [String] = []
        var members: [String: [Int]] = [:]
        for (position, keys) in keysOfRecord.enumerated() {
            let root = keys.first.map { groups.root(of: $0) } ?? "record:\(position)"
            if members[root] == nil { order.append(root) }
            members[root, default: []].append(position)
        }
        return order.compactMap { root -> MergedResult? in
            guard let positions = members[root], let first = positions.first else { return nil }
            let group = positions.map { records[$0] }
            let primary = group.first { $0.kind == .item } ?? records[first]
            var views = 0
            var lastViewed: Date?
            for record in group where record.kind == .activity {
                guard let activity = try? ActivityRecord(record: record) else { continue }
                views += activity.viewCount
                if let viewed = activity.lastViewed, viewed > (lastViewed ?? .distantPast) { lastViewed = viewed }
            }
            return MergedResult(primary: primary, records: group, viewCount: views, lastViewed: lastViewed)
        }
    }

    /// The keys under which a record's content is known: `id:` for item identifiers (an item's own,
    /// an activity's related ones) and `url:` for normalised content and webpage URLs. An activity
    /// without either gets its own `activity:` key.
    static func contentKeys(of record: StoredRecord) -> [String] {
        var keys: [String] = []
        switch record.kind {
        case .item:
            keys.append("id:" + record.item.uniqueIdentifier)
            if let url = record.item[attribute: "contentURL"]?.textualElements.first, let normal = ContentURL.normalized(url) {
                keys.append("url:" + normal)
            }
        case .activity:
            let activity = try? ActivityRecord(record: record)
            for related in [activity?.relatedUniqueIdentifier, activity?.weakRelatedUniqueIdentifier].compactMap({ $0 }) {
                keys.append("id:" + related)
            }
            if let url = activity?.webpageURL, let normal = ContentURL.normalized(url) { keys.append("url:" + normal) }
            if keys.isEmpty { keys.append("activity:" + record.item.uniqueIdentifier) }
        }
        return keys
    }
}

/// A union-find over content keys.
struct ContentGroups {
    private var parent: [String: String] = [:]

    /// The representative of the key's group.
    mutating func root(of key: String) -> String {
        var current = key
        while let next = parent[current], next != current { current = next }
        parent[key] = current
        return current
    }

    /// Puts all keys in one group.
    mutating func join(_ keys: [String]) {
        guard let first = keys.first else { return }
        let target = root(of: first)
        for key in keys.dropFirst() {
            let other = root(of: key)
            if other != target { parent[other] = target }
        }
    }
}
