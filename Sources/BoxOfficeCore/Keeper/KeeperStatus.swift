public import Foundation
public import KOBIS

/// The keeper as one instance sees it, with the archive's coverage of the keeper's range (the Contract's
/// `keeper` object of `/api/v1/archive/status`).
public struct KeeperStatus: Sendable, Hashable {
    public var state: KeeperState
    /// The first day kept (`BOXOFFICE_ARCHIVE_FROM`).
    public var from: CalendarDate
    /// The latest day whose chart is settled (the day before yesterday, KST).
    public var latestSettledDay: CalendarDate
    /// Days of `from...latestSettledDay` with a stored daily chart.
    public var archivedDays: Int
    /// Days of that range without one.
    public var missingDays: Int
    /// Whether this instance leads the fleet's keeper.
    public var leader: Bool
    /// When the keeper next works, when it is waiting (the next KST day, the next morning, the end of a backoff).
    public var nextRunAt: Date?
    /// Days stored per hour in the current fill (the pace a gap notice estimates with), when known.
    public var daysPerHour: Double?

    public init(
        state: KeeperState, from: CalendarDate, latestSettledDay: CalendarDate, archivedDays: Int, missingDays: Int,
        leader: Bool, nextRunAt: Date? = nil, daysPerHour: Double? = nil
    ) {
        self.state = state
        self.from = from
        self.latestSettledDay = latestSettledDay
        self.archivedDays = archivedDays
        self.missingDays = missingDays
        self.leader = leader
        self.nextRunAt = nextRunAt
        self.daysPerHour = daysPerHour
    }

    /// When the missing days should be filled at the current pace, if the keeper is filling and has a pace.
    public func expectedCompletion(now: Date) -> Date? {
        guard state == .filling || state == .waitingForQuota, let pace = daysPerHour, pace > 0, missingDays > 0
        else { return nil }
        return now.addingTimeInterval(Double(missingDays) / pace * 3600)
    }
}
