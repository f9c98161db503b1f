import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeText
import Foundation
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// `GET /api/v1/movies/{code}/run` over an archive the sync filled from the simulator (2024-03-01…15).
@Suite struct FilmRunAPITests {
    static func upstreamCalls(_ client: any TestClientProtocol) async throws -> [Substring] {
        try await client.get("/metrics").text.split(separator: "\n").filter {
            $0.hasPrefix(CountingTransport.counterName)
        }
    }

    @Test func theRunOfAChartedFilmFromTheArchiveAloneWithComparisons() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            let codes = chart.entries.map(\.movieCode)
            let code = try #require(codes.first)
            let usedBefore = try await services.ledger.usage().used
            let callsBefore = try await Self.upstreamCalls(client)

            let response = try await client.get("/api/v1/movies/\(code)/run?vs=\(codes[1])&vs=\(codes[2])")
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl]?.hasPrefix("public, max-age=") == true)
            let report = try BoxOfficeJSON.decoder().decode(FilmRunReport.self, from: Data(response.text.utf8))
            #expect(report.run.movieCode == code)
            #expect(report.run.title == chart.entries[0].title)
            #expect(report.compared.map(\.movieCode) == [codes[1], codes[2]])
            #expect(report.compared.allSatisfy { $0.title != nil })
            // The run is the core's over the stored rows: the final floor is the latest chart's total.
            #expect(report.run.final?.audience == .floor(Double(chart.entries[0].audienceTotal)))
            let trend = try await client.get("/api/v1/movies/\(code)/trend").jsonObject?["points"] as? [Any]
            #expect(report.run.daysInTop10 == trend?.count)
            // Figures carry their quality, bounds written out.
            let object = try #require(response.jsonObject?["run"] as? [String: Any])
            let final = try #require(object["final"] as? [String: Any])
            let audience = try #require(final["audience"] as? [String: Any])
            #expect(audience["quality"] as? String == "floor")
            #expect(audience.keys.sorted() == ["high", "low", "quality", "value"])

            #expect(try await services.ledger.usage().used == usedBefore)
            #expect(try await Self.upstreamCalls(client) == callsBefore)
        }
    }

    @Test func badComparisonsAnswer400InTheReadersLanguageAndUnknownFilms404() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            let codes = chart.entries.map(\.movieCode)
            let five = codes.dropFirst().prefix(5).map { "vs=\($0)" }.joined(separator: "&")
            let tooMany = try await client.get("/api/v1/movies/\(codes[0])/run?\(five)&lang=en")
            #expect(tooMany.status == .badRequest)
            #expect(tooMany.text.contains("compare with at most 4 films"))
            // It names what it was given: how many, and the codes (as far as a message quotes a value).
            let given = codes.dropFirst().prefix(4).joined(separator: ", ")
            #expect(tooMany.text.contains("(5 given), got \\\"\(given), …\\\""), "\(tooMany.text)")
            let itself = try await client.get("/api/v1/movies/\(codes[0])/run?vs=\(codes[0])&lang=ko")
            #expect(itself.status == .badRequest)
            #expect(itself.text.contains("이 영화 자신과는 비교할 수 없습니다"))
            let malformed = try await client.get("/api/v1/movies/\(codes[0])/run?vs=%3Cscript%3E")
            #expect(malformed.status == .badRequest)
            let unknown = try await client.get("/api/v1/movies/99999999/run?lang=en")
            #expect(unknown.status == .notFound)
            // The run reads the store alone: it says the archive holds nothing, not that KOBIS has no such film.
            #expect(unknown.text.contains("The archive holds nothing of a movie with code 99999999"))
            let notACode = try await client.get("/api/v1/movies/a-b/run")
            #expect(notACode.status == .notFound)
            // A film to compare that the store knows nothing of is named as the film itself would be.
            let unknownVersus = "/movies/\(codes[0])?vs=\(codes[1])&vs=99999999"
            for path in ["/api/v1" + unknownVersus.replacingOccurrences(of: "?", with: "/run?"), unknownVersus] {
                let english = try await client.get(path + "&lang=en")
                #expect(english.status == .notFound, "\(path)")
                #expect(english.text.contains("The archive holds nothing of a movie with code 99999999"), "\(path)")
                let korean = try await client.get(path + "&lang=ko")
                #expect(korean.status == .notFound, "\(path)")
                #expect(korean.text.contains("보관함에 코드가 99999999인 영화의 기록이 없습니다"), "\(path)")
            }
        }
    }

    // Found by a hostile review: the generated decoder read bytes that are not UTF-8 as a blank value, so the API
    // took `vs=%FF` for no comparison and named "" for a path of `%FF`, where the page refuses and names them.
    @Test func valuesThatAreNotUTF8AreRefusedAndNamedAsThePageDoes() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            let code = try #require(chart.entries.first?.movieCode)
            for path in ["/api/v1/movies/\(code)/run?vs=%FF&lang=en", "/movies/\(code)?vs=%FF&lang=en"] {
                let response = try await client.get(path)
                #expect(response.status == .badRequest, "\(path)")
                #expect(response.text.contains("%FF"), "\(path): \(response.text)")
            }
            for path in [
                "/api/v1/movies/%FF/run?lang=en", "/api/v1/movies/%FF?lang=en", "/api/v1/movies/%FF/trend?lang=en",
                "/movies/%FF?lang=en",
            ] {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.text.contains("%FF"), "\(path): \(response.text)")
            }
            // A code sent percent-encoded is named decoded, on the page as in the API.
            for path in ["/api/v1/movies/%ED%95%9C/run?lang=en", "/movies/%ED%95%9C?lang=en"] {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.text.contains("한"), "\(path): \(response.text)")
            }
            // A long value is quoted in part, and says so.
            let long = String(repeating: "9", count: 60)
            let cut = try await client.get("/api/v1/movies/\(code)/run?vs=\(long)x&lang=en")
            #expect(cut.status == .badRequest)
            #expect(cut.text.contains(String(repeating: "9", count: 40) + "…"))
            #expect(!cut.text.contains(String(repeating: "9", count: 41)))
        }
    }

    // Found by a hostile review: an `Accept-Language` naming neither Korean nor English made the API's words Korean,
    // where they fall back to English; pages still fall back to Korean.
    @Test func anAcceptLanguageOfNeitherLeavesTheAPIInEnglish() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            for header in ["fr", "*", "fr-FR, de;q=0.8", "ko;q=0, en;q=0"] {
                let api = try await client.get("/api/v1/records/totals?year=abc", headers: [.acceptLanguage: header])
                #expect(api.status == .badRequest)
                #expect(api.text.contains("year"), "\(header)")
                #expect(!api.text.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(header)")
                let page = try await client.get("/records/totals?year=abc", headers: [.acceptLanguage: header])
                #expect(page.status == .badRequest)
                #expect(page.text.contains("연도"), "\(header)")
            }
            let korean = try await client.get(
                "/api/v1/records/totals?year=abc", headers: [.acceptLanguage: "fr, ko;q=0.5"])
            #expect(korean.text.contains("연도"))
        }
    }
}

/// The run on the film page: figures, milestones, the pace chart and the comparison form.
@Suite struct FilmRunPageTests {
    @Test func theFilmPageShowsTheRunAndComparesByTitle() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            let film = chart.entries[0]
            let other = chart.entries[1]
            let page = try await client.get("/movies/\(film.movieCode)?vs=\(other.movieCode)")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<section class="movie-section movie-run" id="run""#))
            #expect(html.contains("흥행 기록"))
            #expect(html.contains(#"class="chart-w640 archive-chart pace-chart""#))
            #expect(html.components(separatedBy: #"<polyline class="pace-line"#).count - 1 == 2)
            #expect(html.contains(#"<text class="chart-value pace-label""#))
            #expect(html.contains(#"<input type="hidden" name="vs" value="\#(other.movieCode)">"#))
            #expect(html.contains("/api/v1/movies/\(film.movieCode)/run?vs=\(other.movieCode)"))
            // In English the compared film and the pace lines go by the English titles the archive keeps.
            let titles = try await services.archive.englishTitles(of: [film.movieCode, other.movieCode])
            let otherEnglish = try #require(titles[other.movieCode]).htmlEscaped
            let english = try await client.get("/movies/\(film.movieCode)?vs=\(other.movieCode)&lang=en").text
            #expect(english.contains(#"<li>\#(otherEnglish) <span class="name-beside" lang="ko">"#))
            #expect(english.contains(">\(otherEnglish)</text>") && !html.contains(">\(otherEnglish)</text>"))
            // A film without an English title stands alone: the page's own film's Korean title (the film page's
            // `titleBeside`) never shows beside it, as Mustache would find it for a row that left the key out.
            let report = try await services.filmRuns.report(
                FilmRunQuery.parsing(movieCode: film.movieCode, versus: [other.movieCode]))
            let run = FilmRunViewModel(report: report, matches: nil, find: "", language: .english)
            let rendered = String(
                buffer: try await PageRenderer.loadFromBundle().renderBody(
                    PageWithTitle(titleBeside: "the page's own title", run: run), template: "movie_run"))
            #expect(rendered.contains("<li>\(other.title.htmlEscaped) <a href="))
            #expect(!rendered.contains("the page's own title"))

            // A title search lists archived films with links that add them.
            let word = String(other.title.prefix(2))
            let query = word.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let found = try await client.get("/movies/\(film.movieCode)?find=\(query)&lang=en").text
            #expect(found.contains("Films found"))
            #expect(found.contains("vs=\(other.movieCode)"))

            let bad = try await client.get("/movies/\(film.movieCode)?vs=\(film.movieCode)&lang=en")
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("a film cannot be compared with itself"))
        }
    }
}

extension FilmRunPageTests {
    @Test func aComparedFilmTheArchiveNeverChartedIsSaidSoAndGetsNoColumn() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            let film = chart.entries[0]
            let other = chart.entries[1]
            // Its details are stored (a film page was opened), but no chart lists it.
            let unknown = "99999998"
            try await services.database.movieRepository(origin: services.configuration.upstreamOrigin).save(
                Movie(
                    code: unknown, title: "저장만 된 영화", titleEnglish: "Stored Only", openDate: CalendarDate("2024-03-20"),
                    source: .sample, fetchedAt: WebTestSupport.fixedNow))
            let page = try await client.get("/movies/\(film.movieCode)?vs=\(other.movieCode)&vs=\(unknown)&lang=en")
            #expect(page.status == .ok)
            let html = page.text
            let note = #"<span class="archive-note">(no day of its run in the archived charts)</span>"#
            // It goes by the titles its details give, the English one first on an English page.
            #expect(
                html.contains(#"<li>Stored Only <span class="name-beside" lang="ko">저장만 된 영화</span> \#(note) <a href="#)
            )
            // It has neither a line nor a column of dashes in the table.
            #expect(html.components(separatedBy: #"<polyline class="pace-line"#).count - 1 == 2)
            #expect(!html.contains(#"<th scope="col" class="num">Stored Only</th>"#))
            // The charted film compared has no such note.
            #expect(html.components(separatedBy: "no day of its run in the archived charts").count - 1 == 1)
            // The API names it too, and its own run (empty) carries its title and open date.
            let api = try #require(
                try await client.get("/api/v1/movies/\(film.movieCode)/run?vs=\(unknown)").jsonObject)
            let compared = try #require((api["compared"] as? [[String: Any]])?.first)
            #expect(compared["title"] as? String == "저장만 된 영화" && compared["openDate"] as? String == "2024-03-20")
            let own = try #require(try await client.get("/api/v1/movies/\(unknown)/run").jsonObject)
            let run = try #require(own["run"] as? [String: Any])
            #expect(run["reach"] as? String == "noArchivedDay" && run["title"] as? String == "저장만 된 영화")
            #expect(run["openDate"] as? String == "2024-03-20")
            #expect(compared["reach"] as? String == "noArchivedDay")
            // Stored without an open date, it still has no day rather than "no open date", on the page and in JSON.
            let undated = "99999995"
            try await services.database.movieRepository(origin: services.configuration.upstreamOrigin).save(
                Movie(code: undated, title: "날짜도 없는 영화", source: .sample, fetchedAt: WebTestSupport.fixedNow))
            let undatedPage = try await client.get("/movies/\(film.movieCode)?vs=\(undated)&lang=en").text
            #expect(undatedPage.contains("<li>날짜도 없는 영화 \(note)"), "\(undatedPage)")
            #expect(!undatedPage.contains("KOBIS gives it no open date"))
            let undatedAPI = try #require(
                try await client.get("/api/v1/movies/\(film.movieCode)/run?vs=\(undated)").jsonObject)
            let undatedPace = try #require((undatedAPI["compared"] as? [[String: Any]])?.first)
            #expect(undatedPace["reach"] as? String == "noArchivedDay" && undatedPace["openDate"] == nil)
            let korean = try await client.get("/movies/\(film.movieCode)?vs=\(unknown)").text
            #expect(korean.contains("<li>저장만 된 영화 <span class=\"archive-note\">(보관된 차트에 개봉 뒤 기록이 없습니다)"))
        }
    }
}

/// A film page's context as the `movie_run` partial meets it: the page's own `titleBeside` around the run.
private struct PageWithTitle {
    var titleBeside: String
    var run: FilmRunViewModel
}

extension FilmRunPageTests {
    @Test func aComparedFilmWithoutAnOpenDateIsSaidSoAndNotCountedAsALine() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let chart = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            let film = chart.entries[0]
            // A day before the archived ones whose chart lists a film KOBIS gives no open date.
            let blank = "99999997"
            let day = CalendarDate("2024-02-20")!
            let row = ChartEntry(
                rank: 1, change: .new, movieCode: blank, title: "날짜 없는 영화", openDate: nil, audience: 1_000,
                audienceTotal: 1_000, sales: 10_000_000, salesShare: 50.0, salesTotal: 10_000_000, screens: 10,
                shows: 40)
            try await services.database.chartRepository(origin: services.configuration.upstreamOrigin).save(
                Chart(
                    kind: .daily, range: DateRange(start: day, end: day), source: .sample,
                    fetchedAt: WebTestSupport.fixedNow, entries: [row]))
            let page = try await client.get("/movies/\(film.movieCode)?vs=\(blank)&lang=en")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains("(KOBIS gives it no open date, so its days of run cannot be counted)"), "\(html)")
            #expect(!html.contains("no day of its run in the archived charts"))
            // The chart's description counts only the films it draws.
            #expect(!html.contains("beside 1 other film"))
            let korean = try await client.get("/movies/\(film.movieCode)?vs=\(blank)").text
            #expect(korean.contains("KOBIS에 개봉일이 없어 개봉 며칠째인지 셀 수 없습니다"))
            #expect(!korean.contains("다른 영화 1편과 비교"))
            // The API says why it has no line, as the page does.
            let api = try #require(try await client.get("/api/v1/movies/\(film.movieCode)/run?vs=\(blank)").jsonObject)
            #expect((api["compared"] as? [[String: Any]])?.first?["reach"] as? String == "noOpenDate")
        }
    }
}
