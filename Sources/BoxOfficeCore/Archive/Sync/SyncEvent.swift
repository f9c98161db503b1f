/// What a sync reports as it goes. Events arrive one at a time, in order.
public enum SyncEvent: Sendable, Hashable {
    /// The run begins with `progress.chartsTotal` charts to fetch; `skipped` charts needed no call.
    case started(SyncProgress, skipped: Int)
    /// `count` films whose nation is to be looked up (from a movie list or their details) joined the work (their
    /// charts named them).
    case moviesQueued(count: Int, SyncProgress)
    /// An item ended.
    case itemFinished(SyncItem, SyncOutcome, SyncProgress)
    /// A transient failure; the item is tried again after `delay`.
    case retrying(SyncItem, attempt: Int, problem: SyncProblem, delay: Duration)
    /// The run stops early.
    case stopping(SyncStopReason)
}
