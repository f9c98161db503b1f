import BoxOfficeCore
import BoxOfficeText
import Foundation
import Hummingbird
import HummingbirdTesting
import KOBIS
import KOBISSimulator
import Testing

@testable import BoxOfficeWeb

@Suite("JSON API")
struct APITests {
    @Test("/api/v1/daily returns the contract's chart JSON")
    func dailyJSON() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let json = try #require(response.jsonObject)
            #expect(json["kind"] as? String == "daily")
            #expect(json["source"] as? String == "sample")
            #expect(json["stale"] as? Bool == false)
            #expect(json["fetchedAt"] is String)
            let range = try #require(json["range"] as? [String: Any])
            #expect(range["start"] as? String == WebTestSupport.settledDate)
            #expect(range["end"] as? String == WebTestSupport.settledDate)
            let entries = try #require(json["entries"] as? [[String: Any]])
            #expect(entries.count == 10)
            let first = try #require(entries.first)
            for field in [
                "rank", "change", "movieCode", "title", "openDate", "audience", "audienceTotal", "sales",
                "salesShare", "salesTotal", "screens", "shows",
            ] {
                #expect(first[field] != nil, "missing \(field)")
            }
            let change = try #require(first["change"] as? [String: Any])
            #expect(["new", "up", "down", "same"].contains(change["kind"] as? String ?? ""))
            #expect(change["amount"] is Int)
            // The same chart as the domain encodes it.
            let chart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(response.text.utf8))
            #expect(chart.entries.map(\.rank) == Array(1...10))
        }
    }

    @Test("/api/v1/daily defaults to yesterday in Seoul; filters pass through")
    func dailyDefaults() async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get("/api/v1/daily")
            #expect(response.status == .ok)
            let chart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(response.text.utf8))
            #expect(chart.range.start.isoString == WebTestSupport.yesterday)
            let filtered = try await client.get("/api/v1/daily?date=2024-03-15&nation=K&multi=N&area=")
            #expect(filtered.status == .ok)
            let filteredChart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(filtered.text.utf8))
            #expect(filteredChart.filters == ChartFilters(nation: .korean, multiMovie: .commercial))
        }
    }

    @Test("/api/v1/weekly: default is the latest full week; range selects weekend/weekdays")
    func weeklyJSON() async throws {
        try await WebTestSupport.withSampleApp { client in
            let week = try await client.get("/api/v1/weekly")
            #expect(week.status == .ok)
            let weekChart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(week.text.utf8))
            #expect(weekChart.kind == .week)
            #expect(weekChart.range == DateRange(start: CalendarDate("2024-03-11")!, end: CalendarDate("2024-03-17")!))
            let weekend = try await client.get("/api/v1/weekly?date=2024-03-13&range=weekend")
            #expect(weekend.status == .ok)
            #expect(weekend.jsonObject?["kind"] as? String == "weekend")
            let weekendChart = try BoxOfficeJSON.decoder().decode(Chart.self, from: Data(weekend.text.utf8))
            #expect(weekendChart.range.start.isoString == "2024-03-15")
            let weekdays = try await client.get("/api/v1/weekly?date=2024-03-13&range=weekdays")
            #expect(weekdays.jsonObject?["kind"] as? String == "weekdays")
        }
    }

    @Test(
        "bad input answers 400 with a JSON message, never 500",
        arguments: [
            "/api/v1/daily?date=2024-13-01", "/api/v1/daily?date=2023-02-29", "/api/v1/daily?date=2024-03-20",
            "/api/v1/daily?date=2030-01-01", "/api/v1/daily?date=2003-12-31", "/api/v1/daily?nation=X",
            "/api/v1/daily?multi=Q", "/api/v1/daily?area=abc", "/api/v1/weekly?range=month",
            "/api/v1/weekly?date=2024-03-18", "/api/v1/movies?q=a&year=abc", "/api/v1/movies?q=a&page=0",
        ])
    func badInput(uri: String) async throws {
        try await WebTestSupport.withSampleApp { client in
            let response = try await client.get(uri)
            #expect(response.status == .badRequest, "\(uri): \(response.text)")
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            let message = try #require(response.apiErrorMessage, "\(uri): \(response.text)")
            #expect(!message.isEmpty)
        }
    }

    @Test("movie JSON has the contract's fields; unknown codes and routes answer 404 JSON")
    func movies() async throws {
        try await WebTestSupport.withSampleApp { client in
            let chart = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let code = try #require((chart.jsonObject?["entries"] as? [[String: Any]])?.first?["movieCode"] as? String)
            let movie = try await client.get("/api/v1/movies/\(code)")
            #expect(movie.status == .ok)
            let json = try #require(movie.jsonObject)
            for field in [
                "code", "title", "titleEnglish", "runtimeMinutes", "productionYear", "openDate", "nations",
                "genres", "directors", "actors", "grades", "companies",
            ] {
                #expect(json.keys.contains(field), "missing \(field)")
            }
            #expect(json["code"] as? String == code)

            for uri in ["/api/v1/movies/00000000", "/api/v1/movies/not-a-code!", "/api/v1/nothing", "/api/v2/daily"] {
                let missing = try await client.get(uri)
                #expect(missing.status == .notFound, "\(uri)")
                #expect(missing.apiErrorMessage != nil, "\(uri): \(missing.text)")
            }
        }
    }

    @Test("movie search returns a MovieSearchPage")
    func search() async throws {
        try await WebTestSupport.withSampleApp { client in
            let chart = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let title = try #require((chart.jsonObject?["entries"] as? [[String: Any]])?.first?["title"] as? String)
            let encoded = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? title
            let response = try await client.get("/api/v1/movies?q=\(encoded)")
            #expect(response.status == .ok)
            let page = try BoxOfficeJSON.decoder().decode(MovieSearchPage.self, from: Data(response.text.utf8))
            #expect(page.page == 1)
            #expect(page.movies.contains { $0.title == title })
            let empty = try await client.get("/api/v1/movies")
            #expect(empty.status == .ok)
            #expect(empty.jsonObject?["totalCount"] as? Int == 0)
        }
    }

    @Test("/health, /, /metrics and security headers")
    func infrastructureRoutes() async throws {
        try await WebTestSupport.withSampleApp { client in
            let health = try await client.get("/health")
            #expect(health.status == .ok)
            #expect(health.text == "ok")
            #expect(health.headers[.contentType]?.hasPrefix("text/plain") == true)

            let root = try await client.get("/")
            #expect([.found, .seeOther, .temporaryRedirect].contains(root.status))
            #expect(root.headers[.location] == "/daily")

            _ = try await client.get("/api/v1/daily?date=\(WebTestSupport.settledDate)")
            let metrics = try await client.get("/metrics")
            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(metrics.text.contains("kobis_upstream_calls_total"))
            #expect(metrics.text.contains("http_requests_total"))
            #expect(metrics.text.contains(#"route="/api/v1/daily""#))
            #expect(metrics.text.contains("http_request_duration_seconds"))

            for response in [health, root, metrics] {
                let csp = try #require(response.headers[.contentSecurityPolicy])
                #expect(csp.contains("default-src 'self'"))
                #expect(csp.contains("frame-ancestors 'none'"))
                #expect(!csp.contains("unsafe-inline"))
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.init("Referrer-Policy")!] == "strict-origin-when-cross-origin")
            }
        }
    }
}
