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

    /// The holiday of `/market/holidays`; none is 추석.
    static func holiday(_ query: Parameters) throws(BoxOfficeError) -> KoreanHoliday {
        try KoreanHoliday(parameter: query.nonEmpty("holiday"))
    }
}
