import Foundation
import Limelight

/// Sample content for `limelight demo`: recipes, mail, places and contacts, shaped the way apps
/// index them.
enum DemoContent {
    static func items() -> [CSSearchableItem] {
        var items: [CSSearchableItem] = []
        func add(_ id: String, domain: String, type: String, _ configure: (CSSearchableItemAttributeSet) -> Void) {
            let attributes = CSSearchableItemAttributeSet(contentType: type)
            configure(attributes)
            items.append(CSSearchableItem(uniqueIdentifier: id, domainIdentifier: domain, attributeSet: attributes))
        }
        add("recipe-1", domain: "recipes.appetizers", type: "public.item") {
            $0.title = "Calamari Lettuce Wraps"
            $0.contentDescription = "An easy appetizer packed with flavour and crunch, ready in half an hour."
            $0.keywords = ["appetizer", "calamari", "lettuce", "wraps"]
            $0.rating = 4
        }
        add("recipe-2", domain: "recipes.mains", type: "public.item") {
            $0.title = "Banana Bread"
            $0.contentDescription = "Moist banana bread with walnuts and a crackly top."
            $0.keywords = ["baking", "banana", "breakfast"]
            $0.rating = 5
        }
        add("mail-1", domain: "mail.inbox", type: "public.email-message") {
            $0.title = "Shopping list"
            $0.contentDescription = "What do we need for lettuce wraps? Green beans, canola oil, calamari."
            $0.authorNames = ["Maria Gonzales"]
        }
        add("mail-2", domain: "mail.inbox", type: "public.email-message") {
            $0.title = "Banjo lessons on Thursday"
            $0.contentDescription = "Bring the tuner and the chord sheet."
            $0.authorNames = ["Steve Banner"]
        }
        add("place-1", domain: "places", type: "public.item") {
            $0.title = "Caffè Macs"
            $0.contentDescription = "Café in Cupertino, open weekdays."
            $0.city = "Cupertino"
            $0.latitude = 37.3318
            $0.longitude = -122.0312
            $0.supportsNavigation = true
        }
        add("place-2", domain: "places", type: "public.item") {
            $0.title = "東京タワー"
            $0.contentDescription = "東京都港区の電波塔"
            $0.city = "東京"
        }
        add("contact-1", domain: "contacts", type: "public.contact") {
            $0.displayName = "Frédéric Chopin"
            $0.phoneNumbers = ["+1 877 595 1125"]
            $0.supportsPhoneCall = true
        }
        return items
    }
}
