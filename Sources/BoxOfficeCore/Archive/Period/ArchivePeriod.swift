import Foundation

/// Reads and checks the period of an archive query (`from`/`to`, `month` or `year`), the same way for
/// the web app and the CLI.
public enum ArchivePeriod {
    /// The period the parameters name, checked against today in Seoul.
    ///
    /// - `from` and `to` (`YYYY-MM-DD`, both required): that range; it must lie between the first day of
    ///   data and yesterday, and `from` must not be after `to`.
    /// - `month` (`YYYY-MM`) or `year` (`YYYY`): that month or year, cut to the days that have charts
    ///   (a running month ends yesterday).
    /// - none: the month holding yesterday, up to yesterday.
    ///
    /// - Throws: ``BoxOfficeError/invalid(_:)`` naming the bad value.
    public static func range(
        from: String?, to: String?, month: String?, year: String?, calendar: BoxOfficeCalendar
    ) throws(BoxOfficeError) -> DateRange {
        let given = [from != nil || to != nil, month != nil, year != nil].filter { $0 }.count
        if given > 1 {
            throw .invalid(nil, .exclusive(["from", "month", "year"]))
        }
        if let month {
            guard let start = parseMonth(month) else {
                throw .invalid("month", .monthFormat, value: month)
            }
            return try clamp(DateRange(start: start, end: start.lastOfMonth), "month", month, calendar)
        }
        if let year {
            guard year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(year),
                let start = CalendarDate(year: number, month: 1, day: 1),
                let end = CalendarDate(year: number, month: 12, day: 31)
            else {
                throw .invalid("year", .yearFormat, value: year)
            }
            return try clamp(DateRange(start: start, end: end), "year", year, calendar)
        }
        if from == nil && to == nil {
            let yesterday = calendar.yesterday
            return DateRange(start: max(yesterday.firstOfMonth, calendar.earliestDate), end: yesterday)
        }
        guard let from else { throw .invalid("from", .together(with: "to")) }
        guard let to else { throw .invalid("to", .together(with: "from")) }
        let range = DateRange(start: try parseDay(from, name: "from"), end: try parseDay(to, name: "to"))
        try validate(range, calendar: calendar)
        return range
    }

    /// Checks an explicit range: not reversed, not before the data begins, not today or later.
    public static func validate(_ range: DateRange, calendar: BoxOfficeCalendar) throws(BoxOfficeError) {
        if range.start > range.end {
            throw .invalid("from", .reversed(start: range.start, end: range.end), value: range.start.isoString)
        }
        if range.end >= calendar.today {
            let latest = calendar.yesterday
            throw .invalid(
                "to", range.end == calendar.today ? .today(latest: latest) : .future(latest: latest),
                value: range.end.isoString)
        }
        if range.start < calendar.earliestDate {
            throw .invalid("from", .beforeData(earliest: calendar.earliestDate), value: range.start.isoString)
        }
    }

    /// How many films a period chart lists: 1…``ArchiveService/maximumLimit`` written in digits; none (or empty) is
    /// ``ArchiveService/defaultLimit``.
    public static func limit(_ text: String?) throws(BoxOfficeError) -> Int {
        guard let text, !text.isEmpty else { return ArchiveService.defaultLimit }
        guard let limit = Int(text), (1...ArchiveService.maximumLimit).contains(limit) else {
            throw .invalid("limit", .wholeNumber(1...ArchiveService.maximumLimit), value: text)
        }
        return limit
    }

    /// Parses a `YYYY-MM-DD` day (exactly that form).
    public static func parseDay(_ text: String, name: String) throws(BoxOfficeError) -> CalendarDate {
        try DayText.parse(text.trimmingCharacters(in: .whitespaces), field: name)
    }

    private static func parseMonth(_ text: String) -> CalendarDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        return CalendarDate(year: year, month: month, day: 1)
    }

    /// A named month or year, cut to the days that have charts.
    private static func clamp(
        _ range: DateRange, _ name: String, _ value: String, _ calendar: BoxOfficeCalendar
    ) throws(BoxOfficeError)
        -> DateRange
    {
        if range.start > calendar.yesterday {
            throw .invalid(name, .periodNotCounted(latest: calendar.yesterday), value: value)
        }
        if range.end < calendar.earliestDate {
            throw .invalid(name, .beforeData(earliest: calendar.earliestDate), value: value)
        }
        return DateRange(start: max(range.start, calendar.earliestDate), end: min(range.end, calendar.yesterday))
    }
}
