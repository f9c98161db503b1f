import BoxOfficeCore
import Foundation
import KOBIS
import Testing

/// A poster source that answers from a script and counts calls.
final class ScriptedPosterSource: PosterSource, @unchecked Sendable {
    let name = "scripted"
    private let lock = NSLock()
    private var calls = 0
    private var answer: Result<URL?, PosterSourceError>
    private let delay: Duration

    init(answer: Result<URL?, PosterSourceError>, delay: Duration = .zero) {
        self.answer = answer
        self.delay = delay
    }

    var callCount: Int { lock.withLock { calls } }
    func setAnswer(_ answer: Result<URL?, PosterSourceError>) { lock.withLock { self.answer = answer } }

    func posterURL(for query: PosterQuery) async throws -> URL? {
        let answer = lock.withLock { () -> Result<URL?, PosterSourceError> in
            calls += 1
            return self.answer
        }
        if delay > .zero { try await Task.sleep(for: delay) }
        return try answer.get()
    }
}

/// Records requests and answers with a fixed body.
final class RecordingHTTPTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(url: URL, headers: [String: String])] = []
    let status: Int
    let body: String

    init(status: Int = 200, body: String) {
        self.status = status
        self.body = body
    }

    var requests: [(url: URL, headers: [String: String])] { lock.withLock { recorded } }

    func get(_ url: URL) async throws -> HTTPTransportResponse { try await get(url, headers: [:]) }

    func get(_ url: URL, headers: [String: String]) async throws -> HTTPTransportResponse {
        lock.withLock { recorded.append((url, headers)) }
        return HTTPTransportResponse(statusCode: status, body: Data(body.utf8))
    }
}

@Suite("Posters")
struct PosterServiceTests {
    let query = PosterQuery(code: "20199882", title: "경관의 피", titleEnglish: "The Policeman's Lineage", year: 2022)
    let poster = URL(string: "https://image.example/p.jpg")!

    @Test("a found poster is remembered for 30 days, then looked up again")
    func foundIsCached() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let source = ScriptedPosterSource(answer: .success(poster))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        #expect(try await service.posterURL(for: query) == poster)
        clock.advance(29 * 86_400)
        #expect(try await service.posterURL(for: query) == poster)
        #expect(source.callCount == 1)
        clock.advance(2 * 86_400)
        _ = try await service.posterURL(for: query)
        #expect(source.callCount == 2)
    }

    @Test("\"no poster\" is remembered for a day only")
    func missingIsCachedBriefly() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let source = ScriptedPosterSource(answer: .success(nil))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        #expect(try await service.posterURL(for: query) == nil)
        #expect(try await service.posterURL(for: query) == nil)
        #expect(source.callCount == 1)
        clock.advance(86_401)
        source.setAnswer(.success(poster))
        #expect(try await service.posterURL(for: query) == poster)
        #expect(source.callCount == 2)
    }

    @Test("a failure is not remembered; an expired stored answer is served while the service fails")
    func failures() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let failure = PosterSourceError(source: "scripted", reason: "HTTP 503")
        let source = ScriptedPosterSource(answer: .failure(failure))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        await #expect(throws: PosterSourceError.self) { try await service.posterURL(for: query) }
        source.setAnswer(.success(poster))
        #expect(try await service.posterURL(for: query) == poster)
        #expect(source.callCount == 2)
        clock.advance(31 * 86_400)
        source.setAnswer(.failure(failure))
        #expect(try await service.posterURL(for: query) == poster)
    }

    @Test("concurrent lookups of one movie make one call")
    func singleFlight() async throws {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let source = ScriptedPosterSource(answer: .success(poster), delay: .milliseconds(50))
        let service = PosterService(
            source: source, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar(now: clock.function))
        try await withThrowingTaskGroup(of: URL?.self) { group in
            for _ in 0..<40 { group.addTask { try await service.posterURL(for: query) } }
            for try await url in group { #expect(url == poster) }
        }
        #expect(source.callCount == 1)
    }

    @Test("without a source there is never a poster and nothing is called")
    func disabled() async throws {
        let service = PosterService(source: nil, cache: InMemoryResponseCache(), calendar: BoxOfficeCalendar())
        #expect(!service.isEnabled)
        #expect(try await service.posterURL(for: query) == nil)
    }

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

    @Test("titles to try skip empty and repeated ones")
    func titlesToTry() {
        let query = PosterQuery(code: "1", title: " 기생충 ", titleEnglish: "Parasite", titleOriginal: "기생충")
        #expect(query.titlesToTry == ["기생충", "Parasite"])
    }
}
