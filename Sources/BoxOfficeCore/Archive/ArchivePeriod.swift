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
            return try clamp(
                DateRange(start: start, end: start.adding(days: daysInMonth(start) - 1)), "month", month, calendar)
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
            let first = CalendarDate(year: yesterday.year, month: yesterday.month, day: 1)!
            return DateRange(start: max(first, calendar.earliestDate), end: yesterday)
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

    /// Parses a `YYYY-MM-DD` day (exactly that form).
    public static func parseDay(_ text: String, name: String) throws(BoxOfficeError) -> CalendarDate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count == 10, let date = CalendarDate(trimmed) else {
            throw .invalid(name, .dayFormat, value: text)
        }
        return date
    }

    private static func parseMonth(_ text: String) -> CalendarDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1])
        else { return nil }
        return CalendarDate(year: year, month: month, day: 1)
    }

    private static func daysInMonth(_ first: CalendarDate) -> Int {
        let next =
            first.month == 12
            ? CalendarDate(year: first.year + 1, month: 1, day: 1)!
            : CalendarDate(year: first.year, month: first.month + 1, day: 1)!
        return first.days(to: next)
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

/// How much of a period the archive holds: which days have a stored daily chart, which are missing, and
/// which are still provisional (fetched before their figures settled).
public struct ArchiveCoverage: Codable, Sendable, Hashable {
    /// Days in the period.
    public var days: Int
    /// Days with a stored daily chart.
    public var archivedDays: Int
    /// Stored days whose figures may still change (fetched before the day after next, 00:00 KST).
    public var provisionalDays: Int
    /// Days with no stored daily chart.
    public var missingDays: Int
    /// The missing days as runs of consecutive days, oldest first.
    public var missing: [DateRange]
    /// True when every day of the period is archived.
    public var isComplete: Bool
    /// The command that fetches the missing (and refreshes the provisional) days, or `nil` when there are none.
    public var syncCommand: String?

    /// The coverage of `range` given the statuses of its stored daily charts.
    public init(range: DateRange, dailyStatuses: [StoredChartStatus], calendar: BoxOfficeCalendar) {
        var stored: [CalendarDate: StoredChartStatus] = [:]
        for status in dailyStatuses
        where status.kind == .daily && status.range.start >= range.start
            && status.range.start <= range.end
        {
            stored[status.range.start] = status
        }
        var missingRuns: [DateRange] = []
        var provisional = 0
        var needsSync: [CalendarDate] = []
        for day in range.days {
            if let status = stored[day] {
                if !calendar.isSettled(lastDay: day, fetchedAt: status.fetchedAt) {
                    provisional += 1
                    needsSync.append(day)
                }
                continue
            }
            needsSync.append(day)
            if let last = missingRuns.last, last.end.adding(days: 1) == day {
                missingRuns[missingRuns.count - 1].end = day
            } else {
                missingRuns.append(DateRange(start: day, end: day))
            }
        }
        days = range.count
        archivedDays = stored.count
        provisionalDays = provisional
        missingDays = days - archivedDays
        missing = missingRuns
        isComplete = missingDays == 0
        if let first = needsSync.first, let last = needsSync.last {
            // A field of the period API's JSON (README, openapi.json), so the core spells it; the surfaces spell
            // their own sync commands.
            syncCommand = "boxoffice sync --from \(first) --to \(last)"
        } else {
            syncCommand = nil
        }
    }
}
