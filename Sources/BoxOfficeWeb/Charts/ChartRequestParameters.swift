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

    /// Parses the parameters; throws ``BoxOfficeError`` (a 400) naming the bad value.
    init(_ query: Parameters) throws(BoxOfficeError) {
        self.init()
        if let text = query.nonEmpty("date") {
            guard let parsed = CalendarDate(text), text.count == 10 else {
                throw .invalid("date", .dayFormat, value: text)
            }
            date = parsed
        }
        if let text = query.nonEmpty("range") {
            guard let parsed = WeeklyRange(contractName: text) else {
                throw .invalid("range", .oneOf(["week", "weekend", "weekdays"]), value: text)
            }
            weeklyRange = parsed
        }
        if let text = query.nonEmpty("nation") {
            guard let parsed = NationFilter(rawValue: text.uppercased()) else {
                throw .invalid("nation", .oneOf(["K", "F"]), value: text)
            }
            filters.nation = parsed
        }
        if let text = query.nonEmpty("multi") {
            guard let parsed = MultiMovieFilter(rawValue: text.uppercased()) else {
                throw .invalid("multi", .oneOf(["Y", "N"]), value: text)
            }
            filters.multiMovie = parsed
        }
        if let text = query.nonEmpty("area") {
            guard text.count <= 20, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .invalid("area", .regionCode, value: text)
            }
            filters.areaCode = text
        }
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
