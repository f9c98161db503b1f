/// A film's line in one archived unfiltered chart: a daily chart (`start == end`) or a weekend chart (Friday to
/// Sunday). The raw material of every run measure.
public struct FilmRow: Sendable, Hashable, Codable {
    /// The chart's first day.
    public var start: CalendarDate
    /// The chart's last day (the same day for a daily chart).
    public var end: CalendarDate
    public var rank: Int
    public var title: String
    public var openDate: CalendarDate?
    /// Admissions in the chart's period.
    public var audience: Int64
    /// Admissions from the first preview to the chart's last day (KOBIS's `audiAcc`).
    public var audienceTotal: Int64
    public var sales: Int64
    public var salesTotal: Int64
    public var screens: Int
    public var shows: Int

    public init(
        start: CalendarDate, end: CalendarDate, rank: Int, title: String, openDate: CalendarDate?, audience: Int64,
        audienceTotal: Int64, sales: Int64, salesTotal: Int64, screens: Int, shows: Int
    ) {
        self.start = start
        self.end = end
        self.rank = rank
        self.title = title
        self.openDate = openDate
        self.audience = audience
        self.audienceTotal = audienceTotal
        self.sales = sales
        self.salesTotal = salesTotal
        self.screens = screens
        self.shows = shows
    }

    /// The admissions known up to the day before the chart's period (`audiAcc − audiCnt`), never below zero.
    public var audienceBefore: Int64 {
        let (difference, overflow) = audienceTotal.subtractingReportingOverflow(audience)
        return overflow ? 0 : Swift.max(0, difference)
    }
}

/// Everything the archive holds of one film: its daily and weekend rows, and the archive's first day.
public struct FilmHistory: Sendable, Hashable {
    public var movieCode: String
    /// Its rows in archived daily charts, oldest first.
    public var daily: [FilmRow]
    /// Its rows in archived weekend (Friday–Sunday) charts, oldest first.
    public var weekends: [FilmRow]
    /// The first day the archive holds a daily chart of, `nil` when it holds none.
    public var archiveStart: CalendarDate?
    /// Where the charts came from: KOBIS data before 2011 carries the era note.
    public var source: ChartSource

    public init(
        movieCode: String, daily: [FilmRow], weekends: [FilmRow], archiveStart: CalendarDate?, source: ChartSource
    ) {
        self.movieCode = movieCode
        self.daily = daily.sorted { $0.start < $1.start }
        self.weekends = weekends.sorted { $0.start < $1.start }
        self.archiveStart = archiveStart
        self.source = source
    }
}
