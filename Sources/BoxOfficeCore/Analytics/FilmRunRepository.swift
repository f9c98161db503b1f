/// Reads one film's archived rows, for its run.
public protocol FilmRunRepository: Sendable {
    /// The film's rows in every archived unfiltered daily and weekend chart, and the archive's first day.
    func filmHistory(movieCode: String, source: ChartSource) async throws -> FilmHistory
    /// Up to `limit` films of the archived daily charts whose title contains `text` (case as stored), latest first.
    func films(titled text: String, limit: Int) async throws -> [ArchivedFilm]
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
