import Foundation

/// Typed accessors for the message, containment, action and drag-and-drop attributes.
///
/// Each property reads and writes the attribute of the same name in
/// ``CSSearchableItemAttributeSet/allAttributes``; assigning `nil` erases it.
extension CSSearchableItemAttributeSet {
    /// The identifier of the account the message belongs to.
    public var accountIdentifier: String? {
        get { self[string: "accountIdentifier"] }
        set { self[string: "accountIdentifier"] = newValue }
    }

    /// The handles (addresses, phone numbers) of the account the message belongs to.
    public var accountHandles: [String]? {
        get { self[strings: "accountHandles"] }
        set { self[strings: "accountHandles"] = newValue }
    }

    /// The HTML content of the message.
    public var htmlContentData: Data? {
        get { self[data: "htmlContentData"] }
        set { self[data: "htmlContentData"] = newValue }
    }

    /// The names of the item's authors, such as a message's senders.
    public var authorNames: [String]? {
        get { self[strings: "authorNames"] }
        set { self[strings: "authorNames"] = newValue }
    }

    /// The email addresses of the item's authors.
    public var authorEmailAddresses: [String]? {
        get { self[strings: "authorEmailAddresses"] }
        set { self[strings: "authorEmailAddresses"] = newValue }
    }

    /// The addresses (any handle) of the item's authors.
    public var authorAddresses: [String]? {
        get { self[strings: "authorAddresses"] }
        set { self[strings: "authorAddresses"] = newValue }
    }

    /// The names of the message's recipients.
    public var recipientNames: [String]? {
        get { self[strings: "recipientNames"] }
        set { self[strings: "recipientNames"] = newValue }
    }

    /// The email addresses of the message's recipients.
    public var recipientEmailAddresses: [String]? {
        get { self[strings: "recipientEmailAddresses"] }
        set { self[strings: "recipientEmailAddresses"] = newValue }
    }

    /// The addresses (any handle) of the message's recipients.
    public var recipientAddresses: [String]? {
        get { self[strings: "recipientAddresses"] }
        set { self[strings: "recipientAddresses"] = newValue }
    }

    /// The phone numbers associated with the item.
    public var phoneNumbers: [String]? {
        get { self[strings: "phoneNumbers"] }
        set { self[strings: "phoneNumbers"] = newValue }
    }

    /// The email addresses associated with the item.
    public var emailAddresses: [String]? {
        get { self[strings: "emailAddresses"] }
        set { self[strings: "emailAddresses"] = newValue }
    }

    /// The instant-message addresses associated with the item.
    public var instantMessageAddresses: [String]? {
        get { self[strings: "instantMessageAddresses"] }
        set { self[strings: "instantMessageAddresses"] = newValue }
    }

    /// The identifiers of the mailboxes that contain the message.
    public var mailboxIdentifiers: [String]? {
        get { self[strings: "mailboxIdentifiers"] }
        set { self[strings: "mailboxIdentifiers"] = newValue }
    }

    /// Whether the message is likely to be junk.
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var isLikelyJunk: NSNumber? {
        get { self[flag: "isLikelyJunk"] }
        set { self[flag: "isLikelyJunk"] = newValue }
    }

    /// The title of the item's container, such as an album or a folder.
    public var containerTitle: String? {
        get { self[string: "containerTitle"] }
        set { self[string: "containerTitle"] = newValue }
    }

    /// The display name of the item's container.
    public var containerDisplayName: String? {
        get { self[string: "containerDisplayName"] }
        set { self[string: "containerDisplayName"] = newValue }
    }

    /// The identifier of the item's container.
    public var containerIdentifier: String? {
        get { self[string: "containerIdentifier"] }
        set { self[string: "containerIdentifier"] = newValue }
    }

    /// The position of the item within its container.
    public var containerOrder: NSNumber? {
        get { self[number: "containerOrder"] }
        set { self[number: "containerOrder"] = newValue }
    }

    /// Whether the item can be called (with `phoneNumbers`).
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var supportsPhoneCall: NSNumber? {
        get { self[flag: "supportsPhoneCall"] }
        set { self[flag: "supportsPhoneCall"] = newValue }
    }

    /// Whether the user can get directions to the item (with `latitude` and `longitude`).
    ///
    /// A Boolean stored as an `NSNumber`; any non-zero number reads as `true`.
    public var supportsNavigation: NSNumber? {
        get { self[flag: "supportsNavigation"] }
        set { self[flag: "supportsNavigation"] = newValue }
    }

    /// The identifiers of the app's quick actions that apply to the item.
    public var actionIdentifiers: [String]? {
        get { self[strings: "actionIdentifiers"] }
        set { self[strings: "actionIdentifiers"] = newValue }
    }

    /// The uniform type identifier of the content shared by a quick action.
    public var sharedItemContentType: String? {
        get { self[string: "sharedItemContentType"] }
        set { self[string: "sharedItemContentType"] = newValue }
    }

    /// The types of data the app can provide for the item by drag and drop.
    public var providerDataTypeIdentifiers: [String]? {
        get { self[strings: "providerDataTypeIdentifiers"] }
        set { self[strings: "providerDataTypeIdentifiers"] = newValue }
    }

    /// The types of file the app can provide for the item by drag and drop.
    public var providerFileTypeIdentifiers: [String]? {
        get { self[strings: "providerFileTypeIdentifiers"] }
        set { self[strings: "providerFileTypeIdentifiers"] = newValue }
    }

    /// The types of file the app can provide in place (without copying) for the item.
    public var providerInPlaceFileTypeIdentifiers: [String]? {
        get { self[strings: "providerInPlaceFileTypeIdentifiers"] }
        set { self[strings: "providerInPlaceFileTypeIdentifiers"] = newValue }
    }
}
