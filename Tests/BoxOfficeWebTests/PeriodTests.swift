import BoxOfficeCore
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

/// An app in sample mode at the fixed clock (yesterday 2024-03-19) whose archive holds 2024-03-01…15,
/// filled by the sync engine from the in-process simulator.
enum ArchiveWebSupport {
    static let archived = DateRange(start: CalendarDate("2024-03-01")!, end: CalendarDate("2024-03-15")!)

    static func withArchivedApp(_ body: @Sendable (AppServices, any TestClientProtocol) async throws -> Void)
        async throws
    {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
        let services = try await AppServices.start(
            configuration: configuration, logger: Logger(label: "archive-web-test"),
            transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
        do {
            let report = try await services.syncEngine(options: SyncOptions(concurrency: 4)).run(
                SyncRequest(range: archived))
            #expect(report.isComplete)
            #expect(report.chartsStored == archived.count)
            let app = try await buildApplication(services: services)
            try await app.test(.router) { client in try await body(services, client) }
        } catch {
            await services.shutdown()
            throw error
        }
        await services.shutdown()
    }
}

@Suite("Archive pages and API: period charts and movie trends")
struct PeriodTests {
    @Test("period JSON: each film's audience is the sum of its daily figures; shares and coverage")
    func periodSums() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let response = try await client.get("/api/v1/charts/period?from=2024-03-01&to=2024-03-15&limit=100")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let period = try BoxOfficeJSON.decoder().decode(PeriodChart.self, from: Data(response.text.utf8))
            var sums: [String: Int64] = [:]
            var total: Int64 = 0
            for day in ArchiveWebSupport.archived.days {
                let daily = try await client.get("/api/v1/daily?date=\(day)")
                let chart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(daily.text.utf8))
                for entry in chart.entries {
                    sums[entry.movieCode, default: 0] += entry.audience
                    total += entry.audience
                }
            }
            #expect(period.entries.count == sums.count)
            for entry in period.entries {
                #expect(entry.audience == sums[entry.movieCode], "\(entry.title)")
            }
            #expect(period.audience == total)
            #expect(period.entries.map(\.audience) == period.entries.map(\.audience).sorted(by: >))
            #expect(period.coverage.isComplete && period.coverage.days == 15)
            #expect(period.source == .sample)
            // Every film's details were fetched by the sync: no unknown nation.
            #expect(period.share(of: .unknown)?.movies == 0)
            let korean = try #require(period.share(of: .korean))
            let foreign = try #require(period.share(of: .foreign))
            #expect(korean.audience + foreign.audience == total)
            #expect(korean.movies > 0 && foreign.movies > 0)
            let top = try await client.get("/api/v1/charts/period?from=2024-03-01&to=2024-03-15")
            #expect((top.jsonObject?["entries"] as? [Any])?.count == 10)
        }
    }

    @Test("period page: SVG bar chart with title and desc, the table, and the command that fills the gap")
    func periodPage() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let response = try await client.get("/charts/period?month=2024-03")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.contains("2024-03-01 (금) – 2024-03-19 (화)"))
            #expect(html.contains("19일 중 15일이 보관되어 있습니다."))
            #expect(
                html.contains(#"<code class="sync-command">boxoffice sync --from 2024-03-16 --to 2024-03-19</code>"#))
            #expect(html.contains(#"role="img" aria-labelledby="period-chart-title period-chart-desc""#))
            #expect(html.contains(#"<title id="period-chart-title">"#))
            #expect(html.contains(#"<desc id="period-chart-desc">"#))
            #expect(html.components(separatedBy: #"<rect class="bar bar-"#).count - 1 == 10 + 2)
            #expect(html.components(separatedBy: "<tr><td class=\"num\">").count - 1 == 10)
            #expect(html.contains(#/<link rel="stylesheet" href="\/static\/archive\.[0-9a-f]{12}\.css">/#))
            #expect(html.contains(#"href="/charts/period?month=2024-02""#))
            #expect(html.contains(#"aria-current="page">이번 달</a>"#))
            #expect(!html.contains("<script>"), "no inline script")
            #expect(!html.contains("style="))

            let complete = try await client.get("/charts/period?from=2024-03-01&to=2024-03-15&lang=en").text
            #expect(complete.contains("Box office by period"))
            #expect(!complete.contains("sync-command"))
            #expect(complete.contains(#"href="/charts/period?from=2024-02-15&amp;to=2024-02-29&amp;lang=en""#))

            let empty = try await client.get("/charts/period?year=2023").text
            #expect(empty.contains("이 기간의 보관된 일별 차트가 없습니다."))
            #expect(empty.contains("boxoffice sync --from 2023-01-01 --to 2023-12-31"))
            #expect(!empty.contains("<svg"))

            let css = try await client.get("/static/archive.css")
            #expect(css.status == .ok)
        }
    }

    @Test("trend JSON and CSV: the film's rows in the archived daily charts, oldest first")
    func trend() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let first = try await client.get("/api/v1/daily?date=2024-03-01")
            let chart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(first.text.utf8))
            let code = try #require(chart.entries.first?.movieCode)
            var expected: [(String, Int, Int64, Int)] = []
            for day in ArchiveWebSupport.archived.days {
                let daily = try BoxOfficeJSON.decoder().decode(
                    Chart.self, from: Data(try await client.get("/api/v1/daily?date=\(day)").text.utf8))
                if let row = daily.entries.first(where: { $0.movieCode == code }) {
                    expected.append((day.isoString, row.rank, row.audience, row.screens))
                }
            }
            let response = try await client.get("/api/v1/movies/\(code)/trend")
            #expect(response.status == .ok)
            let trend = try BoxOfficeJSON.decoder().decode(MovieTrend.self, from: Data(response.text.utf8))
            #expect(trend.movieCode == code)
            #expect(trend.title == chart.entries.first?.title)
            #expect(trend.points.count == expected.count)
            for (point, row) in zip(trend.points, expected) {
                #expect(point.date.isoString == row.0)
                #expect(point.rank == row.1 && point.audience == row.2 && point.screens == row.3)
            }

            // A code the store knows nothing of is not a film with an empty trend (no KOBIS call decides it).
            for path in ["/api/v1/movies/99999999/trend?lang=en", "/movies/99999999/trend.csv?lang=en"] {
                let unknown = try await client.get(path)
                #expect(unknown.status == .notFound, "\(path)")
                #expect(unknown.text.contains("The archive holds nothing of a movie with code 99999999"), "\(path)")
            }

            let csv = try await client.get("/movies/\(code)/trend.csv")
            #expect(csv.status == .ok)
            #expect(csv.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(csv.headers[.contentDisposition] == "attachment; filename=\"trend-\(code).csv\"")
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.count == expected.count + 1)
            #expect(lines[1].hasPrefix("\(expected[0].0),\(expected[0].1),\(expected[0].2),"))

        }
    }

    @Test(
        "bad input answers 400 or 404 with a clear message, never 500",
        arguments: [
            ("/api/v1/charts/period?from=2024-03-10&to=2024-03-01", 400, "after"),
            ("/api/v1/charts/period?from=2024-03-01&to=2024-03-20", 400, "today"),
            ("/api/v1/charts/period?from=2024-03-01&to=2030-01-01", 400, "future"),
            ("/api/v1/charts/period?from=2024-3-1&to=2024-03-05", 400, "YYYY-MM-DD"),
            ("/api/v1/charts/period?from=2024-03-01", 400, "from and to go together"),
            ("/api/v1/charts/period?month=2024-13", 400, "YYYY-MM"),
            ("/api/v1/charts/period?year=abcd", 400, "YYYY"),
            ("/api/v1/charts/period?year=2030", 400, "not begun"),
            ("/api/v1/charts/period?month=2024-03&year=2024", 400, "either"),
            ("/api/v1/charts/period?from=2024-03-01&to=2024-03-02&limit=0", 400, "limit"),
            ("/api/v1/charts/period?from=2024-03-01&to=2024-03-02&limit=x", 400, "limit"),
            ("/api/v1/movies/bad!code/trend", 404, "not a KOBIS movie code"),
        ])
    func apiErrors(uri: String, status: Int, mention: String) async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(uri)
            #expect(response.status.code == status, "\(uri)")
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            // Its words follow the reader's language: a cache between must not hand them to a reader of the other.
            #expect(response.headers[.vary]?.contains("Accept-Language") == true, "\(response.headers)")
            let message = try #require(response.apiErrorMessage, "\(uri)")
            #expect(message.contains(mention), "\(message)")
        }
    }

    @Test(
        "bad input on the page and the CSV answers an HTML error page",
        arguments: [
            ("/charts/period?from=2024-03-10&to=2024-03-01", 400),
            ("/charts/period?from=2099-01-01&to=2099-01-02", 400),
            ("/charts/period?month=march", 400), ("/movies/bad!code/trend.csv", 404),
        ])
    func pageErrors(uri: String, status: Int) async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(uri)
            #expect(response.status.code == status, "\(uri)")
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            #expect(response.text.contains(#"<p class="error-message">"#))
        }
    }

    @Test("the movie_trend partial: an accessible SVG line chart with gaps, a table, and the CSV link")
    func trendPartial() async throws {
        struct Page { var trend: MovieTrendViewModel }
        func point(_ day: String, _ audience: Int64) -> TrendPoint {
            TrendPoint(
                date: CalendarDate(day)!, rank: 2, title: "테스트", audience: audience, audienceTotal: audience, sales: 1,
                screens: 300, shows: 900)
        }
        // Two runs of consecutive days and one lone day: two polylines and one dot.
        let trend = MovieTrend(
            movieCode: "2023C109", source: .kobis,
            points: [
                point("2024-03-01", 1_000), point("2024-03-02", 1_500), point("2024-03-03", 1_200),
                point("2024-03-06", 800), point("2024-03-07", 400), point("2024-03-10", 90_000),
            ])
        let renderer = try await PageRenderer.loadFromBundle()
        let response = try renderer.render(
            Page(trend: MovieTrendViewModel(trend: trend, language: .korean)), template: "movie_trend")
        let html = try await BodyCollector.text(of: response)
        #expect(html.contains(#"aria-labelledby="trend-2023C109-title trend-2023C109-desc""#))
        #expect(html.contains("<title id=\"trend-2023C109-title\">테스트 일별 관객수</title>"))
        #expect(html.contains("최고 90,000명(2024-03-10)"))
        #expect(html.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(html.components(separatedBy: "<circle").count - 1 == 1)
        #expect(html.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 6)
        #expect(html.contains(#"href="/movies/2023C109/trend.csv""#))
        #expect(html.contains(">100,000</text>"), "the axis tops at a round number")
        #expect(!html.contains("style="))

        let empty = try renderer.render(
            Page(
                trend: MovieTrendViewModel(
                    trend: MovieTrend(movieCode: "1", source: .kobis, points: []), language: .english)),
            template: "movie_trend")
        let emptyHTML = try await BodyCollector.text(of: empty)
        #expect(emptyHTML.contains("The archive has no daily chart with this film."))
        #expect(!emptyHTML.contains("<svg"))

        // Found by a hostile review: a corrupt stored row of 6 × 10¹⁸ admissions took the axis to 10¹⁹, past what a
        // tick's `Int64` label holds, and stopped the film page. The axis now stops at 9 × 10¹⁸.
        let corrupt = MovieTrendViewModel(
            trend: MovieTrend(
                movieCode: "1", source: .kobis,
                points: [point("2024-03-01", 6_000_000_000_000_000_000), point("2024-03-02", .max)]),
            language: .english)
        #expect(corrupt.yTicks.last?.label == "9,000,000,000,000,000,000")
        #expect(MovieTrendViewModel.niceCeiling(.infinity) == MovieTrendViewModel.maximumCeiling)
        #expect(MovieTrendViewModel.niceCeiling(.nan) == 10)
        #expect(MovieTrendViewModel.niceCeiling(4_100) == 5_000)
    }
}

/// Reads a response body written outside a server.
private final class BodyCollector: ResponseBodyWriter, Sendable {
    private let collected = Locked(ByteBuffer())

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        collected.withLock { _ = $0.writeBuffer(&buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}

    static func text(of response: Response) async throws -> String {
        let collector = BodyCollector()
        try await response.body.write(collector)
        return String(buffer: collector.collected.withLock { $0 })
    }
}
