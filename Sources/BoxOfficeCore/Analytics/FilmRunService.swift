/// Answers a film's run from the archive alone: never a KOBIS call.
public struct FilmRunService: Sendable {
    private let repository: any FilmRunRepository
    private let movies: any MovieRepository
    /// Where the archived charts came from.
    public let source: ChartSource

    public init(repository: any FilmRunRepository, movies: any MovieRepository, source: ChartSource) {
        self.repository = repository
        self.movies = movies
        self.source = source
    }

    /// The run of `query`'s film and the pace of the films it is compared with. Throws
    /// ``BoxOfficeError/notFound(_:)`` when neither the archive nor the stored movie details know the film.
    public func report(_ query: FilmRunQuery) async throws -> FilmRunReport {
        let run = FilmRun(history: try await repository.filmHistory(movieCode: query.movieCode, source: source))
        if run.reach == .noArchivedDay, try await movies.storedMovie(code: query.movieCode) == nil {
            throw BoxOfficeError.notFound(.movie(code: query.movieCode))
        }
        var compared: [FilmRunReport.Pace] = []
        for code in query.versus {
            let history = try await repository.filmHistory(movieCode: code, source: source)
            compared.append(FilmRunReport.Pace(run: FilmRun(history: history)))
        }
        return FilmRunReport(run: run, compared: compared, source: source)
    }
}
