import BoxOfficeCore
import Hummingbird

/// `GET /movies?q=&director=&year=&page=`: movie search with paging. Without criteria it shows
/// the form and a prompt rather than an error. A search's page is kept as a film's is (``MoviePageCache``): KOBIS's
/// answer is stored for a day, so the page is made once and given again for five minutes.
struct SearchController<Context: RequestContext>: Sendable {
    let movies: MovieService
    let site: PageSite
    let renderer: PageRenderer
    let cache: MoviePageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies") { request, _ in try await show(request) }
    }

    func show(_ request: Request) async throws -> Response {
        let parameters = try MovieSearchParameters(request.formParameters)
        let language = Language(request: request)
        let key = cache.key(for: request, language: language)
        // Without criteria the page is the form alone: cheap, and not kept.
        let page = try await cache.page(for: key) {
            let results = try await movies.search(parameters.query)
            let viewModel = SearchViewModel(
                query: parameters.query, page: results, isSampleData: site.isSampleData, language: language,
                request: request)
            let body = EncodedBody(
                try renderer.renderBody(viewModel, template: "search"), contentType: ResponseBuilders.htmlContentType)
            return .init(body: body, until: parameters.query.isEmpty ? nil : cache.searchUntil)
        }
        return page.response(to: request)
    }
}
