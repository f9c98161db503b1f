import BoxOfficeCore
import BoxOfficeText
import Foundation
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// The movie page, the poster route and the search page.
@Suite("Movie and search pages")
struct MoviePageTests {
    /// The first entry of the settled sample chart: a movie the simulator knows.
    static func chartMovie(_ client: any TestClientProtocol) async throws -> (code: String, title: String) {
        let chart = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
        let entries = try #require(chart.jsonObject?["entries"] as? [[String: Any]])
        let first = try #require(entries.first)
        return (try #require(first["movieCode"] as? String), try #require(first["title"] as? String))
    }

    /// An app over a simulator server that also stands in for TMDB or Kakao.
    static func withPosterService(
        tmdb: Bool, kakao: Bool = false,
        _ body: @Sendable (SimulatorServer, any TestClientProtocol) async throws -> Void
    ) async throws {
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let server = SimulatorServer(simulator: KOBISSimulator(now: now), logger: Logger(label: "sim"))
        try await server.start()
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let root = URL(string: "http://127.0.0.1:\(server.port)")!
            let configuration = AppConfiguration(
                kobisAPIKey: "test-key", kobisBaseURL: server.baseURL,
                tmdbAPIKey: tmdb ? "0123456789abcdef0123456789abcdef" : nil,
                tmdbBaseURL: root.appendingPathComponent("3"),
                kakaoAPIKey: kakao ? "kakao-test-key" : nil, kakaoBaseURL: root,
                databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
            let app = try await buildApplication(configuration, logger: Logger(label: "web-test"), now: now)
            try await app.test(.router) { client in try await body(server, client) }
        } catch {
            try await server.stop()
            throw error
        }
        try await server.stop()
    }

    @Test("the movie page shows titles, facts, directors linking to search, cast and the poster")
    func moviePage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.chartMovie(client)
            let response = try await client.get("/movies/\(movie.code)")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<h1 class="movie-title">\#(movie.title)</h1>"#))
            #expect(html.contains(#"<img class="poster" src="/movies/\#(movie.code)/poster""#))
            #expect(html.contains(#"<dl class="movie-facts">"#))
            #expect(html.contains("개봉일"))
            #expect(html.contains("/movies?director="))
            #expect(html.contains(#"<ul class="cast">"#))
            #expect(html.contains("notice-sample"))
            // The chart fetched above is in the archive, so the film's run has that day.
            #expect(html.contains(#"class="movie-section movie-trend""#))
            #expect(html.contains(WebTestSupport.settledDate))
            let english = try await client.get("/movies/\(movie.code)?lang=en")
            #expect(english.text.contains("Opening date"))
            #expect(english.text.contains(#"<html lang="en">"#))
            // The trend chart names the film as the page does: by its English title on English pages.
            let details = try #require(
                try await client.get("/api/v1/movies/\(movie.code)").jsonObject?["titleEnglish"] as? String)
            if !details.isEmpty {
                #expect(english.text.contains("\(details.htmlEscaped): daily audience"))
                #expect(!english.text.contains("\(movie.title): daily audience"))
            }
            #expect(html.contains("\(movie.title) 일별 관객수"))
        }
    }

    @Test("the header links to the period chart, marked current on its page")
    func periodNavigation() async throws {
        try await WebTestSupport.withSampleApp { client in
            let daily = try await client.get("/daily")
            #expect(daily.text.contains(#"<a href="/charts/period">기간</a>"#))
            let period = try await client.get("/charts/period?month=2024-02")
            #expect(period.text.contains(#"<a href="/charts/period" aria-current="page">기간</a>"#))
        }
    }

    @Test("unknown and malformed movie codes answer 404 pages")
    func unknownMovie() async throws {
        try await WebTestSupport.withSampleApp { client in
            let unknown = try await client.get("/movies/99999999")
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("99999999"))
            #expect(unknown.headers[.contentType]?.hasPrefix("text/html") == true)
            let malformed = try await client.get("/movies/%3Cscript%3E")
            #expect(malformed.status == .notFound)
            #expect(!malformed.text.contains("<script>"))
            let poster = try await client.get("/movies/99999999/poster")
            #expect(poster.status == .notFound)
        }
    }

    @Test("without a poster service the poster is an escaped SVG placeholder")
    func placeholderPoster() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.chartMovie(client)
            let response = try await client.get("/movies/\(movie.code)/poster")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(response.headers[.cacheControl] == "public, max-age=86400")
            #expect(response.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(response.text.contains("<title>\(movie.title.htmlEscaped)</title>"))
        }
    }

    @Test("the placeholder escapes markup and wraps long titles")
    func placeholderEscaping() {
        let svg = PosterPlaceholder.svg(
            code: "X1", title: #"<script>alert("x")</script> & 아주 긴 영화 제목이 여러 줄로 나뉩니다"#, year: 2024)
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp;"))
        #expect(svg.components(separatedBy: "font-size=\"30\"").count - 1 >= 3)
        #expect(svg.contains(">2024</text>"))
        #expect(PosterPlaceholder.hue(for: "20199882") == PosterPlaceholder.hue(for: "20199882"))
        let lines = PosterPlaceholder.wrap(String(repeating: "가", count: 100), width: 14, maxLines: 5)
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 14 })
        #expect(lines.last?.hasSuffix("…") == true)
    }

    @Test("with TMDB the poster route redirects to the image, and the answer is remembered")
    func tmdbPoster() async throws {
        try await Self.withPosterService(tmdb: true) { server, client in
            let movie = try await Self.chartMovie(client)
            var redirects = 0
            var placeholders = 0
            // Try a few chart movies: the stand-in has no poster for one title in five.
            let chart = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let codes = ((chart.jsonObject?["entries"] as? [[String: Any]]) ?? []).compactMap {
                $0["movieCode"] as? String
            }
            #expect(codes.contains(movie.code))
            for code in codes {
                let response = try await client.get("/movies/\(code)/poster")
                if response.status == .found {
                    redirects += 1
                    let location = try #require(response.headers[.location])
                    #expect(location.hasPrefix("https://image.tmdb.org/t/p/w342/sim"))
                } else {
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
                    placeholders += 1
                }
            }
            #expect(redirects > 0)
            let searches = server.posterSearchCount
            #expect(searches >= codes.count)
            for code in codes { _ = try await client.get("/movies/\(code)/poster") }
            #expect(server.posterSearchCount == searches)
        }
    }

    @Test("with Kakao the poster route redirects to an HTTPS image")
    func kakaoPoster() async throws {
        try await Self.withPosterService(tmdb: false, kakao: true) { server, client in
            let chart = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let codes = ((chart.jsonObject?["entries"] as? [[String: Any]]) ?? []).compactMap {
                $0["movieCode"] as? String
            }
            var locations: [String] = []
            for code in codes {
                let response = try await client.get("/movies/\(code)/poster")
                if let location = response.headers[.location] { locations.append(location) }
            }
            #expect(!locations.isEmpty)
            #expect(locations.allSatisfy { $0.hasPrefix("https://search.example.invalid/thumb/") })
            #expect(server.posterSearchCount == codes.count)
        }
    }

    @Test("a failing poster service gives a placeholder that the browser asks for again soon")
    func posterServiceDown() async throws {
        try await Self.withPosterService(tmdb: true) { server, client in
            let movie = try await Self.chartMovie(client)
            _ = try await client.get("/movies/\(movie.code)")  // movie info now stored
            try await server.stop()
            let response = try await client.get("/movies/\(movie.code)/poster")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("image/svg+xml") == true)
            #expect(response.headers[.cacheControl] == "public, max-age=300")
        }
    }

    @Test("the movie page never waits for the poster service")
    func pageDoesNotCallPosterService() async throws {
        try await Self.withPosterService(tmdb: true) { server, client in
            let movie = try await Self.chartMovie(client)
            let page = try await client.get("/movies/\(movie.code)")
            #expect(page.status == .ok)
            #expect(server.posterSearchCount == 0)
            let daily = try await client.get("/daily?date=\(WebTestSupport.settledDate)&view=grid")
            #expect(daily.status == .ok)
            #expect(server.posterSearchCount == 0)
        }
    }

    @Test("search lists hits with links, a range and paging; + and %20 are spaces")
    func searchPage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.chartMovie(client)
            let word = String(movie.title.split(separator: " ").first ?? Substring(movie.title))
            let encoded = word.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? word
            let response = try await client.get("/movies?q=\(encoded)")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains(#"<ol class="search-results""#))
            #expect(html.contains(#"href="/movies/"#))
            #expect(html.contains(#"class="search-summary""#))
            #expect(html.contains(#"value="\#(word)""#))

            let spaced = try await client.get("/movies?q=%EA%B0%80+%EB%82%98")
            #expect(spaced.text.contains(#"value="가 나""#))
            // The language switch rebuilds the query: the space must stay a space, not become a literal "+".
            #expect(spaced.text.contains(#"href="/movies?q=%EA%B0%80%20%EB%82%98&amp;lang=en""#))

            let byYear = try await client.get("/movies?year=2023")
            #expect(byYear.status == .ok)
            #expect(byYear.text.contains(#"rel="next""#))
            #expect(byYear.text.contains("page=2"))
            let second = try await client.get("/movies?year=2023&page=2")
            #expect(second.text.contains(#"rel="prev""#))
        }
    }

    @Test("a search's page is kept per language and per query: each reader gets their own words and hits")
    func searchPageKept() async throws {
        try await WebTestSupport.withSampleApp { client in
            for _ in 0..<2 {
                let english = try await client.get("/movies?year=2023", headers: [.acceptLanguage: "en"])
                let korean = try await client.get("/movies?year=2023", headers: [.acceptLanguage: "ko"])
                #expect(english.text.contains(#"<html lang="en""#))
                #expect(korean.text.contains(#"<html lang="ko""#))
                let second = try await client.get("/movies?year=2023&page=2", headers: [.acceptLanguage: "en"])
                #expect(second.text.contains(#"rel="prev""#))
                #expect(!english.text.contains(#"rel="prev""#))
            }
        }
    }

    @Test("search without criteria prompts; bad year or page is a 400 page; markup in the query is escaped")
    func searchEdges() async throws {
        try await WebTestSupport.withSampleApp { client in
            let empty = try await client.get("/movies")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("제목, 감독 또는 연도로"))
            let badYear = try await client.get("/movies?year=abcd")
            #expect(badYear.status == .badRequest)
            #expect(badYear.text.contains("연도(year): 1900년부터"), "a page without a language speaks Korean")
            let badPage = try await client.get("/movies?q=a&page=0")
            #expect(badPage.status == .badRequest)
            let xss = try await client.get("/movies?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            #expect(xss.status == .ok)
            #expect(!xss.text.contains("<script>alert(1)"))
            #expect(xss.text.contains("&lt;script&gt;"))
        }
    }

    @Test("the header search form is on every page and keeps an explicit language")
    func headerSearch() async throws {
        try await WebTestSupport.withSampleApp { client in
            let daily = try await client.get("/daily?lang=en")
            #expect(daily.text.contains(#"<form class="site-search" role="search" action="/movies""#))
            #expect(daily.text.contains(#"<input type="hidden" name="lang" value="en">"#))
            #expect(daily.text.contains("Search movies"))
        }
    }

    @Test("the JSON search decodes + as a space too")
    func apiSearchPlus() async throws {
        try await WebTestSupport.withSampleApp { client in
            let plus = try await client.get("/api/v1/movies?q=a+b")
            let spaced = try await client.get("/api/v1/movies?q=a%20b")
            #expect(plus.status == .ok)
            #expect(plus.text == spaced.text)
        }
    }
}
