/// Why a range cannot be backfilled, for a message in the page's language.
public enum BackfillRangeProblem: Error, Sendable, Hashable {
    /// `from` is after `to`.
    case reversed
    /// `to` is today or later in Seoul; `latest` is yesterday.
    case notCountedYet(latest: CalendarDate)
    /// `from` is before the data begins.
    case beforeData(earliest: CalendarDate)
    /// More days than one job may cover.
    case tooLong(maximumDays: Int)

    /// The same as input that breaks a rule, for the API.
    public func inputProblem(_ range: DateRange, calendar: BoxOfficeCalendar) -> InputProblem {
        switch self {
        case .reversed:
            return InputProblem("from", .reversed(start: range.start, end: range.end), value: range.start.isoString)
        case .notCountedYet(let latest):
            return InputProblem(
                "to", range.end == calendar.today ? .today(latest: latest) : .future(latest: latest),
                value: range.end.isoString)
        case .beforeData(let earliest):
            return InputProblem("from", .beforeData(earliest: earliest), value: range.start.isoString)
        case .tooLong(let days):
            return InputProblem(nil, .rangeTooLong(maximumDays: days))
        }
    }
}
