/// One kind of archive question: asked by many at once it is worked out once (``SingleFlight``), through the line
/// every kind shares (``AnalyticsGate``).
struct ArchiveQuestion<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let gate: AnalyticsGate
    /// Internal for tests, which watch askers join it.
    let inFlight = SingleFlight<Key, Value>()

    /// The answer to `key`, worked out by `workOut` unless the same question is being worked out already.
    func answer(_ key: Key, _ workOut: @escaping @Sendable (Key) async throws -> Value) async throws -> Value {
        let gate = self.gate
        return try await inFlight.run(key) { try await gate.run { try await workOut(key) } }
    }
}
