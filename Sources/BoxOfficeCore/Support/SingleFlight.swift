/// Coalesces concurrent identical work: while an operation for a key is running, later callers
/// with the same key wait for its result instead of starting their own.
public actor SingleFlight<Key: Hashable & Sendable, Value: Sendable> {
    private var running: [Key: Task<Value, any Error>] = [:]
    /// How many callers joined a run already in progress instead of starting their own: the work saved.
    public private(set) var joinedCount = 0

    public init() {}

    /// Runs `operation` for `key`, or joins the run already in progress.
    public func run(_ key: Key, _ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let task = running[key] {
            joinedCount += 1
            return try await task.value
        }
        let task = Task { try await operation() }
        running[key] = task
        let result = await task.result
        if running[key] == task { running[key] = nil }
        return try result.get()
    }

    /// How many distinct operations are running now.
    public var inFlightCount: Int { running.count }
}
