/// How far a backfill has come: items (charts and film lookups) done of those known so far, and what failed.
public struct BackfillProgress: Sendable, Hashable {
    /// Items finished, whatever their outcome.
    public var done: Int
    /// Items known so far: the planned charts and the film lookups queued so far (it grows while charts arrive).
    public var total: Int
    /// KOBIS calls made, retries included.
    public var calls: Int
    /// Items that failed.
    public var failureCount: Int
    /// The first ``BackfillProgress/failureLimit`` failures.
    public var failures: [BackfillFailure]

    /// Failures kept line by line; beyond them only the count grows.
    public static let failureLimit = 20

    public init(done: Int = 0, total: Int = 0, calls: Int = 0, failureCount: Int = 0, failures: [BackfillFailure] = [])
    {
        self.done = done
        self.total = total
        self.calls = calls
        self.failureCount = failureCount
        self.failures = failures
    }

    /// 0…100, rounded down; 100 when there is nothing to do.
    public var percent: Int { total == 0 ? 100 : min(100, done * 100 / total) }
}
