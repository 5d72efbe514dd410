/// Checks a page's markup element by element, like Apple's App Search API Validation Tool.
public enum WebMarkupValidator {
    /// Titles longer than this many characters may be truncated in results.
    public static let titleLengthLimit = 60
    /// Descriptions longer than this many characters may be truncated in results.
    public static let descriptionLengthLimit = 160
    /// Thumbnails narrower or shorter than this many pixels look poor in results.
    public static let minimumThumbnailSide = 200

    /// Validates extracted markup.
    /// - Parameters:
    ///   - markup: what ``WebMarkupExtractor`` found.
    ///   - association: the site's apple-app-site-association file, when known.
    /// - Returns: one row each for title, description, image, deep link, canonical URL,
    ///   indexing (robots), structured data and actions, plus a row for each rich attribute found
    ///   (rating, price, phone, address, media, search), and the preview.
    public static func validate(_ markup: WebPageMarkup, association: AppSiteAssociation? = nil) -> ValidationReport {
        let result = WebSearchResultMapper.map(markup, association: association)
        var checks: [ValidationCheck] = []
        checks.append(titleCheck(result))
        checks.append(descriptionCheck(result))
        checks.append(imageCheck(result))
        checks.append(deepLinkCheck(markup, result))
        checks.append(canonicalCheck(markup))
        checks.append(robotsCheck(markup))
        checks.append(structuredDataCheck(markup))
        checks += richAttributeChecks(result)
        checks.append(actionsCheck(result))
        return ValidationReport(
            pageURL: markup.pageURL, checks: checks, result: result, preview: preview(of: result))
    }

    static func titleCheck(_ result: WebSearchResult) -> ValidationCheck {
        guard let title = result.displayName else {
            return ValidationCheck(
                element: "Title", status: .failed,
                message: "No title found. Add a <title> element or an og:title property.", attribute: "displayName")
        }
        let tooLong = title.count > titleLengthLimit
        return ValidationCheck(
            element: "Title", status: tooLong ? .recommended : .passed,
            message: tooLong
                ? "Title may be truncated (\(title.count) characters, limit \(titleLengthLimit)). "
                    + "Try to avoid unnecessarily long or verbose titles." : nil,
            extractedValue: title, attribute: "displayName", source: result.sources["displayName"])
    }

    static func descriptionCheck(_ result: WebSearchResult) -> ValidationCheck {
        guard let description = result.contentDescription else {
            return ValidationCheck(
                element: "Description", status: .recommended,
                message: "No description found. Add og:description or <meta name=\"description\">.",
                attribute: "contentDescription")
        }
        let tooLong = description.count > descriptionLengthLimit
        return ValidationCheck(
            element: "Description", status: tooLong ? .recommended : .passed,
            message: tooLong
                ? "Description may be truncated (\(description.count) characters, limit \(descriptionLengthLimit)). "
                    + "Try to avoid unnecessarily long or verbose descriptions." : nil,
            extractedValue: description, attribute: "contentDescription", source: result.sources["contentDescription"])
    }

    static func imageCheck(_ result: WebSearchResult) -> ValidationCheck {
        guard let url = result.thumbnailURL else {
            return ValidationCheck(
                element: "Image", status: .recommended,
                message: "No image found. Add og:image (with og:image:width and og:image:height) or a schema.org image.",
                attribute: "thumbnailURL")
        }
        let source = result.sources["thumbnailURL"]
        guard let width = result.thumbnailWidth, let height = result.thumbnailHeight else {
            return ValidationCheck(
                element: "Image", status: .recommended,
                message: "Image size unknown. Declare og:image:width and og:image:height so the image can be "
                    + "shown without downloading it first.",
                extractedValue: url, attribute: "thumbnailURL", source: source)
        }
        if width < minimumThumbnailSide || height < minimumThumbnailSide {
            return ValidationCheck(
                element: "Image", status: .recommended,
                message: "Image is \(width)×\(height); at least \(minimumThumbnailSide)×\(minimumThumbnailSide) "
                    + "pixels is recommended.",
                extractedValue: url, attribute: "thumbnailURL", source: source)
        }
        return ValidationCheck(
            element: "Image", status: .passed, extractedValue: url + " (\(width)×\(height))",
            attribute: "thumbnailURL", source: source)
    }

    static func deepLinkCheck(_ markup: WebPageMarkup, _ result: WebSearchResult) -> ValidationCheck {
        guard let deepLink = result.deepLink else {
            let hint =
                markup.smartAppBanner != nil
                ? "The Smart App Banner has no app-argument. Add app-argument=… with the in-app URL."
                : "No deep link found. Add a Smart App Banner with app-argument, App Links (al:ios:url), a "
                    + "Twitter app card (twitter:app:url:iphone), or a universal link in apple-app-site-association."
            return ValidationCheck(element: "Deep link", status: .failed, message: hint, attribute: "deepLink")
        }
        if let banner = markup.smartAppBanner, !banner.hasValidAppID {
            return ValidationCheck(
                element: "Deep link", status: .recommended,
                message: "The Smart App Banner's app-id \"\(banner.appID ?? "")\" is not a numeric App Store identifier.",
                extractedValue: deepLink.url, attribute: "deepLink", source: result.sources["deepLink"])
        }
        return ValidationCheck(
            element: "Deep link", status: .passed, message: "From \(deepLink.source.rawValue).",
            extractedValue: deepLink.url, attribute: "deepLink", source: result.sources["deepLink"])
    }

    static func canonicalCheck(_ markup: WebPageMarkup) -> ValidationCheck {
        guard let canonical = markup.canonicalURL else {
            return ValidationCheck(
                element: "Canonical URL", status: .recommended,
                message: "No canonical URL. Add <link rel=\"canonical\"> so duplicates of the page merge into one result.",
                extractedValue: markup.pageURL, attribute: "contentURL", source: markup.pageURL == nil ? nil : .html)
        }
        return ValidationCheck(
            element: "Canonical URL", status: .passed, extractedValue: canonical, attribute: "contentURL",
            source: .html)
    }

    static func robotsCheck(_ markup: WebPageMarkup) -> ValidationCheck {
        let directives = markup.robots.directives.joined(separator: ", ")
        if markup.robots.noIndex {
            return ValidationCheck(
                element: "Indexing", status: .failed,
                message: "The page asks not to be indexed (noindex); it will not appear in results.",
                extractedValue: directives, attribute: "(none)", source: .html)
        }
        return ValidationCheck(
            element: "Indexing", status: .passed, extractedValue: directives.isEmpty ? nil : directives,
            attribute: "(none)", source: markup.robots.isEmpty ? nil : .html)
    }
}
