import BoxOfficeCore
import BoxOfficeTestSupport
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Logging
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// English pages and `?lang=en` JSON: KOBIS's Korean-only words in English, English titles and names first.
@Suite("English pages and JSON")
struct EnglishPagesTests {
    /// The simulator, except that the wide-area code list answers as the real one does: every `engNm` empty.
    struct RealWideAreasTransport: HTTPTransport {
        let simulator: SimulatorTransport

        func get(_ url: URL) async throws -> HTTPTransportResponse {
            guard url.path.hasSuffix("searchCodeList.json"), url.query?.contains("comCode=0105000000") == true else {
                return try await simulator.get(url)
            }
            let codes = KOBISWideAreas.all.map {
                #"{"fullCd":"\#($0.code)","korNm":"\#($0.korean)","engNm":""}"#
            }
            return HTTPTransportResponse(
                statusCode: 200, body: Data(#"{"codes":[\#(codes.joined(separator: ","))]}"#.utf8))
        }
    }

    static func withRealWideAreas(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
        let transport = RealWideAreasTransport(simulator: SimulatorTransport(simulator: KOBISSimulator(now: now)))
        let app = try await buildApplication(
            configuration, logger: Logger(label: "web-test"), transport: transport, now: now)
        try await app.test(.router) { client in try await body(client) }
    }

    /// A film of the settled sample chart with an English title, directors and actors, as the domain has it.
    static func englishTitledMovie(_ client: any TestClientProtocol) async throws -> Movie {
        let chart = try BoxOfficeJSON.decoder().decode(
            Chart.self, from: Data(try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)").text.utf8))
        for entry in chart.entries {
            let response = try await client.get("/api/v1/movies/\(entry.movieCode)")
            let movie = try BoxOfficeJSON.decoder().decode(Movie.self, from: Data(response.text.utf8))
            if !movie.titleEnglish.isEmpty, movie.titleEnglish != movie.title,
                movie.directors.contains(where: { !$0.nameEnglish.isEmpty }), !movie.actors.isEmpty
            {
                return movie
            }
        }
        Issue.record("no film of the chart has an English title and credits")
        throw CancellationError()
    }

    /// `text` for a query string: everything but ASCII letters and digits percent-encoded.
    static func queryValue(_ text: String) -> String {
        let plain = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return text.addingPercentEncoding(withAllowedCharacters: plain) ?? text
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    @Test("the English movie page: English title first, KOBIS's words in English, names English-first")
    func englishMoviePage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.englishTitledMovie(client)
            let english = try await client.get("/movies/\(movie.code)?lang=en").text
            let heading =
                #"<h1 class="movie-title">\#(Self.escaped(movie.titleEnglish)) <span class="name-beside" lang="ko">\#(Self.escaped(movie.title))</span></h1>"#
            #expect(english.contains(heading))
            #expect(english.contains("<title>\(Self.escaped(movie.titleEnglish)) · Box Office</title>"))
            for genre in movie.genres {
                #expect(english.contains(try #require(KOBISVocabulary.english(genre, .genre))), "\(genre)")
            }
            for nation in movie.nations {
                #expect(english.contains(try #require(KOBISVocabulary.english(nation, .nation))), "\(nation)")
            }
            for grade in movie.grades {
                #expect(english.contains(try #require(KOBISVocabulary.english(grade, .grade))), "\(grade)")
            }
            #expect(english.contains(try #require(KOBISVocabulary.english(movie.type, .movieType))))
            #expect(english.contains(try #require(KOBISVocabulary.english(movie.status, .productionStatus))))
            #expect(english.contains("Digital"))
            for part in Set(movie.companies.map(\.part)) {
                #expect(english.contains("<dt>\(try #require(KOBISVocabulary.english(part, .companyPart)))</dt>"))
            }
            let director = try #require(movie.directors.first { !$0.nameEnglish.isEmpty })
            #expect(
                english.contains(
                    #">\#(Self.escaped(director.nameEnglish))</a> <span class="name-beside" lang="ko">\#(Self.escaped(director.name))</span>"#
                ))
            for actor in movie.actors where !actor.nameEnglish.isEmpty && actor.nameEnglish != actor.name {
                #expect(
                    english.contains(
                        #"<span class="cast-name">\#(Self.escaped(actor.nameEnglish))</span> <span class="name-beside" lang="ko">\#(Self.escaped(actor.name))</span>"#
                    ), "\(actor.name)")
            }
            // No Hangul outside the Korean names beside English ones and KOBIS's own titles.
            let halves = english.components(separatedBy: "<main id=\"main\" tabindex=\"-1\">")
            try #require(halves.count == 2, "the page has one <main>")
            let body = halves[1]
            var stripped = body
            for name in [movie.title, movie.titleOriginal] + movie.directors.map(\.name) + movie.actors.map(\.name)
                + movie.companies.map(\.name) + movie.actors.map(\.role)
            where !name.isEmpty {
                stripped = stripped.replacingOccurrences(of: Self.escaped(name), with: "")
            }
            #expect(!stripped.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(stripped)")
        }
    }

    @Test("the Korean movie page keeps KOBIS's Korean words and the Korean title alone")
    func koreanMoviePage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.englishTitledMovie(client)
            let korean = try await client.get("/movies/\(movie.code)").text
            #expect(korean.contains(#"<h1 class="movie-title">\#(Self.escaped(movie.title))</h1>"#))
            #expect(!korean.contains("name-beside"))
            #expect(korean.contains(movie.genres.joined(separator: ", ")))
            #expect(korean.contains(movie.grades.joined(separator: ", ")))
            #expect(korean.contains("<dd>\(movie.status)</dd>"))
            #expect(korean.contains("영문 제목"))
            #expect(korean.contains("KOBIS Open API · 영화진흥위원회"))
        }
    }

    @Test("movie JSON: Korean words without lang; English with ?lang=en or Accept-Language; the same shape")
    func movieJSON() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.englishTitledMovie(client)
            let plain = try await client.get("/api/v1/movies/\(movie.code)", headers: [.acceptLanguage: "ko"])
            let stored = try BoxOfficeJSON.decoder().decode(Movie.self, from: Data(plain.text.utf8))
            #expect(stored.genres == movie.genres && stored.nations == movie.nations)
            for request in [
                ("/api/v1/movies/\(movie.code)?lang=en", HTTPFields()),
                ("/api/v1/movies/\(movie.code)", [.acceptLanguage: "en-US,en;q=0.9"]),
            ] {
                let response = try await client.get(request.0, headers: request.1)
                #expect(response.status == .ok)
                let english = try BoxOfficeJSON.decoder().decode(Movie.self, from: Data(response.text.utf8))
                #expect(english == KOBISVocabulary.english.movie(movie), "\(request.0)")
                #expect(english.genres != movie.genres)
                #expect(english.title == movie.title && english.titleEnglish == movie.titleEnglish)
                #expect(Set((response.jsonObject ?? [:]).keys) == Set((plain.jsonObject ?? [:]).keys))
            }
        }
    }

    @Test("search: English titles lead on English pages; search JSON names genres and nations in English")
    func search() async throws {
        try await WebTestSupport.withSampleApp { client in
            let movie = try await Self.englishTitledMovie(client)
            let query = Self.queryValue(movie.title)
            let english = try await client.get("/movies?q=\(query)&lang=en")
            #expect(
                english.text.contains(
                    #">\#(Self.escaped(movie.titleEnglish)) <span class="name-beside" lang="ko">\#(Self.escaped(movie.title))</span></a>"#
                ))
            let korean = try await client.get("/movies?q=\(query)")
            #expect(korean.text.contains(#">\#(Self.escaped(movie.title))</a>"#))
            #expect(!korean.text.contains("name-beside"))

            let path = "/api/v1/movies?q=\(query)"
            let plainPage = try BoxOfficeJSON.decoder().decode(
                MovieSearchPage.self, from: Data(try await client.get(path).text.utf8))
            let englishPage = try BoxOfficeJSON.decoder().decode(
                MovieSearchPage.self, from: Data(try await client.get(path + "&lang=en").text.utf8))
            #expect(!plainPage.movies.isEmpty)
            #expect(englishPage == KOBISVocabulary.english.searchPage(plainPage))
            #expect(plainPage.movies.allSatisfy { $0.type == "장편" })
            #expect(englishPage.movies.allSatisfy { $0.type == "Feature" })
        }
    }

    @Test("the region filter names all 17 wide areas in English although KOBIS's engNm is empty")
    func regions() async throws {
        try await Self.withRealWideAreas { client in
            let english = try await client.get("/daily?date=\(WebTestSupport.settledDate)&lang=en").text
            for area in KOBISWideAreas.all {
                #expect(english.contains(#"<option value="\#(area.code)">\#(area.english)</option>"#), "\(area.korean)")
            }
            #expect(!english.contains(#"value="0105017"></option>"#))
            let korean = try await client.get("/daily?date=\(WebTestSupport.settledDate)").text
            #expect(korean.contains(#"<option value="0105017">세종시</option>"#))
            let weekly = try await client.get("/weekly?lang=en&area=0105017").text
            #expect(weekly.contains(#"<option value="0105017" selected>Sejong</option>"#))
        }
    }

    @Test("chart pages in English: rank marks, spoken labels and the footer")
    func chartPage() async throws {
        try await WebTestSupport.withSampleApp { client in
            let html = try await client.get("/daily?date=\(WebTestSupport.settledDate)&lang=en").text
            for entry in PageTests.expectedChart(WebTestSupport.settledDate) {
                #expect(
                    html.contains(#"aria-label="\#(PageStrings.english.spokenRank(entry.rank, change: entry.change))""#)
                )
            }
            #expect(html.contains("KOBIS Open API · Korean Film Council"))
            #expect(!html.contains("영화진흥위원회"))
        }
    }

    @Test("period JSON and page: a foreign film's nation in English when asked")
    func period() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let path = "/api/v1/charts/period?from=2024-03-01&to=2024-03-15&limit=100"
            let korean = try BoxOfficeJSON.decoder().decode(
                PeriodChart.self, from: Data(try await client.get(path).text.utf8))
            let english = try BoxOfficeJSON.decoder().decode(
                PeriodChart.self, from: Data(try await client.get(path + "&lang=en").text.utf8))
            #expect(english == KOBISVocabulary.english.periodChart(korean))
            let foreign = try #require(korean.entries.first { $0.nationality == .foreign && $0.nation != nil })
            let nation = try #require(KOBISVocabulary.english(foreign.nation ?? "", .nation))
            let page = try await client.get("/charts/period?from=2024-03-01&to=2024-03-15&limit=100&lang=en").text
            #expect(page.contains("<td>Foreign · \(nation)</td>"))
            #expect(page.contains("/api/v1/charts/period?from=2024-03-01&amp;to=2024-03-15&amp;limit=100&amp;lang=en"))
        }
    }
}
