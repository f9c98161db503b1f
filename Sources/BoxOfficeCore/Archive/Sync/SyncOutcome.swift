/// How one item ended.
public enum SyncOutcome: Sendable, Hashable {
    /// Fetched and stored.
    case stored
    /// KOBIS answered an empty chart for a recent period (not counted yet): not stored, so a later run fetches it.
    case notCountedYet
    /// KOBIS has no details for the film (a definitive answer, not a failure): its nation is stored as unknown
    /// (`""`), so no later run asks again.
    case noDetails
    /// Failed; `transient` when a later run may well succeed.
    case failed(SyncProblem, transient: Bool)
    /// Not attempted: the budget or the day's KOBIS quota ran out, or the run was stopped.
    case notAttempted
}
