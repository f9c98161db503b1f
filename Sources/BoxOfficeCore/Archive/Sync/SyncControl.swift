import KOBIS

/// Lets another task ask a running sync to stop: calls in flight finish and are stored, no new one starts.
public final class SyncControl: Sendable {
    private let stopped = Locked(false)

    public init() {}

    /// Asks the run to stop after the calls in flight.
    public func requestStop() { stopped.withLock { $0 = true } }
    public var isStopRequested: Bool { stopped.withLock { $0 } }
}
