import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// The public API's answers are built from the domain by initialisers on the generated types and encoded once by the
/// generated code; these hold each operation's body to the domain's own JSON (what the API wrote before, through a JSON
/// round trip, and what `--format json` writes) byte for byte, and a kept answer to the first.
@Suite("API bodies: byte for byte the domain's JSON, kept answers included")
struct APIBodyBytesTests {
    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try BoxOfficeJSON.encoder().encode(value), as: UTF8.self)
    }

    @Test("each public GET answers the domain's JSON, the same again when kept, with its Cache-Control")
    func bodies() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let date = CalendarDate("2024-03-10")!
            let daily = try await client.get("/api/v1/daily?date=2024-03-10")
            // Rows carry the English titles the archive keeps, as `--format json` writes them.
            let chart = await services.archive.withEnglishTitles(try await services.charts.chart(.daily(date)))
            let code = try #require(chart.entries.first?.movieCode)
            let title = try #require(chart.entries.first?.title)
            let english = KOBISVocabulary.table(for: .english)
            let range = ArchiveWebSupport.archived
            let cases: [(path: String, headers: HTTPFields, expected: String)] = [
                ("/api/v1/daily?date=2024-03-10", [:], try Self.json(chart)),
                (
                    "/api/v1/weekly?date=2024-03-04", [:],
                    try Self.json(
                        await services.archive.withEnglishTitles(
                            try await services.charts.chart(ChartQuery(kind: .week, date: date))))
                ),
                ("/api/v1/movies/\(code)", [:], try Self.json(try await services.movies.movie(code: code))),
                (
                    "/api/v1/movies/\(code)", [.acceptLanguage: "en"],
                    try Self.json(english.movie(try await services.movies.movie(code: code)))
                ),
                (
                    "/api/v1/movies?q=\(title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&lang=en",
                    [:], try Self.json(english.searchPage(try await services.movies.search(.init(title: title))))
                ),
                (
                    "/api/v1/charts/period?from=2024-03-01&to=2024-03-15&limit=20", [:],
                    try Self.json(PeriodChartBody(try await services.archive.periodChart(range, limit: 20)))
                ),
                (
                    "/api/v1/charts/period?from=2024-03-01&to=2024-03-15&lang=en", [:],
                    try Self.json(PeriodChartBody(english.periodChart(try await services.archive.periodChart(range))))
                ),
                (
                    "/api/v1/movies/\(code)/trend", [:],
                    try Self.json(try await services.archive.trend(movieCode: code))
                ),
                (
                    "/api/v1/movies/\(code)/run?vs=\(chart.entries[1].movieCode)", [:],
                    try Self.json(
                        await services.archive.withEnglishTitles(
                            try await services.filmRuns.report(
                                FilmRunQuery.parsing(movieCode: code, versus: [chart.entries[1].movieCode]))))
                ),
            ]
            #expect(daily.text == cases[0].expected)
            // The run names its films' English titles (every sample film has one).
            let run = try #require(cases.last?.expected)
            #expect(run.contains("\"englishTitles\":{") && run.contains("\"\(code)\":\""))
            for (path, headers, expected) in cases {
                let first = try await client.get(path, headers: headers)
                #expect(first.status == .ok, "\(path)")
                #expect(first.text == expected, "\(path)")
                let again = try await client.get(path, headers: headers)
                #expect(again.text == expected, "\(path), asked again")
                #expect(again.headers[.contentType] == "application/json; charset=utf-8", "\(path)")
            }
            // A settled chart stays as it is: public for at most five minutes, and kept as long.
            let control = try #require(daily.headers[.cacheControl])
            let seconds = try #require(APICacheControl.publicMaxAge(control), "\(control)")
            #expect((1...300).contains(seconds))
            #expect(daily.headers[.vary]?.contains("Accept-Language") == true)
        }
    }

    @Test("a period with days missing from the archive may change at any time: no-cache, read again each time")
    func unsettledPeriod() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let path = "/api/v1/charts/period?from=2024-02-20&to=2024-03-15"
            let first = try await client.get(path)
            #expect(first.status == .ok)
            #expect(first.headers[.cacheControl] == APICacheControl.noCache)
            #expect(try await client.get(path).headers[.cacheControl] == APICacheControl.noCache)
        }
    }

    @Test("a row without an open date or shows names every Contract field, null where unknown, as --format json does")
    func unknownsAreNull() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            // KOBIS sends a blank open date (" ") for some re-releases; a row may have had no shows.
            let day = CalendarDate("2024-02-20")!
            let row = ChartEntry(
                rank: 1, change: .new, movieCode: "99999996", title: "재개봉 영화", openDate: nil, audience: 1_000,
                audienceTotal: 1_000, sales: 10_000_000, salesShare: 50.0, salesTotal: 10_000_000, screens: 10,
                shows: 0)
            try await services.database.chartRepository(origin: services.configuration.upstreamOrigin).save(
                Chart(
                    kind: .daily, range: DateRange(start: day, end: day), source: .sample,
                    fetchedAt: WebTestSupport.fixedNow, entries: [row]))
            let answer = try await client.get("/api/v1/daily?date=2024-02-20")
            #expect(answer.status == .ok)
            let chart = await services.archive.withEnglishTitles(try await services.charts.chart(.daily(day)))
            #expect(answer.text == (try Self.json(chart)))
            for field in [#""openDate":null"#, #""dayOfRun":null"#, #""audiencePerShow":null"#] {
                #expect(answer.text.contains(field), "\(field) in \(answer.text)")
            }
        }
    }
}
