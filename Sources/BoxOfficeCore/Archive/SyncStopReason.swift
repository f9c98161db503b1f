/// Why a run ended before doing everything.
public enum SyncStopReason: Sendable, Hashable {
    /// The call budget was used up.
    case budget(Int)
    /// Someone asked the run to stop (Ctrl-C).
    case interrupted
    /// Too many items failed in a row; `last` is the last failure.
    case repeatedFailures(count: Int, last: SyncProblem)
    /// A failure that dooms every call (KOBIS rejected the key) or the store failing.
    case fatal(SyncProblem)
}
