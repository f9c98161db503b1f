import BoxOfficeCore
import Hummingbird

/// `GET /movies/{code}`: the movie page. The poster is a separate request (`/movies/{code}/poster`),
/// so a slow poster service never delays the page.
struct MovieController<Context: RequestContext>: Sendable {
    let services: AppServices
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}") { request, context in
            try await show(request, code: context.parameters.get("code") ?? "")
        }
    }

    func show(_ request: Request, code: String) async throws -> Response {
        let movie = try await services.movies.movie(code: code)
        let viewModel = MovieViewModel(movie: movie, language: Language(request: request), request: request)
        return try renderer.render(viewModel, template: "movie")
    }
}
