import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /api/v1/movies/{code}` and `GET /api/v1/movies?q=&director=&year=&page=`. KOBIS's words (genres, nations,
/// grades, …) are Korean unless the request asks for English (`?lang=en` or `Accept-Language`).
struct MovieAPIController<Context: RequestContext>: Sendable {
    let movies: MovieService

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}") { request, context in
            try await movie(code: context.parameters.get("code") ?? "", request: request)
        }
        group.get("movies") { request, _ in try await search(request) }
    }

    func movie(code: String, request: Request) async throws -> Response {
        let movie = try await movies.movie(code: code)
        return try ResponseBuilders.json(KOBISVocabulary.table(for: Language(request: request)).movie(movie))
    }

    func search(_ request: Request) async throws -> Response {
        let parameters = try MovieSearchParameters(request.formParameters)
        let page = try await movies.search(parameters.query)
        return try ResponseBuilders.json(KOBISVocabulary.table(for: Language(request: request)).searchPage(page))
    }
}
