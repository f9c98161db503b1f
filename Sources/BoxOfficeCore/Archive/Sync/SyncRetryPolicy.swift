import Foundation
import KOBIS

/// When a sync tries a failed call again, and when it gives up: which failures are transient, the backoff between
/// attempts, and how many failed items in a row stop the run.
struct SyncRetryPolicy: Sendable, Hashable {
    /// What to do about one failed attempt.
    enum Verdict: Sendable, Hashable {
        /// Try again after `delay`.
        case retry(after: Duration)
        /// Give the item up; `transient` when a later run may well succeed.
        case giveUp(transient: Bool)
        /// The failure dooms every call (KOBIS rejected the key): the whole run stops.
        case stopRun
        /// The quota ledger refused the call: the day's KOBIS quota for this work is used up. The call was not
        /// made; the run stops at once (``SyncStopReason/quotaReached(_:)``) and the item is left for a later run:
        /// neither retried nor failed.
        case quotaReached
    }

    /// A failed attempt: what went wrong, and what to do about it.
    struct Assessment: Sendable, Hashable {
        var problem: SyncProblem
        var verdict: Verdict
    }

    /// Attempts per item for transient failures.
    var maxAttempts: Int
    /// The wait before the first retry; it doubles for each further retry, up to `maxRetryDelay`.
    var retryDelay: Duration
    var maxRetryDelay: Duration
    /// The run stops when this many items in a row have failed (KOBIS down, or refusing every request).
    var maxConsecutiveFailures: Int

    init(maxAttempts: Int, retryDelay: Duration, maxRetryDelay: Duration, maxConsecutiveFailures: Int) {
        self.maxAttempts = max(1, maxAttempts)
        self.retryDelay = retryDelay
        self.maxRetryDelay = maxRetryDelay
        self.maxConsecutiveFailures = max(1, maxConsecutiveFailures)
    }

    /// The policy `options` describe.
    init(_ options: SyncOptions) {
        self.init(
            maxAttempts: options.maxAttempts, retryDelay: options.retryDelay, maxRetryDelay: options.maxRetryDelay,
            maxConsecutiveFailures: options.maxConsecutiveFailures)
    }

    /// The wait before retry number `retry` (1 for the first).
    func delay(beforeRetry retry: Int) -> Duration {
        var delay = retryDelay
        for _ in 1..<max(1, retry) where delay < maxRetryDelay { delay *= 2 }
        return min(delay, maxRetryDelay)
    }

    /// What to do after attempt number `attempt` (1 for the first) failed with `error`.
    func assess(_ error: any Error, attempt: Int) -> Assessment {
        let (problem, transient) = Self.classify(error)
        if Self.isQuotaRefusal(problem) { return Assessment(problem: problem, verdict: .quotaReached) }
        if problem.rejectsEveryCall { return Assessment(problem: problem, verdict: .stopRun) }
        guard transient, attempt < maxAttempts else {
            return Assessment(problem: problem, verdict: .giveUp(transient: transient))
        }
        return Assessment(problem: problem, verdict: .retry(after: delay(beforeRetry: attempt)))
    }

    /// Whether `problem` is the quota ledger refusing a call (``KOBIS/KOBISError/callLimitReached``, bare or
    /// wrapped in ``BoxOfficeError/upstream(_:)``).
    static func isQuotaRefusal(_ problem: SyncProblem) -> Bool {
        problem == .upstream(.callLimitReached)
    }

    /// Whether `count` failed items in a row stop the run.
    func stopsRun(afterFailuresInARow count: Int) -> Bool {
        count >= maxConsecutiveFailures
    }

    /// What `error` means to a sync, and whether retrying may help: timeouts, connection trouble, HTTP 5xx or 429
    /// and unreadable bodies may pass; KOBIS's faults and everything else will not.
    static func classify(_ error: any Error) -> (problem: SyncProblem, transient: Bool) {
        switch error {
        case BoxOfficeError.upstream(.cancelled), KOBISError.cancelled: return (.cancelled, true)
        case BoxOfficeError.upstream(let upstream): return (.upstream(upstream), upstream.isTransient)
        case let upstream as KOBISError: return (.upstream(upstream), upstream.isTransient)
        case is CancellationError: return (.cancelled, true)
        default: return (.other(detail: diagnostic(error)), false)
        }
    }

    /// A one-line diagnostic of `error` for logs and the store's failures (never shown as it is to readers).
    static func diagnostic(_ error: any Error) -> String {
        String(describing: error).replacingOccurrences(of: "\n", with: " ")
    }
}
