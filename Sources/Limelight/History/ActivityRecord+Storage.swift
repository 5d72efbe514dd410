import Foundation

extension ActivityRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case activityType, title, keywords, userInfo, requiredUserInfoKeys, webpageURL, referrerURL
        case expirationDate, persistentIdentifier, isEligibleForHandoff, isEligibleForSearch
        case isEligibleForPublicIndexing, isEligibleForPrediction, contentAttributes, viewCount, lastViewed
    }

    /// Decodes the form written by ``encode(to:)``; the content attributes are an item-JSON line
    /// (see ``ItemJSONCodec``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(activityType: try container.decode(String.self, forKey: .activityType))
        title = try container.decodeIfPresent(String.self, forKey: .title)
        keywords = Set(try container.decodeIfPresent([String].self, forKey: .keywords) ?? [])
        userInfo = try container.decodeIfPresent([String: UserInfoValue].self, forKey: .userInfo) ?? [:]
        requiredUserInfoKeys = Set(try container.decodeIfPresent([String].self, forKey: .requiredUserInfoKeys) ?? [])
        webpageURL = try container.decodeIfPresent(String.self, forKey: .webpageURL)
        referrerURL = try container.decodeIfPresent(String.self, forKey: .referrerURL)
        expirationDate = try container.decodeIfPresent(Date.self, forKey: .expirationDate)
        persistentIdentifier = try container.decodeIfPresent(String.self, forKey: .persistentIdentifier)
        isEligibleForHandoff = try container.decodeIfPresent(Bool.self, forKey: .isEligibleForHandoff) ?? true
        isEligibleForSearch = try container.decodeIfPresent(Bool.self, forKey: .isEligibleForSearch) ?? false
        isEligibleForPublicIndexing =
            try container.decodeIfPresent(Bool.self, forKey: .isEligibleForPublicIndexing) ?? false
        isEligibleForPrediction = try container.decodeIfPresent(Bool.self, forKey: .isEligibleForPrediction) ?? false
        if let line = try container.decodeIfPresent(String.self, forKey: .contentAttributes) {
            do {
                contentAttributes = try ItemJSONCodec.decodeItem(fromLine: line)
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .contentAttributes, in: container, debugDescription: error.description)
            }
        }
        viewCount = try container.decodeIfPresent(Int.self, forKey: .viewCount) ?? 0
        lastViewed = try container.decodeIfPresent(Date.self, forKey: .lastViewed)
    }

    /// Encodes every property; sets as sorted arrays so equal records give equal bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(activityType, forKey: .activityType)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encode(keywords.sorted(), forKey: .keywords)
        try container.encode(userInfo, forKey: .userInfo)
        try container.encode(requiredUserInfoKeys.sorted(), forKey: .requiredUserInfoKeys)
        try container.encodeIfPresent(webpageURL, forKey: .webpageURL)
        try container.encodeIfPresent(referrerURL, forKey: .referrerURL)
        try container.encodeIfPresent(expirationDate, forKey: .expirationDate)
        try container.encodeIfPresent(persistentIdentifier, forKey: .persistentIdentifier)
        try container.encode(isEligibleForHandoff, forKey: .isEligibleForHandoff)
        try container.encode(isEligibleForSearch, forKey: .isEligibleForSearch)
        try container.encode(isEligibleForPublicIndexing, forKey: .isEligibleForPublicIndexing)
        try container.encode(isEligibleForPrediction, forKey: .isEligibleForPrediction)
        try container.encodeIfPresent(contentAttributes.map { ItemJSONCodec.encode($0) }, forKey: .contentAttributes)
        try container.encode(viewCount, forKey: .viewCount)
        try container.encodeIfPresent(lastViewed, forKey: .lastViewed)
    }
}

extension ActivityRecord {
    /// The custom attribute of an activity's stored item that holds the encoded record.
    static let payloadKey = CSCustomAttributeKey(
        keyName: "limelightActivityPayload", searchable: false, searchableByDefault: false, unique: false,
        multiValued: false)

    /// The searchable item the index keeps for the activity: the content attributes, with the
    /// activity's title (when the attribute set has none) and keywords (merged), the attribute set's
    /// domain, the expiration date, and the whole record in a private attribute.
    /// - Throws: ``ActivityError`` with code `invalidActivity` when the record cannot be encoded.
    func indexedItem() throws(ActivityError) -> StoredItem {
        var item = StoredItem(
            uncheckedIdentifier: identifier, domainIdentifier: domainIdentifier, expirationDate: expirationDate,
            isUpdate: false, attributes: contentAttributes?.attributes ?? [:],
            customAttributes: contentAttributes.map { Array($0.customAttributes.values) } ?? [])
        do {
            if item[attribute: "title"] == nil, let title { try item.setAttribute(.string(title), for: "title") }
            let allKeywords = keywords.union(item[attribute: "keywords"]?.stringValues ?? [])
            if !allKeywords.isEmpty { try item.setAttribute(.strings(allKeywords.sorted()), for: "keywords") }
            guard let payloadKey = Self.payloadKey else {
                throw ActivityError(.invalidActivity, message: "the activity payload key is invalid")
            }
            let payload = try JSONEncoder().encode(self)
            try item.setCustomAttribute(.data(payload), for: payloadKey)
        } catch let error as ActivityError {
            throw error
        } catch {
            throw ActivityError(.invalidActivity, message: "cannot store the activity: \(error)")
        }
        return item
    }

    /// The stored record of the activity indexed at `now`.
    func storedRecord(indexedAt now: Date) throws(ActivityError) -> StoredRecord {
        StoredRecord(indexName: AppIndex.activityIndexName, kind: .activity, indexedAt: now, item: try indexedItem())
    }

    /// Reads the activity back from its stored record.
    /// - Throws: ``ActivityError`` with code `storeUnavailable` when the record is not an activity
    ///   or its payload is damaged.
    public init(record: StoredRecord) throws(ActivityError) {
        guard record.kind == .activity, case .data(let payload)? = record.item.customAttributes["limelightActivityPayload"]?.value
        else {
            throw ActivityError(.storeUnavailable, message: "record '\(record.item.uniqueIdentifier)' is not app history")
        }
        do {
            self = try JSONDecoder().decode(ActivityRecord.self, from: payload)
        } catch {
            throw ActivityError(.storeUnavailable, message: "app history record '\(record.item.uniqueIdentifier)' is damaged: \(error)")
        }
    }
}
