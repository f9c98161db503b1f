/// What the archive keeper is doing (the Contract's `keeper.state`).
public enum KeeperState: String, Sendable, Hashable, CaseIterable, Codable {
    /// Fetching the days (and weeks) the archive is missing, newest first.
    case filling
    /// The archive holds every settled day; waiting for the next morning's run.
    case current
    /// The day's calls for background work are spent; waiting for the next KST day.
    case waitingForQuota = "waiting-for-quota"
    /// KOBIS keeps failing (an outage, or its own quota spent elsewhere): waiting before trying again.
    case backingOff = "backing-off"
    /// An administrator paused it.
    case paused
    /// `BOXOFFICE_KEEPER=off` on this instance.
    case disabled
    /// Another instance leads the fleet's keeper; this one takes over if that one stops renewing its lease.
    case standby
}
