import Foundation

extension RemoteSearchableIndexClient: ActivityHistoryBackend {
    /// Saves an activity in the daemon (`POST /v1/activities`, `view=false` for an update without a view).
    public func saveActivity(_ record: ActivityRecord, countsView: Bool, now: Date) throws {
        try send("POST", "/v1/activities?view=" + (countsView ? "true" : "false"), body: ActivityJSONCodec.encode(record))
    }

    /// Deletes saved activities in the daemon (`DELETE /v1/activities`).
    public func deleteActivities(withPersistentIdentifiers identifiers: [String]) throws {
        try send("DELETE", "/v1/activities", body: #"{"persistentIdentifiers": "# + Self.quote(identifiers) + "}")
    }

    /// Deletes every saved activity of the app in the daemon.
    public func deleteAllActivities() throws {
        try send("DELETE", "/v1/activities", body: #"{"all": true}"#)
    }

    /// Takes the activities the daemon queued for the app (`GET /v1/launches`).
    public func takePendingLaunches() throws -> [ActivityRecord] {
        let object = try send("GET", "/v1/launches", body: nil)
        return try (object["activities"] as? [Any] ?? []).map { json in
            guard JSONSerialization.isValidJSONObject(json) else {
                throw CSIndexError(.remoteConnectionError, message: "the daemon answered an activity that is not a JSON object")
            }
            return try ActivityJSONCodec.decode(try JSONSerialization.data(withJSONObject: json))
        }
    }
}
