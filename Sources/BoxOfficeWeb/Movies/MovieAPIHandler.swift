import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird

/// `getMovie` and `searchMovies`. KOBIS's words (genres, nations, grades, …) are Korean unless the request asks for
/// English (`?lang=en` or `Accept-Language`). Both are kept five minutes (``KeptAPIAnswerMiddleware``) unless stale.
struct MovieAPIHandler: Sendable {
    let movies: MovieService
    let calendar: BoxOfficeCalendar

    static let rules = [
        APIOperationRule(Operations.GetMovie.id, path: MovieCodePath.check),
        APIOperationRule(Operations.SearchMovies.id, query: { query, _ in _ = try MovieSearchParameters(query) }),
    ]

    func getMovie(_ input: Operations.GetMovie.Input) async throws -> Operations.GetMovie.Output {
        let movie = try await movies.movie(code: input.path.code)
        let language = Language(
            lang: input.query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage, fallback: .korean)
        let until = movie.stale ? nil : calendar.currentInstant.addingTimeInterval(APICacheControl.timeToLive)
        return .ok(
            .init(
                headers: .init(cacheControl: APICacheControl(calendar: calendar).value(until: until)),
                body: .json(.init(KOBISVocabulary.table(for: language).movie(movie)))))
    }

    func searchMovies(_ input: Operations.SearchMovies.Input) async throws -> Operations.SearchMovies.Output {
        let query = input.query
        let parameters = try MovieSearchParameters(
            Parameters(typed: [
                "q": query.q, "director": query.director, "year": query.year.map(String.init),
                "page": query.page.map(String.init),
            ]))
        let page = try await movies.search(parameters.query)
        let language = Language(
            lang: query.lang?.rawValue, acceptLanguage: input.headers.acceptLanguage, fallback: .korean)
        let until = calendar.currentInstant.addingTimeInterval(APICacheControl.timeToLive)
        return .ok(
            .init(
                headers: .init(cacheControl: APICacheControl(calendar: calendar).value(until: until)),
                body: .json(.init(KOBISVocabulary.table(for: language).searchPage(page)))))
    }
}
