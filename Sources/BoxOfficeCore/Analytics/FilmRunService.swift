import Foundation

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

    /// The most films a title search lists, and the longest title it takes.
    public static let searchLimit = 10
    public static let maximumSearchLength = 50

    /// Archived films whose title contains `text`, to add to a comparison; none for empty text. Throws
    /// ``BoxOfficeError/invalid(_:)`` for text longer than ``maximumSearchLength``.
    public func films(titled text: String) async throws -> [ArchivedFilm] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        guard trimmed.count <= Self.maximumSearchLength else {
            throw BoxOfficeError.invalid("find", .maximumLength(Self.maximumSearchLength), value: text)
        }
        return try await repository.films(titled: trimmed, limit: Self.searchLimit)
    }
}
