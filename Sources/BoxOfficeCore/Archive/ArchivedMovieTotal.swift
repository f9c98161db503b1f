/// One film's figures summed over the archived daily charts (top 10s) of a period.
public struct ArchivedMovieTotal: Sendable, Hashable {
    public var movieCode: String
    /// The film's title as the period's charts give it.
    public var title: String
    public var openDate: CalendarDate?
    /// Audience summed over the days the film was in the daily top 10.
    public var audience: Int64
    /// Sales (KRW) summed the same way.
    public var sales: Int64
    /// Days in the period on which the film was in the archived top 10.
    public var days: Int
    /// Its best daily rank in the period.
    public var bestRank: Int
    public var firstDay: CalendarDate
    public var lastDay: CalendarDate
    /// The representative nation from stored movie details (`한국`, `미국`, …), `nil` when not known yet.
    public var representativeNation: String?

    public init(
        movieCode: String, title: String, openDate: CalendarDate?, audience: Int64, sales: Int64, days: Int,
        bestRank: Int, firstDay: CalendarDate, lastDay: CalendarDate, representativeNation: String?
    ) {
        self.movieCode = movieCode
        self.title = title
        self.openDate = openDate
        self.audience = audience
        self.sales = sales
        self.days = days
        self.bestRank = bestRank
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.representativeNation = representativeNation
    }

    /// Korean, foreign or unknown.
    public var nationality: MovieNationality { MovieNationality(representativeNation: representativeNation) }
}
