import Foundation
import Limelight

/// `POST /v1/apps`: register an app.
public struct RegisterAppRequest: Sendable, Hashable {
    /// The registration asked for.
    public var registration: AppRegistration

    /// Reads `{"bundleIdentifier", "supportsContinuation"?, "callbackURL"?}`.
    public init(json: JSONDocument) throws(LimelightServiceError) {
        var reader = try JSONObjectReader(json)
        let bundleIdentifier = try reader.string("bundleIdentifier")
        guard LimelightStore.isValidBundleIdentifier(bundleIdentifier) else {
            throw .invalidRequest(field: "bundleIdentifier", "must be letters, digits, '.', '-' or '_' (at most 255, not starting with '.')")
        }
        guard bundleIdentifier != LimelightService.systemHistoryIdentifier else {
            throw .invalidRequest(field: "bundleIdentifier", "'\(bundleIdentifier)' is reserved by the daemon")
        }
        let continuation = try reader.bool("supportsContinuation", default: false)
        let callbackURL = try reader.optionalString("callbackURL")
        if let callbackURL {
            guard let url = HTTPEndpoint(callbackURL) else {
                throw .invalidRequest(field: "callbackURL", "must be an absolute http:// URL with a host")
            }
            _ = url
        }
        try reader.finish()
        registration = AppRegistration(bundleIdentifier: bundleIdentifier, supportsContinuation: continuation, callbackURL: callbackURL)
    }
}

/// Decoding shared by the write requests.
enum WriteRequestDecoding {
    /// The `index` member: a named index, "" (or absent) for the default index.
    static func indexName(_ reader: inout JSONObjectReader) throws(LimelightServiceError) -> String {
        let name = try reader.optionalString("index") ?? ""
        guard name.utf8.count <= 255, !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            throw .invalidRequest(field: "index", "must be at most 255 bytes without control characters")
        }
        return name
    }

    /// The `protection` member: a protection class (`complete`, `completeUnlessOpen`,
    /// `completeUntilFirstUserAuthentication`), or nil when absent or `null` (unprotected content).
    static func protectionClass(_ reader: inout JSONObjectReader) throws(LimelightServiceError) -> ProtectionClass? {
        guard let name = try reader.optionalString("protection") else { return nil }
        return try protectionClass(named: name, field: reader.fieldName("protection"))
    }

    /// The protection class `name` names.
    /// - Throws: `invalidRequest` naming `field` and the classes there are.
    static func protectionClass(named name: String, field: String) throws(LimelightServiceError) -> ProtectionClass {
        guard let protectionClass = ProtectionClass(rawValue: name) else {
            throw .invalidRequest(
                field: field, "'\(name)' is not a protection class (\(ProtectionClass.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return protectionClass
    }

    /// The items of an `items` array, each in the item-file format.
    static func items(_ elements: [JSONDocument], field: String, limits: ServiceLimits) throws(LimelightServiceError) -> [StoredItem] {
        guard elements.count <= limits.maximumItemsPerRequest else {
            throw LimelightServiceError(
                .tooManyRequested, "has \(elements.count) items; at most \(limits.maximumItemsPerRequest) are accepted per request",
                field: field)
        }
        var items: [StoredItem] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do {
                items.append(try ItemJSONCodec.decodeItem(from: element.data))
            } catch {
                let path = error.path.isEmpty ? "\(field)[\(index)]" : "\(field)[\(index)].\(error.path)"
                throw LimelightServiceError(.invalidItem, error.message, field: path, indexErrorCode: .invalidItemError)
            }
        }
        return items
    }

    /// A deletion: exactly one of `identifiers`, `domainIdentifiers` or `"all": true`.
    static func deletion(_ reader: inout JSONObjectReader, limits: ServiceLimits) throws(LimelightServiceError) -> AppIndex.Operation {
        let identifiers = try reader.optionalStrings("identifiers", limit: limits.maximumIdentifiersPerRequest)
        let domains = try reader.optionalStrings("domainIdentifiers", limit: limits.maximumIdentifiersPerRequest)
        let all = try reader.bool("all", default: false)
        switch (identifiers, domains, all) {
        case (let identifiers?, nil, false): return .deleteIdentifiers(identifiers)
        case (nil, let domains?, false): return .deleteDomains(domains)
        case (nil, nil, true): return .deleteAll
        default:
            throw .invalidRequest(field: reader.fieldName("identifiers"), "give exactly one of identifiers, domainIdentifiers or \"all\": true")
        }
    }
}

/// `POST /v1/items`: index items.
public struct IndexItemsRequest: Sendable, Hashable {
    /// The named index ("" for the default index).
    public var indexName: String
    /// The protection class of the index (nil: unprotected).
    public var protectionClass: ProtectionClass?
    /// The items.
    public var items: [StoredItem]

    /// Reads `{"index"?, "protection"?, "items": [item, …]}`.
    public init(json: JSONDocument, limits: ServiceLimits) throws(LimelightServiceError) {
        var reader = try JSONObjectReader(json)
        indexName = try WriteRequestDecoding.indexName(&reader)
        protectionClass = try WriteRequestDecoding.protectionClass(&reader)
        guard let elements = try reader.optionalArray("items") else { throw .invalidRequest(field: "items", "is required") }
        items = try WriteRequestDecoding.items(elements, field: "items", limits: limits)
        try reader.finish()
    }
}

/// `DELETE /v1/items`: delete by identifiers, by domains, or everything of one index.
public struct DeleteItemsRequest: Sendable {
    /// The named index ("" for the default index).
    public var indexName: String
    /// The protection class of the index (nil: unprotected).
    public var protectionClass: ProtectionClass?
    /// The deletion.
    public var operation: AppIndex.Operation

    /// Reads `{"index"?, "protection"?, "identifiers": […]}`, `{"index"?, "protection"?,
    /// "domainIdentifiers": […]}` or `{"index"?, "protection"?, "all": true}`.
    public init(json: JSONDocument, limits: ServiceLimits) throws(LimelightServiceError) {
        var reader = try JSONObjectReader(json)
        indexName = try WriteRequestDecoding.indexName(&reader)
        protectionClass = try WriteRequestDecoding.protectionClass(&reader)
        operation = try WriteRequestDecoding.deletion(&reader, limits: limits)
        try reader.finish()
    }
}

/// `POST /v1/batches`: operations and a client state committed atomically.
public struct BatchRequest: Sendable {
    /// The named index ("" for the default index).
    public var indexName: String
    /// The protection class of the index (nil: unprotected).
    public var protectionClass: ProtectionClass?
    /// The operations in order.
    public var operations: [AppIndex.Operation]
    /// The client-state change, with `expected` set for a compare-and-swap.
    public var clientState: AppIndex.ClientStateChange?

    /// Reads `{"index"?, "protection"?, "operations": [{"items": […]} | {"identifiers": […]} |
    /// {"domainIdentifiers": […]} | {"all": true}, …], "clientState"?: base64,
    /// "expectedClientState"?: base64 | null}`. A present `expectedClientState` (even `null`, meaning
    /// "there must be none") makes the batch a compare-and-swap.
    public init(json: JSONDocument, limits: ServiceLimits) throws(LimelightServiceError) {
        var reader = try JSONObjectReader(json)
        indexName = try WriteRequestDecoding.indexName(&reader)
        protectionClass = try WriteRequestDecoding.protectionClass(&reader)
        let elements = try reader.optionalArray("operations") ?? []
        guard elements.count <= limits.maximumOperationsPerBatch else {
            throw LimelightServiceError(
                .tooManyRequested, "has \(elements.count) operations; at most \(limits.maximumOperationsPerBatch) are accepted",
                field: "operations")
        }
        var operations: [AppIndex.Operation] = []
        var itemCount = 0
        for (index, element) in elements.enumerated() {
            var operation = try JSONObjectReader(element, path: "operations[\(index)]")
            if operation.contains("items") {
                let items = try WriteRequestDecoding.items(
                    try operation.optionalArray("items") ?? [], field: operation.fieldName("items"), limits: limits)
                itemCount += items.count
                operations.append(.index(items))
            } else {
                operations.append(try WriteRequestDecoding.deletion(&operation, limits: limits))
            }
            try operation.finish()
        }
        guard itemCount <= limits.maximumItemsPerRequest else {
            throw LimelightServiceError(
                .tooManyRequested, "hold \(itemCount) items; at most \(limits.maximumItemsPerRequest) are accepted per request",
                field: "operations")
        }
        self.operations = operations
        let expectedPresent = reader.contains("expectedClientState")
        let expected = try reader.optionalBase64("expectedClientState")
        if let new = try reader.optionalBase64("clientState") {
            clientState = AppIndex.ClientStateChange(new: new, expected: expectedPresent ? .some(expected) : .none)
        } else if expectedPresent {
            throw .invalidRequest(field: "clientState", "is required with expectedClientState")
        } else {
            clientState = nil
        }
        try reader.finish()
    }
}
