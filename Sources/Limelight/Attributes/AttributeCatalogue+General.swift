extension AttributeCatalogue {
    /// The built-in attributes of the `general` category.
    static let generalAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "title", .string, .general, .searchableByDefault, ranking: .title, aliases: ["kMDItemTitle"],
            summary: "The title of the item, shown as the primary text of a search result."
        ),
        AttributeDefinition(
            "displayName", .string, .general, .searchableByDefault,
            ranking: .title, aliases: ["kMDItemDisplayName", "kMDItemFSName"],
            summary: "A localized name for the item, shown in place of the title (kMDItemFSName maps here)."
        ),
        AttributeDefinition(
            "alternateNames", .strings, .general, .searchableByDefault,
            ranking: .keywords, aliases: ["kMDItemAlternateNames"],
            summary: "Other names the item is known by."
        ),
        AttributeDefinition(
            "contentDescription", .string, .general, .searchableByDefault,
            ranking: .description, aliases: ["kMDItemDescription"],
            summary: "A description of the item's content, shown below the title in a search result."
        ),
        AttributeDefinition(
            "keywords", .strings, .general, .searchableByDefault, ranking: .keywords, aliases: ["kMDItemKeywords"],
            summary: "Words that describe the item and help users find it."
        ),
        AttributeDefinition(
            "textContent", .string, .general, .searchable, ranking: .content, aliases: ["kMDItemTextContent"],
            summary: "The full text of the item; word-matched and included in `**` searches, not in `*` searches."
        ),
        AttributeDefinition(
            "contentURL", .url, .general, .notSearchable,
            summary: "The URL of the item's content, such as a web page or a file."
        ),
        AttributeDefinition(
            "thumbnailURL", .url, .general, .notSearchable,
            summary: "A local file URL of the thumbnail image shown with the item."
        ),
        AttributeDefinition(
            "darkThumbnailURL", .url, .general, .notSearchable,
            summary: "A local file URL of the thumbnail image shown with the item in dark appearance."
        ),
        AttributeDefinition(
            "thumbnailData", .data, .general, .notSearchable,
            summary: "The bytes of the thumbnail image shown with the item."
        ),
        AttributeDefinition(
            "path", .string, .general, .notSearchable, aliases: ["kMDItemPath"],
            summary: "The complete path to the item."
        ),
        AttributeDefinition(
            "contentType", .string, .general, .notSearchable, aliases: ["kMDItemContentType"],
            summary: "The uniform type identifier of the item, such as `public.image`."
        ),
        AttributeDefinition(
            "contentTypeTree", .strings, .general, .notSearchable, aliases: ["kMDItemContentTypeTree"], readOnly: true,
            summary: "The content type and every type it conforms to, derived from `contentType`."
        ),
        AttributeDefinition(
            "contentCreationDate", .date, .general, .notSearchable, aliases: ["kMDItemContentCreationDate"],
            summary: "The date the item's content was created."
        ),
        AttributeDefinition(
            "contentModificationDate", .date, .general, .notSearchable, aliases: ["kMDItemContentModificationDate"],
            summary: "The date the item's content was last modified."
        ),
        AttributeDefinition(
            "metadataModificationDate", .date, .general, .notSearchable, aliases: ["kMDItemAttributeChangeDate"],
            summary: "The date the item's metadata was last changed."
        ),
        AttributeDefinition(
            "addedDate", .date, .general, .notSearchable, aliases: ["kMDItemDateAdded"],
            summary: "The date the item was added to its container."
        ),
        AttributeDefinition(
            "lastUsedDate", .date, .general, .notSearchable, aliases: ["kMDItemLastUsedDate"],
            summary: "The date the item was last used."
        ),
        AttributeDefinition(
            "downloadedDate", .date, .general, .notSearchable, aliases: ["kMDItemDownloadedDate"],
            summary: "The date the item was downloaded."
        ),
        AttributeDefinition(
            "rating", .number, .general, .notSearchable, aliases: ["kMDItemStarRating"], range: 0...5,
            summary: "The item's rating, from 0 to 5 stars."
        ),
        AttributeDefinition(
            "ratingDescription", .string, .general, .searchable,
            summary: "A description of the rating, such as \"4 stars from 120 reviews\"."
        ),
        AttributeDefinition(
            "rankingHint", .number, .general, .notSearchable, range: 1...100,
            summary: "The item's importance relative to the app's other items, from 1 (least) to 100 (most)."
        ),
        AttributeDefinition(
            "userCreated", .bool, .general, .notSearchable,
            summary: "Whether the user created the item."
        ),
        AttributeDefinition(
            "userOwned", .bool, .general, .notSearchable,
            summary: "Whether the user owns the item."
        ),
        AttributeDefinition(
            "userCurated", .bool, .general, .notSearchable,
            summary: "Whether the user curated the item, for example by adding it to a collection."
        ),
        AttributeDefinition(
            "domainIdentifier", .string, .general, .notSearchable,
            summary: "The identifier of the group the item belongs to."
        ),
        AttributeDefinition(
            "relatedUniqueIdentifier", .string, .general, .notSearchable,
            summary: "The unique identifier of an item this item is strongly related to."
        ),
        AttributeDefinition(
            "weakRelatedUniqueIdentifier", .string, .general, .notSearchable,
            summary: "The unique identifier of an item this item is weakly related to; the link outlives both."
        ),
        AttributeDefinition(
            "identifier", .string, .general, .notSearchable, aliases: ["kMDItemIdentifier"],
            summary: "An identifier of the item's content, such as an ISBN or a serial number."
        ),
        AttributeDefinition(
            "version", .string, .general, .notSearchable, aliases: ["kMDItemVersion"],
            summary: "The version of the item."
        ),
    ]

    /// The built-in attributes of the `documents` category.
    static let documentsAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "subject", .string, .documents, .searchableByDefault, ranking: .description, aliases: ["kMDItemSubject"],
            summary: "The subject of the item, such as the subject line of a message."
        ),
        AttributeDefinition(
            "theme", .string, .documents, .searchable, aliases: ["kMDItemTheme"],
            summary: "The theme of the item."
        ),
        AttributeDefinition(
            "audiences", .strings, .documents, .searchable, aliases: ["kMDItemAudiences"],
            summary: "The audiences the item is intended for."
        ),
        AttributeDefinition(
            "fileSize", .number, .documents, .notSearchable, aliases: ["kMDItemFSSize"],
            summary: "The size of the item's content in bytes."
        ),
        AttributeDefinition(
            "pageCount", .number, .documents, .notSearchable, aliases: ["kMDItemNumberOfPages"],
            summary: "The number of pages in the document."
        ),
        AttributeDefinition(
            "pageWidth", .number, .documents, .notSearchable, aliases: ["kMDItemPageWidth"],
            summary: "The width of the document's pages in points (72 points per inch)."
        ),
        AttributeDefinition(
            "pageHeight", .number, .documents, .notSearchable, aliases: ["kMDItemPageHeight"],
            summary: "The height of the document's pages in points (72 points per inch)."
        ),
        AttributeDefinition(
            "securityMethod", .string, .documents, .notSearchable, aliases: ["kMDItemSecurityMethod"],
            summary: "The security or encryption method used for the document."
        ),
        AttributeDefinition(
            "creator", .string, .documents, .searchable, aliases: ["kMDItemCreator"],
            summary: "The application that created the document."
        ),
        AttributeDefinition(
            "encodingApplications", .strings, .documents, .searchable, aliases: ["kMDItemEncodingApplications"],
            summary: "The applications that converted the document."
        ),
        AttributeDefinition(
            "kind", .string, .documents, .searchable, aliases: ["kMDItemKind"],
            summary: "A description of the kind of item, such as \"Invoice\"."
        ),
        AttributeDefinition(
            "fontNames", .strings, .documents, .searchable, aliases: ["kMDItemFonts"],
            summary: "The names of the fonts used in the document."
        ),
    ]

    /// The built-in attributes of the `events` category.
    static let eventsAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "startDate", .date, .events, .notSearchable,
            summary: "The date the event starts."
        ),
        AttributeDefinition(
            "endDate", .date, .events, .notSearchable,
            summary: "The date the event ends."
        ),
        AttributeDefinition(
            "dueDate", .date, .events, .notSearchable,
            summary: "The date the task is due."
        ),
        AttributeDefinition(
            "completionDate", .date, .events, .notSearchable,
            summary: "The date the task was completed."
        ),
        AttributeDefinition(
            "allDay", .bool, .events, .notSearchable,
            summary: "Whether the event lasts all day."
        ),
    ]
}
