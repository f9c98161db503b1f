import BoxOfficeCore
import Hummingbird

/// The query of `/market/days` and `/api/v1/market/days` (`from`/`to`, `month` or `year`, read by ``MarketPeriod``),
/// and of `/market/holidays` (`holiday`, read by ``KoreanHoliday``).
struct MarketParameters: Sendable, Equatable {
    /// How the period was named, for the page's previous and next links.
    enum Selection: Sendable, Equatable {
        case month(CalendarDate)
        case year(Int)
        case range
        /// Nothing given: the year holding yesterday.
        case current
    }

    var range: DateRange
    var selection: Selection

    /// Parses and checks the period against today in Seoul; throws ``BoxOfficeError`` (a 400) naming the bad value.
    init(_ query: Parameters, calendar: BoxOfficeCalendar) throws(BoxOfficeError) {
        let month = query.nonEmpty("month")
        let year = query.nonEmpty("year")
        let from = query.nonEmpty("from")
        range = try MarketPeriod.range(
            from: from, to: query.nonEmpty("to"), month: month, year: year, calendar: calendar)
        if let month, let first = CalendarDate(month + "-01") {
            selection = .month(first)
        } else if let year, let number = Int(year) {
            selection = .year(number)
        } else if from != nil {
            selection = .range
        } else {
            selection = .current
        }
    }

    /// The query of the period just before (`previous`) or after this one, named as this one was: the month or year
    /// beside it, or as many days as the range holds (cut at the archive's first day and at yesterday); nil when the
    /// archive has no day there.
    func neighbour(previous: Bool, earliest: CalendarDate, latest: CalendarDate) -> [(name: String, value: String?)]? {
        switch selection {
        case .month(let first):
            let month = previous ? first.adding(days: -1).firstOfMonth : first.lastOfMonth.adding(days: 1)
            guard month.lastOfMonth >= earliest, month <= latest else { return nil }
            return [("month", String(month.isoString.prefix(7)))]
        case .year, .current:
            let year = range.start.year + (previous ? -1 : 1)
            guard range.end.year == range.start.year, year >= earliest.year, year <= latest.year else { return nil }
            return [("year", String(year))]
        case .range:
            let count = range.count
            let start = previous ? max(earliest, range.start.adding(days: -count)) : range.end.adding(days: 1)
            let end = previous ? range.start.adding(days: -1) : min(latest, range.end.adding(days: count))
            guard start <= end, start >= earliest, end <= latest else { return nil }
            return [("from", start.isoString), ("to", end.isoString)]
        }
    }

    /// The holiday of `/market/holidays`; none is 추석.
    static func holiday(_ query: Parameters) throws(BoxOfficeError) -> KoreanHoliday {
        try KoreanHoliday(parameter: query.nonEmpty("holiday"))
    }
}
