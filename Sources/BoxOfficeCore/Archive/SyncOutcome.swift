/// How one item ended.
public enum SyncOutcome: Sendable, Hashable {
    /// Fetched and stored.
    case stored
    /// KOBIS answered an empty chart for a recent period (not counted yet): not stored, so a later run fetches it.
    case notCountedYet
    /// Failed; `transient` when a later run may well succeed.
    case failed(SyncProblem, transient: Bool)
    /// Not attempted: the budget ran out or the run was stopped.
    case notAttempted
}
