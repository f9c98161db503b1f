import BoxOfficeCore
import BoxOfficeText
import Hummingbird

/// `GET /movies/{code}`: the movie page, with the film's run from the local archive. The poster is a
/// separate request (`/movies/{code}/poster`), so a slow poster service never delays the page.
struct MovieController<Context: RequestContext>: Sendable {
    let movies: MovieService
    let archive: ArchiveService
    let runs: FilmRunService
    /// Where the charts come from (KOBIS or the sample), for an empty trend.
    let source: ChartSource
    /// Whether the archive keeper runs here: an empty trend then says it is being filled.
    let keeperRuns: Bool
    let renderer: PageRenderer
    let cache: MoviePageCache

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}") { request, context in
            try await show(request, code: MovieCodePath.text(context.parameters.get("code") ?? ""))
        }
    }

    func show(_ request: Request, code: String) async throws -> Response {
        let language = Language(request: request)
        let key = cache.key(for: request, language: language)
        let page = try await cache.page(for: key) {
            let movie = try await movies.movie(code: code)
            // The archive is local; if it cannot be read the page still shows, with an empty trend (and is not kept).
            let archived = try? await archive.trend(movieCode: movie.code)
            let trend = archived ?? MovieTrend(movieCode: movie.code, source: source, points: [])
            var viewModel = MovieViewModel(movie: movie, language: language, request: request)
            viewModel.trend = MovieTrendViewModel(
                trend: trend, language: language, keeperRuns: keeperRuns,
                title: LeadingName(korean: movie.title, english: movie.titleEnglish, language: language).name)
            let (run, complete) = try await run(of: movie.code, request: request, language: language)
            viewModel.run = run
            let body = EncodedBody(
                try renderer.renderBody(viewModel, template: "movie"), contentType: ResponseBuilders.htmlContentType)
            return .init(body: body, until: complete ? archived.map(cache.until(trend:)) : nil)
        }
        return page.response(to: request)
    }

    /// The film's run and its comparison (`vs`, repeatable; `find`, a title to add). A malformed comparison is the
    /// reader's 400 and a film to compare that the store knows nothing of a 404, as the API answers; a run the store
    /// cannot read, or not now (the archive questions' line is full), leaves the section out rather than the page,
    /// and the page is then not `complete`: not kept.
    func run(of code: String, request: Request, language: Language) async throws -> (
        run: FilmRunViewModel?, complete: Bool
    ) {
        let parameters = request.formParameters
        let query = try FilmRunQuery.parsing(movieCode: code, versus: parameters[values: "vs"].map(String.init))
        let find = parameters["find"].map(String.init) ?? ""
        let matches = try await runs.films(titled: find)
        let report: FilmRunReport
        do {
            report = try await runs.report(query)
        } catch let error as BoxOfficeError {
            if case .notFound = error { throw error }
            return (nil, false)
        } catch {
            return (nil, false)
        }
        let codes = report.movieCodes + (find.isEmpty ? [] : matches.map(\.movieCode))
        var titles = await archive.pageTitles(of: codes, for: language)
        // Films no chart lists yet bring their stored details' English titles.
        if language == .english { titles.merge(report.englishTitles ?? [:]) { archived, _ in archived } }
        let run = FilmRunViewModel(
            report: report, matches: find.isEmpty ? nil : matches, find: find, language: language,
            englishTitles: titles)
        return (run, true)
    }
}
