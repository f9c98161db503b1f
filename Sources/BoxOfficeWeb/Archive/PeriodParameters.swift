import BoxOfficeCore
import Hummingbird

/// The query of `/charts/period` and `/api/v1/charts/period`: `from`/`to`, `month` or `year`, and `limit`.
struct PeriodParameters: Sendable, Equatable {
    /// How the period was named, for the page's previous/next links.
    enum Selection: Sendable, Equatable {
        case month(CalendarDate)
        case year(Int)
        case range
        /// Nothing given: the month holding yesterday.
        case current
    }

    var range: DateRange
    var selection: Selection
    var limit: Int

    /// Parses and checks the parameters against today in Seoul; throws ``BoxOfficeError`` (a 400) naming the bad value.
    init(_ query: Parameters, calendar: BoxOfficeCalendar) throws(BoxOfficeError) {
        let month = query.nonEmpty("month")
        let year = query.nonEmpty("year")
        range = try ArchivePeriod.range(
            from: query.nonEmpty("from"), to: query.nonEmpty("to"), month: month, year: year, calendar: calendar)
        if let month, let first = CalendarDate(month + "-01") {
            selection = .month(first)
        } else if let year, let number = Int(year) {
            selection = .year(number)
        } else if query.nonEmpty("from") != nil {
            selection = .range
        } else {
            selection = .current
        }
        limit = try ArchivePeriod.limit(query.nonEmpty("limit"))
    }
}
