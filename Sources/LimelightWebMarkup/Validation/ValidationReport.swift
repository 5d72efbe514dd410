/// How one element of a page fares.
public enum ValidationStatus: String, Sendable, Equatable, Comparable {
    /// Good as it is.
    case passed = "PASSED"
    /// Works, but a fix is recommended.
    case recommended = "RECOMMENDED"
    /// Missing or broken: the page will not make a good result.
    case failed = "FAILED"

    private var severity: Int {
        switch self {
        case .passed: return 0
        case .recommended: return 1
        case .failed: return 2
        }
    }

    /// Orders by severity: passed < recommended < failed.
    public static func < (lhs: ValidationStatus, rhs: ValidationStatus) -> Bool {
        lhs.severity < rhs.severity
    }
}

/// One row of a validation report.
public struct ValidationCheck: Sendable, Equatable {
    /// The element checked (`Title`, `Description`, `Image`, `Deep link`, …).
    public var element: String
    /// The verdict.
    public var status: ValidationStatus
    /// Why it is not PASSED, or what was found.
    public var message: String?
    /// The value extracted for the element, when any.
    public var extractedValue: String?
    /// The Core Spotlight attribute(s) it maps to (`displayName`, `thumbnailURL`).
    public var attribute: String
    /// The markup that supplied the value, when any.
    public var source: MarkupSource?

    /// Creates a row.
    public init(
        element: String, status: ValidationStatus, message: String? = nil, extractedValue: String? = nil,
        attribute: String, source: MarkupSource? = nil
    ) {
        self.element = element
        self.status = status
        self.message = message
        self.extractedValue = extractedValue
        self.attribute = attribute
        self.source = source
    }
}

/// What the search result would look like: the data of the validation tool's visual preview.
public struct SearchResultPreview: Sendable, Equatable {
    /// The title as shown, cut with an ellipsis past the title limit.
    public var title: String?
    /// The description as shown, cut past the description limit.
    public var description: String?
    /// The thumbnail URL.
    public var thumbnailURL: String?
    /// The rating as stars and count (`★★★★½ 4.5 (12 reviews)`).
    public var rating: String?
    /// The price (`12.99 USD`) or price range.
    public var price: String?
    /// The URL shown under the title.
    public var displayURL: String?
    /// The deep link the result opens.
    public var deepLink: String?
    /// The quick actions (`call`, `directions`, `play`, `search`).
    public var actions: [String]
}

/// The validation tool's answer for one page.
public struct ValidationReport: Sendable, Equatable {
    /// The page checked.
    public var pageURL: String?
    /// The rows, in a fixed element order.
    public var checks: [ValidationCheck]
    /// The mapped search result.
    public var result: WebSearchResult
    /// The preview of the search result.
    public var preview: SearchResultPreview

    /// The worst status of any row.
    public var overallStatus: ValidationStatus {
        checks.map(\.status).max() ?? .passed
    }
}
