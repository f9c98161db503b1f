import BoxOfficeCore
import Hummingbird

/// `GET /movies?q=&director=&year=&page=`: movie search with paging. Without criteria it shows
/// the form and a prompt rather than an error.
struct SearchController<Context: RequestContext>: Sendable {
    let movies: MovieService
    let site: PageSite
    let renderer: PageRenderer

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies") { request, _ in try await show(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let parameters = try MovieSearchParameters(request.formParameters)
        let page = try await movies.search(parameters.query)
        let viewModel = SearchViewModel(
            query: parameters.query, page: page, isSampleData: site.isSampleData,
            language: Language(request: request), request: request)
        return try renderer.render(viewModel, template: "search")
    }
}
