import Foundation
import Limelight

extension LimelightService {
    /// Asks an app for the data or file it promised for one of its items (drag and drop), through
    /// its callback URL (see ``DataProviderCallback``).
    ///
    /// The item must exist and list the type in `providerDataTypeIdentifiers` (data) or in
    /// `providerFileTypeIdentifiers` / `providerInPlaceFileTypeIdentifiers` (files).
    /// - Throws: `notFound` for an unknown app or item, or a type the item does not promise;
    ///   `unavailable` when the app has no callback URL or does not answer.
    public func provideData(
        bundleIdentifier: String, request: DataProviderCallback.Request
    ) async throws(LimelightServiceError) -> DataProviderCallback.Provided {
        guard let registration = credentials.registration(of: bundleIdentifier) else { throw .notFound("app \(bundleIdentifier)") }
        let record = try await withIndex(of: registration) { index in
            try index.record(identifier: request.identifier, indexName: request.indexName)
        }
        guard let record, record.kind == .item else { throw .notFound("item '\(request.identifier)'") }
        let promised = request.wantsFile
            ? ["providerFileTypeIdentifiers", "providerInPlaceFileTypeIdentifiers"] : ["providerDataTypeIdentifiers"]
        let types = promised.flatMap { record.item[attribute: $0]?.textualElements ?? [] }
        guard types.contains(request.typeIdentifier) else {
            throw .notFound("'\(request.identifier)' promises no \(request.wantsFile ? "file" : "data") of type \(request.typeIdentifier)")
        }
        guard let callbackURL = registration.callbackURL else {
            throw LimelightServiceError(.unavailable, "\(bundleIdentifier) registered no callbackURL to provide data through")
        }
        let timeout = limits.callbackTimeout
        return try await blocking {
            try DataProviderCallback.fetch(request, bundleIdentifier: bundleIdentifier, callbackURL: callbackURL, timeout: timeout)
        }
    }
}
