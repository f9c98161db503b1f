import BoxOfficeCore
import Hummingbird

/// The query parameters of chart pages and the chart API (`date`, `range`, `nation`, `multi`,
/// `area`), validated in one place. Empty values count as absent, so a form's "all" option works.
struct ChartRequestParameters: Sendable, Equatable {
    /// The requested day, or `nil` for the default.
    var date: CalendarDate?
    /// The weekly range (`week` when absent); daily charts ignore it.
    var weeklyRange: WeeklyRange
    var filters: ChartFilters

    init(date: CalendarDate? = nil, weeklyRange: WeeklyRange = .week, filters: ChartFilters = .none) {
        self.date = date
        self.weeklyRange = weeklyRange
        self.filters = filters
    }

    /// Parses the parameters with the rules pages, API and CLI share (``ChartInput``); throws ``BoxOfficeError``
    /// (a 400) naming the bad value.
    init(_ query: Parameters) throws(BoxOfficeError) {
        self.init()
        date = try query.nonEmpty("date").map { text throws(BoxOfficeError) in try ChartInput.date(text) }
        if let text = query.nonEmpty("range") { weeklyRange = try ChartInput.weeklyRange(text) }
        filters = try ChartInput.filters(
            nation: query.nonEmpty("nation"), multi: query.nonEmpty("multi"), area: query.nonEmpty("area"))
    }
}

extension ChartRequestParameters {
    /// The daily chart asked for; without a date, yesterday's (the latest KOBIS has).
    func dailyQuery(calendar: BoxOfficeCalendar) -> ChartQuery {
        .daily(date ?? calendar.yesterday, filters: filters)
    }

    /// The weekly chart asked for; without a date, the latest whole week of its range.
    func weeklyQuery(calendar: BoxOfficeCalendar) -> ChartQuery {
        ChartQuery(
            kind: ChartKind(weeklyRange), date: date ?? calendar.latestWeek(weeklyRange).start, filters: filters)
    }
}

extension Parameters {
    /// The value of `name` exactly as sent, or `nil` when missing or empty. Not trimmed: a value with spaces
    /// around it is judged as it is (and refused where a code or number is expected), so the API accepts exactly
    /// what its document says; free text (searched titles) is trimmed where it is used.
    func nonEmpty(_ name: String) -> String? {
        guard let value = get(name), !value.isEmpty else { return nil }
        return value
    }
}
