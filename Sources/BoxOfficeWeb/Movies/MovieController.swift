import BoxOfficeCore
import Hummingbird

/// `GET /movies/{code}`: the movie page, with the film's run from the local archive. The poster is a
/// separate request (`/movies/{code}/poster`), so a slow poster service never delays the page.
struct MovieController<Context: RequestContext>: Sendable {
    let services: AppServices
    let renderer: PageRenderer
    /// One archive reader for the app's lifetime, so its cache is shared by every request.
    let archive: ArchiveService

    init(services: AppServices, renderer: PageRenderer) {
        self.services = services
        self.renderer = renderer
        self.archive = services.archive
    }

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}") { request, context in
            try await show(request, code: context.parameters.get("code") ?? "")
        }
    }

    func show(_ request: Request, code: String) async throws -> Response {
        let movie = try await services.movies.movie(code: code)
        // The archive is local; if it cannot be read the page still shows, with an empty trend.
        let trend =
            (try? await archive.trend(movieCode: movie.code))
            ?? MovieTrend(movieCode: movie.code, source: services.charts.source, points: [])
        let language = Language(request: request)
        var viewModel = MovieViewModel(movie: movie, language: language, request: request)
        viewModel.trend = MovieTrendViewModel(trend: trend, language: language)
        return try renderer.render(viewModel, template: "movie")
    }
}
