/// A film's run and the pace of the films it is compared with: the answer of `/api/v1/movies/{code}/run`.
public struct FilmRunReport: Codable, Sendable, Hashable {
    /// Another film's cumulative admissions by day of run.
    public struct Pace: Codable, Sendable, Hashable {
        public var movieCode: String
        /// From its stored details when the archive holds no day of it.
        public var title: String?
        public var openDate: CalendarDate?
        /// What the archive lets its run say: ``FilmRun/Reach/noArchivedDay`` for a film no chart lists.
        public var reach: FilmRun.Reach
        public var pace: [FilmRun.PacePoint]

        /// Whether the archive charts the film but KOBIS gives it no open date, so no day of run can be counted.
        public var lacksOpenDate: Bool { reach != .noArchivedDay && openDate == nil }

        public init(run: FilmRun) {
            movieCode = run.movieCode
            title = run.title
            openDate = run.openDate
            reach = run.reach
            pace = run.pace
        }
    }

    public var run: FilmRun
    public var compared: [Pace]
    public var source: ChartSource
    /// The median pace of the films whose first run reached 1000만, when the archive holds any.
    public var median: MedianPace?
    /// 천만 전망, while the film is in its first run at day 1…60 (`nil` otherwise).
    public var outlook: TenMillionOutlook?
    /// The English titles of the films it names (``NamesFilms``): those of films no chart lists, from their stored
    /// details, and the archive's, once ``ArchiveService/withEnglishTitles(_:)`` added them.
    public var englishTitles: [String: String]?

    public init(
        run: FilmRun, compared: [Pace], source: ChartSource, median: MedianPace? = nil,
        outlook: TenMillionOutlook? = nil
    ) {
        self.run = run
        self.compared = compared
        self.source = source
        self.median = median
        self.outlook = outlook
    }
}

extension FilmRunReport: NamesFilms {
    /// The film, those compared with it, and 천만 전망's comparables.
    public var movieCodes: [String] {
        Self.firstMentions(
            [run.movieCode] + compared.map(\.movieCode) + (outlook?.comparables.map(\.movieCode) ?? []))
    }
}
