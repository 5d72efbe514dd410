extension AttributeCatalogue {
    /// The built-in attributes of the `messages` category.
    static let messagesAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "accountIdentifier", .string, .messages, .notSearchable,
            summary: "The identifier of the account the message belongs to."
        ),
        AttributeDefinition(
            "accountHandles", .strings, .messages, .notSearchable,
            summary: "The handles (addresses, phone numbers) of the account the message belongs to."
        ),
        AttributeDefinition(
            "htmlContentData", .data, .messages, .notSearchable,
            summary: "The HTML content of the message."
        ),
        AttributeDefinition(
            "authorNames", .strings, .messages, .searchableByDefault, aliases: ["kMDItemAuthors"],
            summary: "The names of the item's authors, such as a message's senders."
        ),
        AttributeDefinition(
            "authorEmailAddresses", .strings, .messages, .searchable, aliases: ["kMDItemAuthorEmailAddresses"],
            summary: "The email addresses of the item's authors."
        ),
        AttributeDefinition(
            "authorAddresses", .strings, .messages, .searchable, aliases: ["kMDItemAuthorAddresses"],
            summary: "The addresses (any handle) of the item's authors."
        ),
        AttributeDefinition(
            "recipientNames", .strings, .messages, .searchableByDefault, aliases: ["kMDItemRecipients"],
            summary: "The names of the message's recipients."
        ),
        AttributeDefinition(
            "recipientEmailAddresses", .strings, .messages, .searchable, aliases: ["kMDItemRecipientEmailAddresses"],
            summary: "The email addresses of the message's recipients."
        ),
        AttributeDefinition(
            "recipientAddresses", .strings, .messages, .searchable, aliases: ["kMDItemRecipientAddresses"],
            summary: "The addresses (any handle) of the message's recipients."
        ),
        AttributeDefinition(
            "phoneNumbers", .strings, .messages, .searchable, aliases: ["kMDItemPhoneNumbers"],
            summary: "The phone numbers associated with the item."
        ),
        AttributeDefinition(
            "emailAddresses", .strings, .messages, .searchable, aliases: ["kMDItemEmailAddresses"],
            summary: "The email addresses associated with the item."
        ),
        AttributeDefinition(
            "instantMessageAddresses", .strings, .messages, .searchable, aliases: ["kMDItemInstantMessageAddresses"],
            summary: "The instant-message addresses associated with the item."
        ),
        AttributeDefinition(
            "mailboxIdentifiers", .strings, .messages, .notSearchable,
            summary: "The identifiers of the mailboxes that contain the message."
        ),
        AttributeDefinition(
            "isLikelyJunk", .bool, .messages, .notSearchable,
            summary: "Whether the message is likely to be junk."
        ),
    ]

    /// The built-in attributes of the `containment` category.
    static let containmentAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "containerTitle", .string, .containment, .searchableByDefault,
            summary: "The title of the item's container, such as an album or a folder."
        ),
        AttributeDefinition(
            "containerDisplayName", .string, .containment, .searchableByDefault,
            summary: "The display name of the item's container."
        ),
        AttributeDefinition(
            "containerIdentifier", .string, .containment, .notSearchable,
            summary: "The identifier of the item's container."
        ),
        AttributeDefinition(
            "containerOrder", .number, .containment, .notSearchable,
            summary: "The position of the item within its container."
        ),
    ]

    /// The built-in attributes of the `actions` category.
    static let actionsAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "supportsPhoneCall", .bool, .actions, .notSearchable,
            summary: "Whether the item can be called (with `phoneNumbers`)."
        ),
        AttributeDefinition(
            "supportsNavigation", .bool, .actions, .notSearchable,
            summary: "Whether the user can get directions to the item (with `latitude` and `longitude`)."
        ),
        AttributeDefinition(
            "actionIdentifiers", .strings, .actions, .notSearchable,
            summary: "The identifiers of the app's quick actions that apply to the item."
        ),
        AttributeDefinition(
            "sharedItemContentType", .string, .actions, .notSearchable,
            summary: "The uniform type identifier of the content shared by a quick action."
        ),
    ]

    /// The built-in attributes of the `itemProvider` category.
    static let itemProviderAttributes: [AttributeDefinition] = [
        AttributeDefinition(
            "providerDataTypeIdentifiers", .strings, .itemProvider, .notSearchable,
            summary: "The types of data the app can provide for the item by drag and drop."
        ),
        AttributeDefinition(
            "providerFileTypeIdentifiers", .strings, .itemProvider, .notSearchable,
            summary: "The types of file the app can provide for the item by drag and drop."
        ),
        AttributeDefinition(
            "providerInPlaceFileTypeIdentifiers", .strings, .itemProvider, .notSearchable,
            summary: "The types of file the app can provide in place (without copying) for the item."
        ),
    ]
}
