/// The people of a message: authors and recipients as ``CSPerson`` values.
///
/// Setting them also sets the searchable attributes derived from them: `authorNames`,
/// `authorAddresses` and `authorEmailAddresses` from ``authors``; `recipientNames`,
/// `recipientAddresses` and `recipientEmailAddresses` from the three recipient lists together. Only
/// these derived attributes are indexed and stored, so an item read back from the index has the
/// name and address attributes but no ``CSPerson`` values. Setting a derived attribute directly after
/// the people replaces what the people gave it.
extension CSSearchableItemAttributeSet {
    /// The authors of the item, such as the senders of a message.
    public var authors: [CSPerson]? {
        get { people(in: .authors) }
        set {
            setPeople(newValue, in: .authors)
            deriveAttributes(from: people(in: .authors) ?? [], prefix: "author")
        }
    }

    /// The main recipients of the message ("To").
    public var primaryRecipients: [CSPerson]? {
        get { people(in: .primaryRecipients) }
        set {
            setPeople(newValue, in: .primaryRecipients)
            deriveRecipientAttributes()
        }
    }

    /// The additional recipients of the message ("Cc").
    public var additionalRecipients: [CSPerson]? {
        get { people(in: .additionalRecipients) }
        set {
            setPeople(newValue, in: .additionalRecipients)
            deriveRecipientAttributes()
        }
    }

    /// The hidden recipients of the message ("Bcc").
    public var hiddenAdditionalRecipients: [CSPerson]? {
        get { people(in: .hiddenAdditionalRecipients) }
        set {
            setPeople(newValue, in: .hiddenAdditionalRecipients)
            deriveRecipientAttributes()
        }
    }

    private func deriveRecipientAttributes() {
        let all =
            (people(in: .primaryRecipients) ?? []) + (people(in: .additionalRecipients) ?? [])
            + (people(in: .hiddenAdditionalRecipients) ?? [])
        deriveAttributes(from: all, prefix: "recipient")
    }

    private func deriveAttributes(from people: [CSPerson], prefix: String) {
        let names = people.compactMap(\.displayName)
        let addresses = people.flatMap(\.handles)
        let emails = people.flatMap(\.emailAddresses)
        assign(names.isEmpty ? nil : .strings(names), to: prefix + "Names")
        assign(addresses.isEmpty ? nil : .strings(addresses), to: prefix + "Addresses")
        assign(emails.isEmpty ? nil : .strings(emails), to: prefix + "EmailAddresses")
    }
}
