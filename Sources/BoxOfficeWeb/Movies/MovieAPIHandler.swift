import BoxOfficeCore
import BoxOfficeText

/// `getMovie` and `searchMovies`. KOBIS's words (genres, nations, grades, …) are Korean unless the request asks for
/// English (`?lang=en` or `Accept-Language`).
struct MovieAPIHandler: Sendable {
    let movies: MovieService

    func getMovie(_ input: Operations.GetMovie.Input) async throws -> Operations.GetMovie.Output {
        let movie = try await movies.movie(code: input.path.code)
        let vocabulary = KOBISVocabulary.table(for: Language(request: try APIRequest.get()))
        return .ok(.init(body: .json(try APIPayload.convert(vocabulary.movie(movie)))))
    }

    func searchMovies(_: Operations.SearchMovies.Input) async throws -> Operations.SearchMovies.Output {
        let request = try APIRequest.get()
        let parameters = try MovieSearchParameters(request.formParameters)
        let page = try await movies.search(parameters.query)
        let vocabulary = KOBISVocabulary.table(for: Language(request: request))
        return .ok(.init(body: .json(try APIPayload.convert(vocabulary.searchPage(page)))))
    }
}
