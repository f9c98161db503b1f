public import Foundation

/// The chart work of a sync: which charts to fetch and why the others are skipped.
public struct SyncPlan: Sendable, Hashable {
    /// Charts to fetch, oldest first: daily charts, then weekly ones.
    public var items: [SyncItem]
    /// Charts with no stored copy.
    public var missing: Int
    /// Provisional charts whose refresh is due.
    public var provisional: Int
    /// Charts already settled in the store: never fetched again.
    public var settled: Int
    /// Provisional charts fetched so recently that refetching them would waste calls.
    public var recentlyFetched: Int

    /// Plans `request` from what the store holds.
    ///
    /// A chart is fetched when it is missing, or when it is provisional (fetched before its last day + 2 days,
    /// 00:00 KST) and was fetched at least `provisionalTTL` ago, the same rule the chart pages follow.
    public init(
        request: SyncRequest, dailyStatuses: [StoredChartStatus], weeklyStatuses: [StoredChartStatus],
        calendar: BoxOfficeCalendar, provisionalTTL: TimeInterval
    ) {
        var items: [SyncItem] = []
        var missing = 0
        var provisional = 0
        var settled = 0
        var recent = 0
        func consider(_ query: ChartQuery, stored: StoredChartStatus?) {
            guard let stored else {
                missing += 1
                items.append(.chart(query))
                return
            }
            if calendar.isSettled(lastDay: query.range.end, fetchedAt: stored.fetchedAt) {
                settled += 1
            } else if calendar.currentInstant.timeIntervalSince(stored.fetchedAt) < provisionalTTL {
                recent += 1
            } else {
                provisional += 1
                items.append(.chart(query))
            }
        }
        let daily = Dictionary(dailyStatuses.map { ($0.range.start, $0) }, uniquingKeysWith: { a, _ in a })
        for day in request.range.days {
            consider(.daily(day), stored: daily[day])
        }
        if request.includeWeekly {
            let weekly = Dictionary(
                weeklyStatuses.map { (WeeklyKey(kind: $0.kind, start: $0.range.start), $0) },
                uniquingKeysWith: { a, _ in a })
            for week in Self.weeks(overlapping: request.range, calendar: calendar) {
                for range in request.weeklyRanges {
                    let query = ChartQuery(kind: ChartKind(range), date: week.start)
                    consider(query, stored: weekly[WeeklyKey(kind: query.kind, start: query.range.start)])
                }
            }
        }
        self.items = items
        self.missing = missing
        self.provisional = provisional
        self.settled = settled
        self.recentlyFetched = recent
    }

    /// A stored weekly chart: its range and the day it starts.
    private struct WeeklyKey: Hashable {
        var kind: ChartKind
        var start: CalendarDate
    }

    /// The Mon–Sun weeks that overlap `range` and are over (end before today in Seoul), oldest first.
    public static func weeks(overlapping range: DateRange, calendar: BoxOfficeCalendar) -> [DateRange] {
        var weeks: [DateRange] = []
        var week = BoxOfficeCalendar.weekRange(.week, containing: range.start)
        while week.start <= range.end {
            if week.end < calendar.today && week.start >= calendar.earliestDate { weeks.append(week) }
            week = DateRange(start: week.start.adding(days: 7), end: week.end.adding(days: 7))
        }
        return weeks
    }

    /// The range of stored-status lookups a request needs (its days, widened to whole weeks with `--weekly`).
    public static func statusRange(for request: SyncRequest) -> DateRange {
        guard request.includeWeekly else { return request.range }
        return DateRange(
            start: BoxOfficeCalendar.weekRange(.week, containing: request.range.start).start,
            end: BoxOfficeCalendar.weekRange(.week, containing: request.range.end).end)
    }
}
