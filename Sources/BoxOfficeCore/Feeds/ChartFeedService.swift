import Foundation

/// The charts behind the public Atom feeds: only what is already stored (a feed reader's poll never calls KOBIS),
/// newest first, unfiltered.
public struct ChartFeedService: Sendable {
    /// How many days (daily feed) or weeks (weekly feed) a feed looks back.
    public static let defaultSpan = 30

    private let charts: any ChartRepository
    public let calendar: BoxOfficeCalendar
    /// Where the stored charts come from; part of every entry's id so sample and KOBIS entries never share one.
    public let source: ChartSource

    public init(charts: any ChartRepository, calendar: BoxOfficeCalendar, source: ChartSource) {
        self.charts = charts
        self.calendar = calendar
        self.source = source
    }

    /// The stored daily charts with rows of the last `span` days up to yesterday, newest first.
    public func recentDailyCharts(span: Int = ChartFeedService.defaultSpan) async throws -> [Chart] {
        let end = calendar.yesterday
        let range = DateRange(start: end.adding(days: -(max(span, 1) - 1)), end: end)
        return try await charts.dailyCharts(in: range).filter { !$0.entries.isEmpty }.reversed()
    }

    /// The stored weekly (Monday–Sunday) charts with rows of the last `span` ended weeks, newest first.
    public func recentWeeklyCharts(span: Int = ChartFeedService.defaultSpan) async throws -> [Chart] {
        let latest = calendar.latestWeek(.week)
        var found: [Chart] = []
        for back in 0..<max(span, 1) {
            let query = ChartQuery(kind: .week, date: latest.start.adding(days: -7 * back))
            if let chart = try await charts.storedChart(for: query), !chart.entries.isEmpty { found.append(chart) }
        }
        return found
    }

    /// A stable, language-independent Atom id (RFC 4151 `tag:`) for a chart: `tag:boxoffice,2024:kobis/daily/2024-03-15`.
    public func entryID(for chart: Chart) -> String {
        "\(feedID(kind: chart.kind))/\(chart.range.start.isoString)"
    }

    /// The id of the feed of `kind` charts: `tag:boxoffice,2024:kobis/daily`.
    public func feedID(kind: ChartKind) -> String {
        "tag:boxoffice,2024:\(source.rawValue)/\(kind.rawValue)"
    }
}
