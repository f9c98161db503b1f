import BoxOfficeCore
import Foundation
import Testing

@testable import BoxOfficeApp

@Suite("Poster sources")
struct PosterSourceTests {
    let query = PosterQuery(code: "20199882", title: "경관의 피", titleEnglish: "The Policeman's Lineage", year: 2022)

    @Test("TMDB: a v3 key travels as api_key, the year narrows the search, poster_path joins the image base")
    func tmdbV3() async throws {
        let transport = RecordingHTTPTransport(
            body:
                #"{"page":1,"results":[{"id":1,"poster_path":null},{"id":2,"poster_path":"/abc.jpg","release_date":"2022-01-05"}]}"#
        )
        let source = TMDBPosterSource(
            apiKey: "0123456789abcdef0123456789abcdef", baseURL: URL(string: "https://api.example/3")!,
            transport: transport)
        let url = try await source.posterURL(for: query)
        #expect(url?.absoluteString == "https://image.tmdb.org/t/p/w342/abc.jpg")
        let request = try #require(transport.requests.first)
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(request.url.path == "/3/search/movie")
        #expect(items.first { $0.name == "api_key" }?.value == "0123456789abcdef0123456789abcdef")
        #expect(items.first { $0.name == "query" }?.value == "경관의 피")
        #expect(items.first { $0.name == "year" }?.value == "2022")
        #expect(request.headers["Authorization"] == nil)
    }

    @Test("TMDB: a v4 token travels as a Bearer header, never in the URL; every title is tried")
    func tmdbV4() async throws {
        let token = "eyJhbGciOiJIUzI1NiJ9." + String(repeating: "a", count: 60)
        let transport = RecordingHTTPTransport(body: #"{"results":[]}"#)
        let source = TMDBPosterSource(
            apiKey: token, baseURL: URL(string: "https://api.example/3")!, transport: transport)
        #expect(try await source.posterURL(for: query) == nil)
        #expect(transport.requests.count == 2)  // Korean title, then the English one
        for request in transport.requests {
            #expect(request.headers["Authorization"] == "Bearer \(token)")
            #expect(!request.url.absoluteString.contains(token))
        }
    }

    @Test("TMDB: a rejected key is an error that names the status, not the key")
    func tmdbRejected() async throws {
        let transport = RecordingHTTPTransport(status: 401, body: #"{"status_code":7}"#)
        let source = TMDBPosterSource(
            apiKey: "secret-key", baseURL: URL(string: "https://api.example/3")!, transport: transport)
        do {
            _ = try await source.posterURL(for: query)
            Issue.record("expected an error")
        } catch let error as PosterSourceError {
            #expect(error.description.contains("401"))
            #expect(!error.description.contains("secret-key"))
        }
    }

    @Test("Kakao: the key goes in the KakaoAK header and only HTTPS images are taken")
    func kakao() async throws {
        let transport = RecordingHTTPTransport(
            body:
                #"{"documents":[{"image_url":"http://plain.example/a.jpg","thumbnail_url":"https://thumb.example/a.jpg"}],"meta":{"total_count":1}}"#
        )
        let source = KakaoPosterSource(
            apiKey: "kakao-key", baseURL: URL(string: "https://dapi.example")!, transport: transport)
        let url = try await source.posterURL(for: query)
        #expect(url?.absoluteString == "https://thumb.example/a.jpg")
        let request = try #require(transport.requests.first)
        #expect(request.headers["Authorization"] == "KakaoAK kakao-key")
        #expect(request.url.path == "/v2/search/image")
        let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "query" }?.value == "경관의 피 2022 포스터")
    }

    /// The real Kakao answer in `../shared/kobis-samples/` (read there, never copied), when present.
    static let kakaoSample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/kobis-samples/kakao-image-search-smugglers-poster.json")

    @Test(
        "Kakao: a real answer (80 documents for 밀수) gives its first HTTPS image",
        .enabled(
            if: FileManager.default.fileExists(atPath: kakaoSample.path),
            "../shared/kobis-samples is not present; the real Kakao answer is not checked"))
    func kakaoRealAnswer() async throws {
        let body = try String(contentsOf: Self.kakaoSample, encoding: .utf8)
        let source = KakaoPosterSource(
            apiKey: "kakao-key", baseURL: URL(string: "https://dapi.example")!,
            transport: RecordingHTTPTransport(body: body))
        let url = try await source.posterURL(for: PosterQuery(code: "20228797", title: "밀수", year: 2023))
        #expect(
            url?.absoluteString == "https://t1.daumcdn.net/cafeattach/1IHuH/f7f31ed51da240282d463ad00ef2c274d167de7a")
    }
}
