import BoxOfficeCore
import Hummingbird

/// `GET /movies/{code}`: the movie page, with the film's run from the local archive. The poster is a
/// separate request (`/movies/{code}/poster`), so a slow poster service never delays the page.
struct MovieController<Context: RequestContext>: Sendable {
    let movies: MovieService
    let archive: ArchiveService
    /// Where the charts come from (KOBIS or the sample), for an empty trend.
    let source: ChartSource
    /// Whether the archive keeper runs here: an empty trend then says it is being filled.
    let keeperRuns: Bool
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}") { request, context in
            try await show(request, code: context.parameters.get("code") ?? "")
        }
    }

    func show(_ request: Request, code: String) async throws -> Response {
        let movie = try await movies.movie(code: code)
        // The archive is local; if it cannot be read the page still shows, with an empty trend.
        let trend =
            (try? await archive.trend(movieCode: movie.code))
            ?? MovieTrend(movieCode: movie.code, source: source, points: [])
        let language = Language(request: request)
        var viewModel = MovieViewModel(movie: movie, language: language, request: request)
        viewModel.trend = MovieTrendViewModel(trend: trend, language: language, keeperRuns: keeperRuns)
        return try renderer.render(viewModel, template: "movie")
    }
}
