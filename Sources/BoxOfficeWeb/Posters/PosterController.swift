import BoxOfficeCore
import Foundation
import Hummingbird
import Logging

/// `GET /movies/{code}/poster`: a redirect to the poster found by the poster service, or a
/// generated SVG placeholder. Pages load it as an ordinary image, so posters fill in after the
/// page has rendered and never hold it up.
struct PosterController<Context: RequestContext>: Sendable {
    let movies: MovieService
    let posters: PosterService
    let logger: Logger

    func addRoutes(to group: RouterGroup<Context>) {
        group.get("movies/{code}/poster") { _, context in
            try await poster(code: MovieCodePath.text(context.parameters.get("code") ?? ""))
        }
    }

    func poster(code: String) async throws -> Response {
        guard MovieService.isPlausibleCode(code) else {
            throw BoxOfficeError.notFound(.notAMovieCode(code))
        }
        let movie: Movie
        do {
            movie = try await movies.movie(code: code)
        } catch let error as BoxOfficeError {
            if case .notFound = error { throw error }
            // KOBIS is unreachable: still draw something, but let the browser ask again soon.
            return placeholder(code: code, title: code, year: nil, maxAge: 300)
        }
        let query = PosterQuery(movie: movie)
        do {
            if let url = try await posters.posterURL(for: query) {
                var headers = HTTPFields()
                headers[.location] = url.absoluteString
                headers[.cacheControl] = "public, max-age=86400"
                return Response(status: .found, headers: headers)
            }
        } catch {
            // Messages from the poster sources never carry the request URL (it can hold the key).
            logger.warning(
                "poster lookup failed", metadata: ["movie": "\(code)", "error": "\(String(describing: error))"])
            return placeholder(code: code, title: movie.title, year: query.year, maxAge: 300)
        }
        return placeholder(code: code, title: movie.title, year: query.year, maxAge: 86_400)
    }

    private func placeholder(code: String, title: String, year: Int?, maxAge: Int) -> Response {
        let svg = PosterPlaceholder.svg(code: code, title: title, year: year)
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "public, max-age=\(maxAge)"],
            body: .init(byteBuffer: ByteBuffer(string: svg)))
    }
}
