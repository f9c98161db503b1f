/// Reads one film's archived rows, for its run.
public protocol FilmRunRepository: Sendable {
    /// The film's rows in every archived unfiltered daily, weekend, week and weekdays chart, and the archive's first
    /// day.
    func filmHistory(movieCode: String, source: ChartSource) async throws -> FilmHistory
    /// The histories of `movieCodes` (as ``filmHistory(movieCode:source:)``), by code, read together.
    func filmHistories(movieCodes: [String], source: ChartSource) async throws -> [String: FilmHistory]
    /// Up to `limit` charted films whose title, Korean or English (case ignored), contains `text`, the one whose final
    /// total is latest first.
    func films(titled text: String, limit: Int) async throws -> [ArchivedFilm]
    /// The archive's latest daily chart's day, `nil` when it holds none.
    func archiveEnd() async throws -> CalendarDate?
    /// For ``TenMillionOutlook``: at most `limit` films nearest to `near` (ties by code) whose kept first-run cumulative
    /// on day of run `day` lies in `audience`, opened in `since` or later, last archived on or before `lastDay`, other
    /// than `movieCode`. Read through the kept paces' index, never the archive's rows.
    func outlookCandidates(
        day: Int, audience: ClosedRange<Int64>, near: Int64, since: Int, lastDay: CalendarDate,
        excluding movieCode: String,
        limit: Int
    ) async throws -> [TenMillionOutlook.Candidate]
    /// How many other films' kept first-run cumulative on day `day` is known, and how many exceed `audience`.
    func outlookStanding(day: Int, audience: Int64, excluding movieCode: String) async throws
        -> TenMillionOutlook.Standing
    /// The kept median line (``MedianPace``) of the ``MedianPace/maximumFilms`` films fastest to
    /// ``MedianPace/milestone`` whose first run lies whole in the archive (``FilmRun/Reach/full``): one row, kept as
    /// their paces change, never their paces read.
    func medianPace() async throws -> MedianPace
}

/// A film the archive holds, as a search names it.
public struct ArchivedFilm: Sendable, Hashable, Codable {
    public var movieCode: String
    public var title: String
    public var openDate: CalendarDate?

    public init(movieCode: String, title: String, openDate: CalendarDate?) {
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
    }
}
