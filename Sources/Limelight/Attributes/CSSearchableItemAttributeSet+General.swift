import Foundation

/// Typed accessors for the general, document and event attributes.
///
/// Each property reads and writes the attribute of the same name in
/// ``CSSearchableItemAttributeSet/allAttributes``; assigning `nil` erases it.
extension CSSearchableItemAttributeSet {
    /// The title of the item, shown as the primary text of a search result.
    public var title: String? {
        get { self[string: "title"] }
        set { self[string: "title"] = newValue }
    }

    /// A localized name for the item, shown to the user in place of the title when set.
    public var displayName: String? {
        get { self[string: "displayName"] }
        set { self[string: "displayName"] = newValue }
    }

    /// Other names the item is known by.
    public var alternateNames: [String]? {
        get { self[strings: "alternateNames"] }
        set { self[strings: "alternateNames"] = newValue }
    }

    /// A description of the item's content, shown below the title in a search result.
    public var contentDescription: String? {
        get { self[string: "contentDescription"] }
        set { self[string: "contentDescription"] = newValue }
    }

    /// Words that describe the item and help users find it.
    public var keywords: [String]? {
        get { self[strings: "keywords"] }
        set { self[strings: "keywords"] = newValue }
    }

    /// The full text of the item; word-matched and included in `**` searches, not in `*` searches.
    public var textContent: String? {
        get { self[string: "textContent"] }
        set { self[string: "textContent"] = newValue }
    }

    /// The URL of the item's content, such as a web page or a file.
    public var contentURL: URL? {
        get { self[url: "contentURL"] }
        set { self[url: "contentURL"] = newValue }
    }

    /// A local file URL of the thumbnail image shown with the item.
    public var thumbnailURL: URL? {
        get { self[url: "thumbnailURL"] }
        set { self[url: "thumbnailURL"] = newValue }
    }

    /// A local file URL of the thumbnail image shown with the item in dark appearance.
    public var darkThumbnailURL: URL? {
        get { self[url: "darkThumbnailURL"] }
        set { self[url: "darkThumbnailURL"] = newValue }
    }

    /// The bytes of the thumbnail image shown with the item.
    public var thumbnailData: Data? {
        get { self[data: "thumbnailData"] }
        set { self[data: "thumbnailData"] = newValue }
    }

    /// The complete path to the item.
    public var path: String? {
        get { self[string: "path"] }
        set { self[string: "path"] = newValue }
    }

    /// The content type and every type it conforms to, derived from `contentType`.
    public var contentTypeTree: [String]? {
        self[strings: "contentTypeTree"]
    }

    /// The date the item's content was created.
    public var contentCreationDate: Date? {
        get { self[date: "contentCreationDate"] }
        set { self[date: "contentCreationDate"] = newValue }
    }

    /// The date the item's content was last modified.
    public var contentModificationDate: Date? {
        get { self[date: "contentModificationDate"] }
        set { self[date: "contentModificationDate"] = newValue }
    }

    /// The date the item's metadata was last changed.
    public var metadataModificationDate: Date? {
        get { self[date: "metadataModificationDate"] }
        set { self[date: "metadataModificationDate"] = newValue }
    }

    /// The date the item was added to its container.
    public var addedDate: Date? {
        get { self[date: "addedDate"] }
        set { self[date: "addedDate"] = newValue }
    }

    /// The date the item was last used.
    public var lastUsedDate: Date? {
        get { self[date: "lastUsedDate"] }
        set { self[date: "lastUsedDate"] = newValue }
    }

    /// The date the item was downloaded.
    public var downloadedDate: Date? {
        get { self[date: "downloadedDate"] }
        set { self[date: "downloadedDate"] = newValue }
    }

    /// The item's rating, from 0 to 5 stars.
    ///
    /// A value outside 0...5 is kept out of the set and reported by ``validate()``.
    public var rating: NSNumber? {
        get { self[number: "rating"] }
        set { self[number: "rating"] = newValue }
    }

    /// A description of the rating, such as "4 stars from 120 reviews".
    public var ratingDescription: String? {
        get { self[string: "ratingDescription"] }
        set { self[string: "ratingDescription"] = newValue }
    }

    /// The item's importance relative to the app's other items, from 1 (least) to 100 (most).
    ///
    /// A value outside 1...100 is kept out of the set and reported by ``validate()``.
    public var rankingHint: NSNumber? {
        get { self[number: "rankingHint"] }
        set { self[number: "rankingHint"] = newValue }
    }

    /// Whether the user created the item.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var userCreated: NSNumber? {
        get { self[flag: "userCreated"] }
        set { self[flag: "userCreated"] = newValue }
    }

    /// Whether the user owns the item.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var userOwned: NSNumber? {
        get { self[flag: "userOwned"] }
        set { self[flag: "userOwned"] = newValue }
    }

    /// Whether the user curated the item, for example by adding it to a collection.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var userCurated: NSNumber? {
        get { self[flag: "userCurated"] }
        set { self[flag: "userCurated"] = newValue }
    }

    /// The identifier of the group the item belongs to.
    public var domainIdentifier: String? {
        get { self[string: "domainIdentifier"] }
        set { self[string: "domainIdentifier"] = newValue }
    }

    /// The unique identifier of an item this item is strongly related to.
    public var relatedUniqueIdentifier: String? {
        get { self[string: "relatedUniqueIdentifier"] }
        set { self[string: "relatedUniqueIdentifier"] = newValue }
    }

    /// The unique identifier of an item this item is weakly related to; the link outlives both.
    public var weakRelatedUniqueIdentifier: String? {
        get { self[string: "weakRelatedUniqueIdentifier"] }
        set { self[string: "weakRelatedUniqueIdentifier"] = newValue }
    }

    /// An identifier of the item's content, such as an ISBN or a serial number.
    public var identifier: String? {
        get { self[string: "identifier"] }
        set { self[string: "identifier"] = newValue }
    }

    /// The version of the item.
    public var version: String? {
        get { self[string: "version"] }
        set { self[string: "version"] = newValue }
    }

    /// The subject of the item, such as the subject line of a message.
    public var subject: String? {
        get { self[string: "subject"] }
        set { self[string: "subject"] = newValue }
    }

    /// The theme of the item.
    public var theme: String? {
        get { self[string: "theme"] }
        set { self[string: "theme"] = newValue }
    }

    /// The audiences the item is intended for.
    public var audiences: [String]? {
        get { self[strings: "audiences"] }
        set { self[strings: "audiences"] = newValue }
    }

    /// The size of the item's content in bytes.
    public var fileSize: NSNumber? {
        get { self[number: "fileSize"] }
        set { self[number: "fileSize"] = newValue }
    }

    /// The number of pages in the document.
    public var pageCount: NSNumber? {
        get { self[number: "pageCount"] }
        set { self[number: "pageCount"] = newValue }
    }

    /// The width of the document's pages in points (72 points per inch).
    public var pageWidth: NSNumber? {
        get { self[number: "pageWidth"] }
        set { self[number: "pageWidth"] = newValue }
    }

    /// The height of the document's pages in points (72 points per inch).
    public var pageHeight: NSNumber? {
        get { self[number: "pageHeight"] }
        set { self[number: "pageHeight"] = newValue }
    }

    /// The security or encryption method used for the document.
    public var securityMethod: String? {
        get { self[string: "securityMethod"] }
        set { self[string: "securityMethod"] = newValue }
    }

    /// The application that created the document.
    public var creator: String? {
        get { self[string: "creator"] }
        set { self[string: "creator"] = newValue }
    }

    /// The applications that converted the document.
    public var encodingApplications: [String]? {
        get { self[strings: "encodingApplications"] }
        set { self[strings: "encodingApplications"] = newValue }
    }

    /// A description of the kind of item, such as "Invoice".
    public var kind: String? {
        get { self[string: "kind"] }
        set { self[string: "kind"] = newValue }
    }

    /// The names of the fonts used in the document.
    public var fontNames: [String]? {
        get { self[strings: "fontNames"] }
        set { self[strings: "fontNames"] = newValue }
    }

    /// The date the event starts.
    public var startDate: Date? {
        get { self[date: "startDate"] }
        set { self[date: "startDate"] = newValue }
    }

    /// The date the event ends.
    public var endDate: Date? {
        get { self[date: "endDate"] }
        set { self[date: "endDate"] = newValue }
    }

    /// The date the task is due.
    public var dueDate: Date? {
        get { self[date: "dueDate"] }
        set { self[date: "dueDate"] = newValue }
    }

    /// The date the task was completed.
    public var completionDate: Date? {
        get { self[date: "completionDate"] }
        set { self[date: "completionDate"] = newValue }
    }

    /// Whether the event lasts all day.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var allDay: NSNumber? {
        get { self[flag: "allDay"] }
        set { self[flag: "allDay"] = newValue }
    }
}
