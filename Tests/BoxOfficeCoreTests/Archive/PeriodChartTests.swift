import BoxOfficeCodecs
import BoxOfficeCore
import BoxOfficeText
import Foundation
import Testing

@Suite("Archive: period charts, trends and exports")
struct PeriodChartTests {
    /// A synced archive of 2024-03-01…10 with 03-05 missing.
    static func archive() async throws -> (InMemoryArchive, ArchiveService, TestClock) {
        let clock = TestClock(seoul(2024, 3, 20, 12))
        let store = InMemoryArchive()
        let upstream = ArchiveUpstream(clock: clock)
        let calendar = BoxOfficeCalendar(now: clock.function)
        let engine = SyncEngine(
            upstream: upstream, charts: store, movies: store, archive: store, calendar: calendar,
            sleep: { _ in })
        _ = try await engine.run(SyncRequest(range: archiveRange("2024-03-01", "2024-03-04")))
        _ = try await engine.run(SyncRequest(range: archiveRange("2024-03-06", "2024-03-10")))
        return (
            store, ArchiveService(archive: store, charts: store, movies: store, calendar: calendar, source: .kobis),
            clock
        )
    }

    @Test("period figures are the sums of the archived daily figures; ranks by audience; shares add up")
    func sums() async throws {
        let (store, service, _) = try await Self.archive()
        let period = archiveRange("2024-03-01", "2024-03-10")
        let chart = try await service.periodChart(period, limit: 10)
        let daily = try await store.dailyCharts(in: period)
        #expect(daily.count == 9)
        var expected: [String: Int64] = [:]
        for entry in daily.flatMap(\.entries) { expected[entry.movieCode, default: 0] += entry.audience }
        #expect(chart.entries.count == expected.count)
        for entry in chart.entries {
            #expect(entry.audience == expected[entry.movieCode], "\(entry.movieCode)")
        }
        #expect(chart.audience == daily.flatMap(\.entries).reduce(0) { $0 + $1.audience })
        #expect(chart.entries.map(\.audience) == chart.entries.map(\.audience).sorted(by: >))
        #expect(chart.entries.map(\.rank) == Array(1...chart.entries.count))
        let k1 = try #require(chart.entries.first { $0.movieCode == "K1" })
        #expect(k1.days == 9)
        #expect(k1.bestRank == 1)
        #expect(k1.firstDay == archiveDay("2024-03-01") && k1.lastDay == archiveDay("2024-03-10"))
        #expect(k1.nationality == .korean && k1.nation == "한국")

        let korean = try #require(chart.share(of: .korean))
        let foreign = try #require(chart.share(of: .foreign))
        #expect(korean.audience == chart.entries.filter { $0.movieCode.hasPrefix("K") }.reduce(0) { $0 + $1.audience })
        #expect(korean.audience + foreign.audience == chart.audience)
        #expect(korean.movies == 2)
        #expect(chart.share(of: .unknown)?.movies == 0)
        #expect(abs(korean.audienceShare + foreign.audienceShare - 100) <= 0.1)

        #expect(chart.coverage.missingDays == 1)
        #expect(chart.coverage.syncRange == archiveRange("2024-03-05", "2024-03-05"))
        let top1 = try await service.periodChart(period, limit: 1)
        #expect(top1.entries.count == 1)
        #expect(top1.audience == chart.audience, "shares count every film, not only the listed ones")
    }

    @Test("a period chart is reused until the archive changes")
    func cache() async throws {
        let (store, service, clock) = try await Self.archive()
        let period = archiveRange("2024-03-01", "2024-03-19")
        let first = try await service.periodChart(period)
        let again = try await service.periodChart(period)
        #expect(again == first)
        #expect(await store.totalsQueries == 1)
        _ = try await service.periodChart(period, limit: 5)
        #expect(await store.totalsQueries == 2, "the limit is part of the key")

        // A new day archived: rebuilt.
        let engine = SyncEngine(
            upstream: ArchiveUpstream(clock: clock), charts: store, movies: store, archive: store,
            calendar: service.calendar, sleep: { _ in })
        _ = try await engine.run(SyncRequest(range: archiveRange("2024-03-19", "2024-03-19")))
        let withYesterday = try await service.periodChart(period)
        #expect(await store.totalsQueries == 3)
        #expect(withYesterday.coverage.provisionalDays == 1)
        #expect(withYesterday.audience > first.audience)
        _ = try await service.periodChart(period)
        #expect(await store.totalsQueries == 3)

        // Time alone changes nothing: a day fetched while provisional stays so until it is fetched again.
        clock.set(seoul(2024, 3, 25))
        #expect(try await service.periodChart(period) == withYesterday)
        #expect(await store.totalsQueries == 3)
        // Refetched after it settled: rebuilt.
        _ = try await engine.run(SyncRequest(range: archiveRange("2024-03-19", "2024-03-19")))
        let settled = try await service.periodChart(period)
        #expect(await store.totalsQueries == 4)
        #expect(settled.coverage.provisionalDays == 0)

        // A nation stored: rebuilt.
        try await store.saveRepresentativeNation("일본", movieCode: "K2")
        let renamed = try await service.periodChart(period)
        #expect(await store.totalsQueries == 5)
        #expect(renamed.entries.first { $0.movieCode == "K2" }?.nationality == .foreign)
    }

    @Test("films without stored details count as nation unknown")
    func unknownNation() {
        let totals = [
            ArchivedMovieTotal(
                movieCode: "A", title: "A", openDate: nil, audience: 300, sales: 3, days: 1, bestRank: 1,
                firstDay: archiveDay("2024-03-01"), lastDay: archiveDay("2024-03-01"), representativeNation: nil),
            ArchivedMovieTotal(
                movieCode: "B", title: "B", openDate: nil, audience: 100, sales: 1, days: 1, bestRank: 2,
                firstDay: archiveDay("2024-03-01"), lastDay: archiveDay("2024-03-01"), representativeNation: "한국"),
            ArchivedMovieTotal(
                movieCode: "C", title: "C", openDate: nil, audience: 100, sales: 1, days: 1, bestRank: 3,
                firstDay: archiveDay("2024-03-01"), lastDay: archiveDay("2024-03-01"), representativeNation: ""),
        ]
        let calendar = BoxOfficeCalendar(now: { seoul(2024, 3, 20) })
        let coverage = ArchiveCoverage(
            range: archiveRange("2024-03-01", "2024-03-01"), dailyStatuses: [], calendar: calendar)
        let chart = PeriodChart(
            range: archiveRange("2024-03-01", "2024-03-01"), source: .sample, coverage: coverage, totals: totals,
            limit: 10)
        #expect(chart.share(of: .unknown)?.audience == 400)
        #expect(chart.share(of: .unknown)?.audienceShare == 80)
        #expect(chart.share(of: .korean)?.audienceShare == 20)
        #expect(chart.entries.map(\.movieCode) == ["A", "B", "C"])
        #expect(chart.entries[2].nation == nil)
    }

    // Found by a hostile review: two stored films of 5 × 10¹⁸ admissions (a corrupt row, not KOBIS's) overflowed the
    // period's sum and stopped the page.
    @Test("a period's sums hold at Int64.max instead of trapping")
    func corruptTotals() {
        let day = archiveDay("2024-03-01")
        let totals = ["A", "B"].map { code in
            ArchivedMovieTotal(
                movieCode: code, title: code, openDate: nil, audience: 5_000_000_000_000_000_000,
                sales: -5_000_000_000_000_000_000, days: 1, bestRank: 1, firstDay: day, lastDay: day,
                representativeNation: "한국")
        }
        let calendar = BoxOfficeCalendar(now: { seoul(2024, 3, 20) })
        let range = archiveRange("2024-03-01", "2024-03-01")
        let chart = PeriodChart(
            range: range, source: .sample,
            coverage: ArchiveCoverage(range: range, dailyStatuses: [], calendar: calendar),
            totals: totals, limit: 10)
        #expect(chart.audience == .max && chart.sales == .min)
        #expect(chart.share(of: .korean)?.audience == .max)
    }

    @Test("the period JSON has the documented fields")
    func json() async throws {
        let (_, service, _) = try await Self.archive()
        let chart = try await service.periodChart(archiveRange("2024-03-01", "2024-03-10"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: BoxOfficeJSON.encoder().encode(chart)) as? [String: Any])
        #expect(object["kind"] as? String == "period")
        #expect((object["range"] as? [String: String])?["start"] == "2024-03-01")
        let coverage = try #require(object["coverage"] as? [String: Any])
        #expect(coverage["missingDays"] as? Int == 1)
        #expect((coverage["missing"] as? [[String: String]])?.first?["start"] == "2024-03-05")
        let nations = try #require(object["nations"] as? [[String: Any]])
        #expect(nations.map { $0["nationality"] as? String } == ["korean", "foreign", "unknown"])
        let entry = try #require((object["entries"] as? [[String: Any]])?.first)
        for key in [
            "rank", "movieCode", "title", "nationality", "audience", "sales", "audienceShare", "days", "bestRank",
            "firstDay", "lastDay",
        ] {
            #expect(entry[key] != nil, "missing \(key)")
        }
        let decoded = try BoxOfficeJSON.decoder().decode(PeriodChart.self, from: BoxOfficeJSON.encoder().encode(chart))
        #expect(decoded == chart)
    }

    @Test("a trend's points are the film's rows in the archived charts, oldest first; CSV matches")
    func trend() async throws {
        let (store, service, _) = try await Self.archive()
        let trend = try await service.trend(movieCode: "K1")
        let daily = try await store.dailyCharts(in: archiveRange("2024-03-01", "2024-03-10"))
        #expect(trend.points.count == daily.count)
        for (point, chart) in zip(trend.points, daily) {
            let row = try #require(chart.entries.first { $0.movieCode == "K1" })
            #expect(point.date == chart.range.start)
            #expect(point.rank == row.rank && point.audience == row.audience && point.screens == row.screens)
        }
        #expect(trend.title == "한국영화 하나")
        let lines = trend.csv.split(separator: "\r\n")
        #expect(lines.first == "date,rank,audience,audienceTotal,sales,screens,shows")
        #expect(lines.count == daily.count + 1)
        #expect(lines[1].hasPrefix("2024-03-01,1,"))

        // A code the store knows nothing of is not found; a film whose details are kept has an empty trend.
        await #expect(throws: BoxOfficeError.notFound(.unarchivedMovie(code: "99999999"))) {
            _ = try await service.trend(movieCode: "99999999")
        }
        try await store.save(Movie(code: "99999999", title: "미개봉", source: .kobis, fetchedAt: seoul(2024, 3, 20)))
        let unknown = try await service.trend(movieCode: "99999999")
        #expect(unknown.points.isEmpty && unknown.title == nil)
        await #expect(throws: BoxOfficeError.notFound(.notAMovieCode("../x"))) {
            _ = try await service.trend(movieCode: "../x")
        }
    }

    @Test("export: one CSV line per archived row, oldest day first, fields quoted when needed")
    func export() async throws {
        let (_, service, _) = try await Self.archive()
        let (charts, coverage) = try await service.dailyCharts(in: archiveRange("2024-03-04", "2024-03-06"))
        #expect(charts.map(\.range.start.isoString) == ["2024-03-04", "2024-03-06"])
        #expect(coverage.missingDays == 1)
        let lines = ArchiveExport.csv(charts).split(separator: "\r\n").map(String.init)
        #expect(lines.first == ArchiveExport.csvHeader.joined(separator: ","))
        #expect(lines.count == 1 + 6)
        #expect(lines[1].hasPrefix("2024-03-04,1,same,0,K1,한국영화 하나,"))
        #expect(RFC4180.exportField("a,\"b\"") == "\"a,\"\"b\"\"\"")
        #expect(RFC4180.exportField("=cmd") == "'=cmd")
        #expect(RFC4180.exportField("-12") == "-12")
    }
}
