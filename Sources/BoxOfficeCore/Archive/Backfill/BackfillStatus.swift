/// Where a background backfill stands.
public enum BackfillStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// Accepted; waits for its instance's worker.
    case queued
    case running
    /// Every planned chart and film lookup ended well.
    case done
    /// Some items failed for good, or the run stopped on a fatal error (rejected key, store down).
    case failed
    /// An administrator cancelled it.
    case cancelled
    /// It used up its call budget; restarting continues where it stopped.
    case budgetStopped = "budget-stopped"
    /// Its instance stopped (shut down or died) while the job was queued or running; it can be restarted.
    case interrupted

    /// Queued or running: its instance still has work to do.
    public var isActive: Bool { self == .queued || self == .running }

    /// Whether an administrator may run it again (sync skips what is already settled, so nothing is fetched twice).
    public var canRestart: Bool { [.failed, .cancelled, .budgetStopped, .interrupted].contains(self) }
}
