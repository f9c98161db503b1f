import BoxOfficeCore
import BoxOfficeText
import Foundation
import Testing

@testable import BoxOfficeWeb

/// The period JSON (`/api/v1/charts/period`, `boxoffice top --format json`): the core's chart with the
/// `coverage.syncCommand` the surfaces spell, and nothing else changed.
@Suite("Period chart JSON body")
struct PeriodChartBodyTests {
    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }
    static func range(_ from: String, _ to: String) -> DateRange { DateRange(start: day(from), end: day(to)) }

    /// 2024-03-01…06 with 03-03, 03-04 and 03-06 missing, two films.
    static func chart(statusDays: [String] = ["2024-03-01", "2024-03-02", "2024-03-05"]) -> PeriodChart {
        let settled = WebTestSupport.fixedNow.addingTimeInterval(-10 * 86_400)
        let statuses = statusDays.map { StoredChartStatus(kind: .daily, range: range($0, $0), fetchedAt: settled) }
        let period = range("2024-03-01", "2024-03-06")
        let coverage = ArchiveCoverage(
            range: period, dailyStatuses: statuses,
            calendar: BoxOfficeCalendar(now: { WebTestSupport.fixedNow }))
        let totals = [
            ArchivedMovieTotal(
                movieCode: "A", title: "가", openDate: day("2024-02-28"), audience: 300, sales: 3_000, days: 3,
                bestRank: 1, firstDay: day("2024-03-01"), lastDay: day("2024-03-05"), representativeNation: "한국"),
            ArchivedMovieTotal(
                movieCode: "B", title: "나", openDate: nil, audience: 100, sales: 1_000, days: 1, bestRank: 2,
                firstDay: day("2024-03-02"), lastDay: day("2024-03-02"), representativeNation: "미국"),
        ]
        return PeriodChart(range: period, source: .sample, coverage: coverage, totals: totals, limit: 10)
    }

    static func object(_ value: some Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: BoxOfficeJSON.encoder().encode(value)) as? [String: Any])
    }

    @Test("the coverage keeps its fields and spells syncCommand; the typed range stays out of the JSON")
    func coverage() throws {
        let json = String(decoding: try BoxOfficeJSON.encoder().encode(PeriodChartBody(Self.chart())), as: UTF8.self)
        #expect(
            json.contains(
                #""coverage":{"archivedDays":3,"days":6,"isComplete":false,"missing":[{"end":"2024-03-04","#
                    + #""start":"2024-03-03"},{"end":"2024-03-06","start":"2024-03-06"}],"missingDays":3,"#
                    + #""provisionalDays":0,"syncCommand":"boxoffice sync --from 2024-03-03 --to 2024-03-06"}"#),
            "\(json)")
        #expect(!json.contains("syncRange"))

        let complete = try Self.object(
            PeriodChartBody(
                Self.chart(statusDays: Self.range("2024-03-01", "2024-03-06").days.map(\.isoString))))
        let completeCoverage = try #require(complete["coverage"] as? [String: Any])
        #expect(completeCoverage["isComplete"] as? Bool == true)
        #expect(completeCoverage["syncCommand"] == nil, "omitted when there is no gap")
    }

    @Test("every other field is the core chart's, as the core encodes it")
    func sameFields() throws {
        let chart = Self.chart()
        var expected = try Self.object(chart)
        var coverage = try #require(expected["coverage"] as? [String: Any])
        #expect(coverage.removeValue(forKey: "syncRange") != nil)
        coverage["syncCommand"] = "boxoffice sync --from 2024-03-03 --to 2024-03-06"
        expected["coverage"] = coverage
        let body = try Self.object(PeriodChartBody(chart))
        #expect(NSDictionary(dictionary: body).isEqual(to: expected), "\(body)\n\(expected)")
    }

    @Test("GET /api/v1/charts/period carries coverage.syncCommand")
    func route() async throws {
        try await ArchiveWebSupport.withArchivedApp { _, client in
            let response = try await client.get("/api/v1/charts/period?month=2024-03")
            #expect(response.status == .ok)
            let coverage = try #require(response.jsonObject?["coverage"] as? [String: Any])
            #expect(coverage["syncCommand"] as? String == "boxoffice sync --from 2024-03-16 --to 2024-03-19")
            #expect(coverage["syncRange"] == nil)
            let complete = try await client.get("/api/v1/charts/period?from=2024-03-01&to=2024-03-15&lang=en")
            let completeCoverage = try #require(complete.jsonObject?["coverage"] as? [String: Any])
            #expect(completeCoverage["syncCommand"] == nil)
        }
    }
}
