/// Where a mapped field's value came from.
public enum MarkupSource: String, Sendable, Equatable {
    /// schema.org in JSON-LD, Microdata or RDFa.
    case schemaOrg
    /// Open Graph meta properties.
    case openGraph
    /// Twitter card meta tags.
    case twitter
    /// Plain HTML: `<title>`, `<meta name="description">`, `<link rel="canonical">`, the page URL.
    case html
    /// The Smart App Banner.
    case smartAppBanner
    /// App Links meta tags.
    case appLinks
    /// The site's apple-app-site-association file.
    case association
}

/// One interaction statistic (`InteractionCounter` or the older `interactionCount`).
public struct InteractionCount: Sendable, Equatable {
    /// The interaction, as schema.org names it (`LikeAction`, `CommentAction`) or as the older
    /// text form wrote it (`UserLikes`); nil when the page gave only a number.
    public var interactionType: String?
    /// How many times it happened.
    public var count: Int

    /// Creates a statistic.
    public init(interactionType: String?, count: Int) {
        self.interactionType = interactionType
        self.count = count
    }
}

/// The facts of a `Recipe` a search result can show.
public struct RecipeFacts: Sendable, Equatable {
    /// `recipeYield` as written (`"4 servings"`).
    public var yield: String?
    /// `totalTime` in seconds.
    public var totalTime: Double?
    /// `cookTime` in seconds.
    public var cookTime: Double?
    /// `prepTime` in seconds.
    public var prepTime: Double?
    /// `nutrition.calories` as written (`"240 calories"`).
    public var caloriesText: String?
    /// `nutrition.calories` as a number.
    public var calories: Double?
    /// `recipeIngredient` (or the older `ingredients`), in order.
    public var ingredients: [String] = []

    /// Creates empty facts.
    public init() {}
}

/// A page mapped to a search result, with fields named as Core Spotlight attributes
/// (`CSSearchableItemAttributeSet`), so a crawler can index it and a validation report can show
/// which attribute each piece of markup fills.
public struct WebSearchResult: Sendable, Equatable {
    /// `title` / `displayName`: the result's title.
    public var displayName: String?
    /// `contentDescription`.
    public var contentDescription: String?
    /// `thumbnailURL`.
    public var thumbnailURL: String?
    /// The thumbnail's width in pixels, when declared.
    public var thumbnailWidth: Int?
    /// The thumbnail's height in pixels, when declared.
    public var thumbnailHeight: Int?
    /// `contentURL`: the canonical URL, else `og:url`, else the page URL.
    public var contentURL: String?
    /// The deep link the result opens, with its source.
    public var deepLink: DeepLink?
    /// `rating`, normalised to 0–5.
    public var rating: Double?
    /// `ratingDescription` (`"4.5 stars"`).
    public var ratingDescription: String?
    /// The number of reviews (or ratings) behind ``rating``.
    public var reviewCount: Int?
    /// The price (an `Offer`'s price, or an `AggregateOffer`'s low price).
    public var price: Double?
    /// The ISO 4217 currency of ``price``.
    public var priceCurrency: String?
    /// A price range: a `LocalBusiness`'s `priceRange` (`"$$"`) or an `AggregateOffer`'s
    /// low–high prices.
    public var priceRange: String?
    /// `phoneNumbers`.
    public var phoneNumbers: [String] = []
    /// `supportsPhoneCall`: whether a call action can be offered.
    public var supportsPhoneCall = false
    /// `fullyFormattedAddress`.
    public var fullyFormattedAddress: String?
    /// `thoroughfare` (street address).
    public var thoroughfare: String?
    /// `city`.
    public var city: String?
    /// `stateOrProvince`.
    public var stateOrProvince: String?
    /// `postalCode`.
    public var postalCode: String?
    /// `country`.
    public var country: String?
    /// `latitude`.
    public var latitude: Double?
    /// `longitude`.
    public var longitude: Double?
    /// `supportsNavigation`: whether a directions action can be offered.
    public var supportsNavigation = false
    /// The audio or video file the result can play.
    public var mediaURL: String?
    /// `"audio"` or `"video"` when ``mediaURL`` is set.
    public var mediaKind: String?
    /// Whether a play action can be offered.
    public var playable = false
    /// Interaction statistics (likes, comments, views).
    public var interactionCounts: [InteractionCount] = []
    /// Recipe facts, when the page describes a recipe.
    public var recipe: RecipeFacts?
    /// The `SearchAction` target URL template (with `{search_term_string}`), when the page is a
    /// search landing page.
    public var searchActionURLTemplate: String?
    /// `keywords` from `<meta name="keywords">` and schema.org `keywords`.
    public var keywords: [String] = []
    /// The schema.org type of the page's main entity (`Recipe`, `Restaurant`), when any.
    public var contentType: String?
    /// Which markup supplied each field, by field name (`displayName` → `.openGraph`).
    public var sources: [String: MarkupSource] = [:]

    /// An empty result.
    public init() {}

    /// `title`: the same as ``displayName``.
    public var title: String? { displayName }

    /// The quick actions the result offers: `call`, `directions`, `play`, `search`.
    public var actions: [String] {
        var actions: [String] = []
        if supportsPhoneCall { actions.append("call") }
        if supportsNavigation { actions.append("directions") }
        if playable { actions.append("play") }
        if searchActionURLTemplate != nil { actions.append("search") }
        return actions
    }
}
