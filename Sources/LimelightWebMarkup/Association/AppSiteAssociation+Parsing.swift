/// Reading an association file's JSON.
extension AppSiteAssociation {
    /// Parses the file's text.
    /// - Throws: ``WebMarkupError`` `invalidJSON` when the text is not JSON, or
    ///   `invalidAssociationFile` when it has no `applinks.details` array.
    public init(json text: String) throws(WebMarkupError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Parses the file's UTF-8 bytes.
    /// - Throws: as ``init(json:)``.
    public init(bytes: [UInt8]) throws(WebMarkupError) {
        let root = try LenientJSON.parse(bytes: bytes)
        try self.init(root: root)
    }

    /// Reads an already parsed file.
    /// - Throws: ``WebMarkupError`` `invalidAssociationFile` when there is no `applinks.details`
    ///   array.
    public init(root: JSONValue) throws(WebMarkupError) {
        guard let appLinks = root["applinks"]?.objectValue else {
            throw WebMarkupError(code: .invalidAssociationFile, message: "the file has no \"applinks\" object")
        }
        guard let detailValues = appLinks["details"] else {
            throw WebMarkupError(code: .invalidAssociationFile, message: "\"applinks\" has no \"details\" array")
        }
        var variables: [String: [String]] = [:]
        for member in appLinks["substitutionVariables"]?.objectValue?.members ?? [] {
            variables[member.key] = member.value.asList.compactMap(\.stringValue)
        }
        let fileDefaults = Defaults(appLinks["defaults"]?.objectValue, fallback: Defaults())
        var details: [Detail] = []
        // The oldest files keyed details by app ID: {"details": {"ABC.app": {"paths": [...]}}}.
        if let keyed = detailValues.objectValue {
            for member in keyed.members {
                guard let body = member.value.objectValue else { continue }
                var object = body
                if object["appID"] == nil { object["appID"] = .string(member.key) }
                details.append(Self.detail(object, defaults: fileDefaults))
            }
        } else {
            for value in detailValues.asList {
                guard let object = value.objectValue else { continue }
                details.append(Self.detail(object, defaults: fileDefaults))
            }
        }
        let credentials = root["webcredentials"]?["apps"]?.asList.compactMap(\.stringValue) ?? []
        self.init(details: details, substitutionVariables: variables, webCredentialsApps: credentials)
    }

    /// The `caseSensitive` and `percentEncoded` defaults in force.
    private struct Defaults {
        var caseSensitive = true
        var percentEncoded = true

        init() {}

        init(_ object: JSONObject?, fallback: Defaults) {
            self = fallback
            if let value = object?["caseSensitive"]?.boolValue { caseSensitive = value }
            if let value = object?["percentEncoded"]?.boolValue { percentEncoded = value }
        }
    }

    private static func detail(_ object: JSONObject, defaults fileDefaults: Defaults) -> Detail {
        var appIDs = object["appIDs"]?.asList.compactMap(\.stringValue) ?? []
        if let single = object["appID"]?.stringValue, !appIDs.contains(single) { appIDs.append(single) }
        let defaults = Defaults(object["defaults"]?.objectValue, fallback: fileDefaults)
        if let components = object["components"]?.arrayValue {
            return Detail(
                appIDs: appIDs,
                components: components.compactMap { $0.objectValue.map { component($0, defaults: defaults) } })
        }
        let paths = object["paths"]?.asList.compactMap(\.stringValue) ?? []
        let legacy = paths.map { path -> Component in
            let trimmed = HTMLWhitespace.trimmed(path)
            if trimmed.hasPrefix("NOT ") {
                return Component(path: HTMLWhitespace.trimmed(String(trimmed.dropFirst(4))), exclude: true)
            }
            return Component(path: trimmed)
        }
        return Detail(appIDs: appIDs, components: legacy, isLegacy: true)
    }

    private static func component(_ object: JSONObject, defaults: Defaults) -> Component {
        var component = Component(
            caseSensitive: object["caseSensitive"]?.boolValue ?? defaults.caseSensitive,
            percentEncoded: object["percentEncoded"]?.boolValue ?? defaults.percentEncoded)
        component.path = object["/"]?.stringValue
        component.fragment = object["#"]?.stringValue
        component.exclude = object["exclude"]?.boolValue ?? false
        component.comment = object["comment"]?.stringValue
        switch object["?"] {
        case .string(let pattern)?:
            component.query = .string(pattern)
        case .object(let items)?:
            component.query = .items(
                items.members.compactMap { member in
                    member.value.stringValue.map { QueryItemPattern(name: member.key, value: $0) }
                })
        default:
            break
        }
        return component
    }
}
