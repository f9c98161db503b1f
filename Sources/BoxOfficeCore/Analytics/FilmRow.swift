/// A film's line in one archived unfiltered chart: a daily chart (`start == end`) or a weekly one (Monday to Sunday,
/// Friday to Sunday, Monday to Thursday). The raw material of every run measure.
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

    /// A daily chart's row: its period is one day.
    public var isDaily: Bool { start == end }

    /// Orders rows by the day their periods end, a daily row before a weekly one ending the same day.
    public static func endsEarlier(_ a: FilmRow, _ b: FilmRow) -> Bool {
        a.end != b.end ? a.end < b.end : a.isDaily && !b.isDaily
    }

    /// The admissions known up to the day before the chart's period (`audiAcc − audiCnt`), never below zero.
    public var audienceBefore: Int64 {
        let (difference, overflow) = audienceTotal.subtractingReportingOverflow(audience)
        return overflow ? 0 : Swift.max(0, difference)
    }
}

/// Everything the archive holds of one film: its daily, weekend and other weekly rows, and the archive's first day.
public struct FilmHistory: Sendable, Hashable {
    public var movieCode: String
    /// Its rows in archived daily charts, oldest first.
    public var daily: [FilmRow]
    /// Its rows in archived weekend (Friday–Sunday) charts, oldest first.
    public var weekends: [FilmRow]
    /// Its rows in archived week (Monday–Sunday) and weekday (Monday–Thursday) charts, oldest first: more days whose
    /// cumulative the archive knows, when the film is out of the daily top 10.
    public var weeks: [FilmRow]
    /// The first day the archive holds a daily chart of, `nil` when it holds none.
    public var archiveStart: CalendarDate?
    /// Where the charts came from: KOBIS data before 2011 carries the era note.
    public var source: ChartSource

    public init(
        movieCode: String, daily: [FilmRow], weekends: [FilmRow], weeks: [FilmRow] = [], archiveStart: CalendarDate?,
        source: ChartSource
    ) {
        self.movieCode = movieCode
        self.daily = daily.sorted { $0.start < $1.start }
        self.weekends = weekends.sorted { $0.start < $1.start }
        self.weeks = weeks.sorted { ($0.end, $0.start) < ($1.end, $1.start) }
        self.archiveStart = archiveStart
        self.source = source
    }
}

extension FilmHistory {
    /// Every row, daily or weekly.
    public var rows: [FilmRow] { daily + weekends + weeks }

    /// Whether the archive holds no row of the film.
    public var isEmpty: Bool { daily.isEmpty && weekends.isEmpty && weeks.isEmpty }

    /// The film's latest archived row: the one whose period ends last, a daily row before a weekly one ending the
    /// same day.
    public var latest: FilmRow? {
        let weekly = (weekends + weeks).max { $0.end < $1.end }
        guard let day = daily.last else { return weekly }
        guard let weekly, weekly.end > day.end else { return day }
        return weekly
    }
}
