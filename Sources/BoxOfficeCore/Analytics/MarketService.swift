/// The market from the archive (`/market/…`, `boxoffice market …`): years, days and holiday windows, summed from
/// the market kept beside each stored daily chart (``MarketDay``). It never calls KOBIS.
public struct MarketService: Sendable {
    private let market: any MarketRepository
    private let yearsQuestion: ArchiveQuestion<CalendarDate, MarketYearsReport>
    private let daysQuestion: ArchiveQuestion<DateRange, MarketDaysReport>
    private let holidaysQuestion: ArchiveQuestion<KoreanHoliday, MarketHolidaysReport>
    public let calendar: BoxOfficeCalendar
    /// Where the archived charts came from (`kobis` or `sample`).
    public let source: ChartSource

    /// KOBIS counted every screen from this day on; earlier days carry a note (``MarketYear/partialScreens``).
    public static let wholeScreensFrom = CalendarDate(year: 2011, month: 1, day: 1) ?? CalendarDate(daysSinceEpoch: 0)

    /// The market over `market`, its questions worked out through `gate` (shared with the other archive questions).
    public init(
        market: any MarketRepository, calendar: BoxOfficeCalendar, source: ChartSource,
        gate: AnalyticsGate = AnalyticsGate()
    ) {
        self.market = market
        yearsQuestion = ArchiveQuestion(gate: gate)
        daysQuestion = ArchiveQuestion(gate: gate)
        holidaysQuestion = ArchiveQuestion(gate: gate)
        self.calendar = calendar
        self.source = source
    }

    /// Whether `day` carries the note that KOBIS counted only part of the screens then (KOBIS data before 2011).
    public func hasPartialScreens(_ day: CalendarDate) -> Bool {
        source == .kobis && day < Self.wholeScreensFrom
    }

    /// Every year from the archive's first to yesterday's.
    public func years() async throws -> MarketYearsReport {
        try await yearsQuestion.answer(calendar.yesterday) { _ in try await workOutYears() }
    }

    private func workOutYears() async throws -> MarketYearsReport {
        async let sums = market.yearSums()
        async let compared = market.sameDaySums()
        let byYear = Dictionary(try await sums.map { ($0.year, $0) }) { first, _ in first }
        let comparisons = Dictionary(try await compared.map { ($0.year, $0) }) { first, _ in first }
        let first = calendar.earliestDate
        let last = calendar.yesterday
        guard first <= last else { return MarketYearsReport(source: source, years: []) }
        let years = (first.year...last.year).map { year -> MarketYear in
            let start = Swift.max(first, CalendarDate(year: year, month: 1, day: 1) ?? first)
            let end = Swift.min(last, CalendarDate(year: year, month: 12, day: 31) ?? last)
            let sums = byYear[year]
            let comparison = comparisons[year]
            return MarketYear(
                year: year, days: start.days(to: end) + 1, archivedDays: sums?.archivedDays ?? 0,
                sales: sums?.totals.sales, change: comparison?.change, comparedDays: comparison?.current.days ?? 0,
                outsideShare: sums?.totals.outsideShare, koreanShare: sums?.totals.koreanShare,
                monopolyDays: sums?.monopolyDays ?? 0,
                meanShowHHI: sums?.meanHerfindahl.map { ($0 * 10).rounded() / 10 },
                partialScreens: hasPartialScreens(start))
        }
        return MarketYearsReport(source: source, years: years)
    }

    /// The market of `range` (read by ``MarketPeriod``): at most ``MarketPeriod/maximumDays`` days.
    public func days(_ range: DateRange) async throws -> MarketDaysReport {
        guard range.start <= range.end, range.count <= MarketPeriod.maximumDays else {
            throw BoxOfficeError.invalid(
                "to", .rangeTooLong(maximumDays: MarketPeriod.maximumDays), value: range.end.isoString)
        }
        return try await daysQuestion.answer(range) { try await workOutDays($0) }
    }

    private func workOutDays(_ range: DateRange) async throws -> MarketDaysReport {
        let previousRange = MarketComparison.previousRange(of: range)
        async let kept = market.marketDays(in: range)
        async let previous = market.marketDays(in: previousRange)
        async let films = market.filmShares(in: range)
        return MarketDaysReport(
            range: range, source: source, kept: try await kept, previous: try await previous, films: try await films,
            partialScreens: hasPartialScreens(range.start))
    }

    /// Every year's window of `holiday` that has begun, from the archive's first year.
    public func holidays(_ holiday: KoreanHoliday) async throws -> MarketHolidaysReport {
        return try await holidaysQuestion.answer(holiday) { try await workOutHolidays($0) }
    }

    private func workOutHolidays(_ holiday: KoreanHoliday) async throws -> MarketHolidaysReport {
        let first = calendar.earliestDate
        let last = calendar.yesterday
        let windows = KoreanHolidayTable.windows(holiday).compactMap { window -> (HolidayWindow, DateRange)? in
            let start = Swift.max(window.days.start, first)
            let end = Swift.min(window.days.end, last)
            return start <= end ? (window, DateRange(start: start, end: end)) : nil
        }
        let days = windows.flatMap { $0.1.days }
        async let kept = market.marketDays(on: days)
        async let films = market.filmSales(on: days)
        let keptDays = try await kept
        let filmDays = try await films
        var rows: [MarketHolidayWindow] = []
        var previousTotals: MarketTotals?
        for (window, range) in windows {
            // Only whole windows, wholly archived, are compared.
            let complete = range == window.days ? MarketHolidayWindow.completeTotals(range: range, kept: keptDays) : nil
            rows.append(
                MarketHolidayWindow(
                    window: window, range: range, kept: keptDays, films: filmDays,
                    previous: complete == nil ? nil : previousTotals, partialScreens: hasPartialScreens(range.start)))
            previousTotals = complete
        }
        return MarketHolidaysReport(holiday: holiday, source: source, windows: rows)
    }
}
