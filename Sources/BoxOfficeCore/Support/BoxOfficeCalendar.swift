public import Foundation

/// Dates as the Korean box office counts them: days in Asia/Seoul, whatever the server's zone.
///
/// The clock is injected, so tests can stand at any instant.
public struct BoxOfficeCalendar: Sendable {
    /// Asia/Seoul (UTC+9, no daylight saving since 1988).
    public static let seoul = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600)!
    /// The first day the archive and the simulator know.
    public static let defaultEarliestDate = CalendarDate(year: 2004, month: 1, day: 1)!

    /// The earliest date charts may be asked for.
    public let earliestDate: CalendarDate
    private let now: @Sendable () -> Date

    public init(
        earliestDate: CalendarDate = BoxOfficeCalendar.defaultEarliestDate,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.earliestDate = earliestDate
        self.now = now
    }

    /// The current instant.
    public var currentInstant: Date { now() }
    /// Today in Seoul.
    public var today: CalendarDate { CalendarDate(now(), in: Self.seoul) }
    /// Yesterday in Seoul: the latest day with a daily chart, and the default.
    public var yesterday: CalendarDate { today.adding(days: -1) }

    /// The next midnight in Seoul, when "yesterday" (and so the default chart and the pickers' limits) moves on.
    public var nextDayStart: Date { today.adding(days: 1).startInstant(in: Self.seoul) }

    /// Checks that `date` has a daily chart: not today or later, not before the data begins.
    public func validateDaily(_ date: CalendarDate) throws(BoxOfficeError) {
        if date >= today {
            throw .invalid(
                "date", date == today ? .today(latest: yesterday) : .future(latest: yesterday), value: date.isoString)
        }
        if date < earliestDate {
            throw .invalid("date", .beforeData(earliest: earliestDate), value: date.isoString)
        }
    }

    /// The days a weekly chart of `range` covers for the week (Mon–Sun) containing `date`.
    public static func weekRange(_ range: WeeklyRange, containing date: CalendarDate) -> DateRange {
        let monday = date.adding(days: 1 - date.isoWeekday)
        switch range {
        case .week: return DateRange(start: monday, end: monday.adding(days: 6))
        case .weekend: return DateRange(start: monday.adding(days: 4), end: monday.adding(days: 6))
        case .weekdays: return DateRange(start: monday, end: monday.adding(days: 3))
        }
    }

    /// Checks that the weekly chart for `date` covers only finished days. A week not over, this one or a future one,
    /// is named by its days: `date` may be a day the reader did not give (the week's first).
    public func validateWeekly(_ range: WeeklyRange, date: CalendarDate) throws(BoxOfficeError) {
        let days = Self.weekRange(range, containing: date)
        if days.end >= today {
            throw .invalid("date", .weekNotOver(range, days: days, latest: latestWeek(range)), value: date.isoString)
        }
        if days.start < earliestDate {
            let first = Self.weekRange(range, containing: earliestDate)
            let earliest =
                first.start < earliestDate ? Self.weekRange(range, containing: earliestDate.adding(days: 7)) : first
            throw .invalid("date", .weekBeforeData(range, days: days, earliest: earliest), value: date.isoString)
        }
    }

    /// The latest weekly range of this kind that has fully ended (the default weekly chart).
    public func latestWeek(_ range: WeeklyRange) -> DateRange {
        let thisWeek = Self.weekRange(range, containing: yesterday)
        return thisWeek.end <= yesterday ? thisWeek : Self.weekRange(range, containing: yesterday.adding(days: -7))
    }

    /// When a chart covering up to `lastDay` stops changing: `lastDay` + 2 days, 00:00 in Seoul.
    /// KOBIS keeps revising a day's figures until the next morning.
    public func settledInstant(after lastDay: CalendarDate) -> Date {
        lastDay.adding(days: 2).startInstant(in: Self.seoul)
    }

    /// Whether data for up to `lastDay` fetched at `fetchedAt` is final.
    public func isSettled(lastDay: CalendarDate, fetchedAt: Date) -> Bool {
        fetchedAt >= settledInstant(after: lastDay)
    }

    /// ISO-8601 week-numbering year and week (`YYYYWW`), which is how KOBIS labels weekly charts.
    public static func isoYearWeek(of date: CalendarDate) -> String {
        let thursday = date.adding(days: 4 - date.isoWeekday)
        let week = thursday.firstOfYear.days(to: thursday) / 7 + 1
        return String(format: "%04d%02d", thursday.year, week)
    }
}

extension WeeklyRange {
    /// `week`, `weekend` or `weekdays`: the names the contract uses.
    public var contractName: String {
        switch self {
        case .week: return "week"
        case .weekend: return "weekend"
        case .weekdays: return "weekdays"
        }
    }

    /// Parses `week`, `weekend` or `weekdays`.
    public init?(contractName: String) {
        switch contractName.lowercased() {
        case "week": self = .week
        case "weekend": self = .weekend
        case "weekdays": self = .weekdays
        default: return nil
        }
    }
}
