/// How much of a period the archive holds: which days have a stored daily chart, which are missing, which are
/// still provisional (fetched before their figures settled), and which days a sync should fetch or refresh.
public struct ArchiveCoverage: Codable, Sendable, Hashable {
    /// Days in the period.
    public var days: Int
    /// Days with a stored daily chart.
    public var archivedDays: Int
    /// Stored days whose figures may still change (fetched before the day after next, 00:00 KST).
    public var provisionalDays: Int
    /// Days with no stored daily chart.
    public var missingDays: Int
    /// The missing days as runs of consecutive days, oldest first.
    public var missing: [DateRange]
    /// True when every day of the period is archived.
    public var isComplete: Bool
    /// The days a sync should fetch (the missing ones) or refresh (the provisional ones), from the first such day
    /// to the last, or `nil` when there are none. The surfaces spell the command that runs it.
    public var syncRange: DateRange?

    /// The sync that fetches the missing days and refreshes the provisional ones, or `nil` when there are none.
    public var syncRequest: SyncRequest? { syncRange.map { SyncRequest(range: $0) } }

    /// The coverage of `range` given the statuses of its stored daily charts.
    public init(range: DateRange, dailyStatuses: [StoredChartStatus], calendar: BoxOfficeCalendar) {
        var stored: [CalendarDate: StoredChartStatus] = [:]
        for status in dailyStatuses
        where status.kind == .daily && status.range.start >= range.start
            && status.range.start <= range.end
        {
            stored[status.range.start] = status
        }
        var missingRuns: [DateRange] = []
        var provisional = 0
        var needsSync: [CalendarDate] = []
        for day in range.days {
            if let status = stored[day] {
                if !calendar.isSettled(lastDay: day, fetchedAt: status.fetchedAt) {
                    provisional += 1
                    needsSync.append(day)
                }
                continue
            }
            needsSync.append(day)
            if let last = missingRuns.last, last.end.adding(days: 1) == day {
                missingRuns[missingRuns.count - 1].end = day
            } else {
                missingRuns.append(DateRange(start: day, end: day))
            }
        }
        days = range.count
        archivedDays = stored.count
        provisionalDays = provisional
        missingDays = days - archivedDays
        missing = missingRuns
        isComplete = missingDays == 0
        if let first = needsSync.first, let last = needsSync.last {
            syncRange = DateRange(start: first, end: last)
        } else {
            syncRange = nil
        }
    }
}
