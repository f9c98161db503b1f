/// Why a run ended before doing everything.
public enum SyncStopReason: Sendable, Hashable {
    /// The call budget was used up.
    case budget(Int)
    /// The day's KOBIS quota for background work is used up (the quota ledger refused a call,
    /// ``KOBIS/KOBISError/callLimitReached``): the run stops at once and what is left waits for the next KST day.
    /// `usage` is the day's quota when the engine could read it (``SyncEngine`` was given the ledger).
    case quotaReached(QuotaUsage?)
    /// Someone asked the run to stop (Ctrl-C).
    case interrupted
    /// Too many items failed in a row; `last` is the last failure.
    case repeatedFailures(count: Int, last: SyncProblem)
    /// A failure that dooms every call (KOBIS rejected the key) or the store failing.
    case fatal(SyncProblem)
}
