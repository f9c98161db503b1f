public import Testing

/// Waiting for what a server, a child process or a background job does.
public enum Wait {
    /// Asks `condition` every `interval` until it holds or `limit` has passed, and records an issue saying what was
    /// waited for (and `detail`, asked then: what was seen instead) when it never held. The limit only guards against
    /// a hang; nothing measures it. Returns whether the condition held.
    @discardableResult
    public static func until(
        _ what: String, limit: Duration = .seconds(60), every interval: Duration = .milliseconds(20),
        sourceLocation: SourceLocation = #_sourceLocation, detail: () -> String = { "" },
        _ condition: () async throws -> Bool
    ) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while true {
            if try await condition() { return true }
            guard ContinuousClock.now < deadline else {
                let seen = detail()
                Issue.record(
                    "Waited \(limit) for \(what); it did not happen.\(seen.isEmpty ? "" : " \(seen)")",
                    sourceLocation: sourceLocation)
                return false
            }
            try await Task.sleep(for: interval)
        }
    }
}
