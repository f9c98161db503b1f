import BoxOfficeCore
import Foundation
import KOBIS

/// Posters from TMDB's movie search (`GET {base}/search/movie`). A v3 API key travels as the
/// `api_key` parameter; a v4 read-access token (a long JWT) as a Bearer header.
struct TMDBPosterSource: PosterSource {
    let name = "tmdb"
    private let apiKey: String
    let baseURL: URL
    private let imageBaseURL: URL
    private let transport: any HTTPTransport

    /// - Parameters:
    ///   - baseURL: TMDB's API base, `https://api.themoviedb.org/3` by default (`TMDB_BASE_URL`).
    ///   - imageBaseURL: where `poster_path` values are resolved; w342 suits a phone's width.
    init(
        apiKey: String, baseURL: URL, transport: any HTTPTransport,
        imageBaseURL: URL = URL(string: "https://image.tmdb.org/t/p/w342")!
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.imageBaseURL = imageBaseURL
        self.transport = transport
    }

    private var usesBearerToken: Bool { apiKey.count > 40 }

    func posterURL(for query: PosterQuery) async throws -> URL? {
        for title in query.titlesToTry {
            if let path = try await search(title: title, year: query.year) {
                return URL(string: imageBaseURL.absoluteString + path)
            }
        }
        return nil
    }

    /// The `poster_path` of the first hit with a poster. With a year, TMDB itself keeps only films
    /// released that year, so a remake or a namesake is not taken for the film.
    private func search(title: String, year: Int?) async throws -> String? {
        var components = URLComponents(
            url: baseURL.appendingPathComponent("search/movie"), resolvingAgainstBaseURL: false)
        var items = [
            URLQueryItem(name: "query", value: title), URLQueryItem(name: "language", value: "ko-KR"),
            URLQueryItem(name: "include_adult", value: "false"),
        ]
        if let year { items.append(URLQueryItem(name: "year", value: String(year))) }
        if !usesBearerToken { items.insert(URLQueryItem(name: "api_key", value: apiKey), at: 0) }
        components?.queryItems = items
        guard let url = components?.url else {
            throw PosterSourceError(source: name, reason: "cannot build a search URL")
        }
        let headers = usesBearerToken ? ["Authorization": "Bearer \(apiKey)", "Accept": "application/json"] : [:]
        let page: SearchPage = try await PosterSourceError.fetchSearchPage(
            url, headers: headers, source: name, service: "TMDB", key: "API key", via: transport)
        return page.results.first { ($0.posterPath ?? "").hasPrefix("/") }?.posterPath
    }

    private struct SearchPage: Decodable {
        var results: [Hit]
    }

    private struct Hit: Decodable {
        var posterPath: String?

        enum CodingKeys: String, CodingKey {
            case posterPath = "poster_path"
        }
    }
}

extension TMDBPosterSource: RedactedKeyDescription {}
