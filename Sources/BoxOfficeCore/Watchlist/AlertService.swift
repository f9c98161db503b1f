import Foundation

/// Derives and stores the alerts of a daily chart when it is stored, and hands the newly stored ones to a
/// listener. Reads only the store: the day's chart, the day before's, and the watchers of their films in one query.
public struct AlertService: Sendable {
    private let watchlist: any WatchlistRepository
    private let notifications: any AlertRepository
    private let charts: any ChartRepository
    private let calendar: BoxOfficeCalendar
    private let listener: (any AlertListener)?

    public init(
        watchlist: any WatchlistRepository, notifications: any AlertRepository, charts: any ChartRepository,
        calendar: BoxOfficeCalendar, listener: (any AlertListener)? = nil
    ) {
        self.watchlist = watchlist
        self.notifications = notifications
        self.charts = charts
        self.calendar = calendar
        self.listener = listener
    }

    /// Whether storing `chart` can alert anyone: an unfiltered daily chart of the last
    /// ``AlertDerivation/recentDays`` days.
    public func concerns(_ chart: Chart) -> Bool {
        let today = calendar.today
        let day = chart.range.start
        return chart.kind == .daily && chart.filters.isEmpty && day < today
            && day >= today.adding(days: -AlertDerivation.recentDays)
    }

    /// Derives the alerts of the stored `chart` and stores them; returns those stored by this call (none when the
    /// day was derived before, here or on another instance).
    @discardableResult
    public func chartStored(_ chart: Chart) async throws -> [Alert] {
        guard concerns(chart) else { return [] }
        let day = chart.range.start
        let previous = try await charts.storedChart(for: .daily(day.adding(days: -1)))
        var codes = Set(chart.entries.map(\.movieCode))
        for row in previous?.entries ?? [] where row.rank <= 10 { codes.insert(row.movieCode) }
        let watchers = try await watchlist.watchers(movieCodes: codes, openingOn: day)
        let events = AlertDerivation.events(
            chart: chart, previous: previous, watchers: watchers, today: calendar.today)
        guard !events.isEmpty else { return [] }
        let stored = try await notifications.insert(events, createdAt: calendar.currentInstant)
        if !stored.isEmpty, let listener { await listener.alertsStored(stored) }
        return stored
    }
}
