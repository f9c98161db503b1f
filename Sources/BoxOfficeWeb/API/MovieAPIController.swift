import BoxOfficeCore
import Hummingbird

/// `GET /api/v1/movies/{code}` and `GET /api/v1/movies?q=&director=&year=&page=`.
struct MovieAPIController<Context: RequestContext>: Sendable {
    let services: AppServices

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}") { _, context in
            try await movie(code: context.parameters.get("code") ?? "")
        }
        group.get("movies") { request, _ in try await search(request) }
    }

    func movie(code: String) async throws -> Response {
        try ResponseBuilders.json(try await services.movies.movie(code: code))
    }

    func search(_ request: Request) async throws -> Response {
        let parameters = try MovieSearchParameters(request.formParameters)
        return try ResponseBuilders.json(try await services.movies.search(parameters.query))
    }
}
