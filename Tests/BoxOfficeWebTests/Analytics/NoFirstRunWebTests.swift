import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeText
import Foundation
import HummingbirdTesting
import Testing

@testable import BoxOfficeWeb

/// A film the archive charted only long before the open date KOBIS gives it: its run says why it has no run
/// measures, in the API and on its page, and the totals and #1 lists count it.
@Suite struct NoFirstRunWebTests {
    static let code = "20249901"

    @Test func aFilmChartedOnlyLongBeforeItsOpeningIsCountedAndSaidSo() async throws {
        try await ArchiveWebSupport.withArchivedApp { services, client in
            let stored = try BoxOfficeJSON.decoder().decode(
                Chart.self, from: Data(try await client.get("/api/v1/daily?date=2024-03-15").text.utf8))
            // #1 on one day, 90 days before the open date: festival screenings, say, before a postponed release.
            let day = CalendarDate(year: 2024, month: 2, day: 10)!
            let entry = ChartEntry(
                rank: 1, change: .new, movieCode: Self.code, title: "먼저 상영한 영화",
                openDate: day.adding(days: 90), audience: 2_000_000, audienceTotal: 90_000_000, sales: 20_000_000_000,
                salesShare: 90, salesTotal: 900_000_000_000, screens: 900, shows: 4_000)
            try await services.database.chartRepository(origin: services.configuration.upstreamOrigin).save(
                Chart(
                    kind: .daily, range: DateRange(start: day, end: day), filters: .none, yearWeek: nil,
                    source: stored.source, stale: false, fetchedAt: stored.fetchedAt, entries: [entry]))

            let other = try #require(stored.entries.first?.movieCode)
            let response = try await client.get("/api/v1/movies/\(Self.code)/run?vs=\(other)")
            #expect(response.status == .ok)
            let report = try BoxOfficeJSON.decoder().decode(FilmRunReport.self, from: Data(response.text.utf8))
            #expect(report.run.reach == .noFirstRun)
            #expect(response.jsonObject.flatMap { $0["run"] as? [String: Any] }?["reach"] as? String == "noFirstRun")
            #expect(report.run.daysAtNumberOne == 1 && report.run.pace.isEmpty && report.run.milestones.isEmpty)
            #expect(report.run.final?.audience == .floor(90_000_000))
            #expect(report.compared.map(\.movieCode) == [other])

            let totals = try BoxOfficeJSON.decoder().decode(
                RecordsReport.self, from: Data(try await client.get("/api/v1/records/totals").text.utf8))
            #expect(totals.lists.first?.entries.first?.movieCode == Self.code)
            let streaks = try BoxOfficeJSON.decoder().decode(
                RecordsReport.self, from: Data(try await client.get("/api/v1/records/streaks").text.utf8))
            #expect(streaks.lists.contains { list in list.entries.contains { $0.movieCode == Self.code } })

            // The page's run section says why, in each language, and still gives the totals.
            for (language, notice) in [
                (Language.korean, "60일 넘게 앞서"), (.english, "more than 60 days before its opening"),
            ] {
                let view = FilmRunViewModel(report: report, matches: nil, find: "", language: language)
                #expect(view.hasRun)
                let renderer = try await PageRenderer.loadFromBundle()
                let html = String(
                    buffer: try renderer.renderBody(RunOnPage(titleBeside: "", run: view), template: "movie_run"))
                #expect(html.contains(notice), "\(language)")
                // The pace chart, drawn for the compared film, says why this one has no line.
                let words = try #require(RunWords.table(for: language).notice(.noFirstRun))
                #expect(html.contains("-desc\">\(words)</desc>"), "\(language)")
                #expect(html.contains(language == .english ? "Days at #1" : "1위 한 날"), "\(language)")
            }
        }
    }
}

/// The `movie_run` partial's context: the page around the run.
private struct RunOnPage {
    var titleBeside: String
    var run: FilmRunViewModel
}
