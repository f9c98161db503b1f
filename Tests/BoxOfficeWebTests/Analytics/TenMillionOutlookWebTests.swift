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

/// 천만 전망 on `GET /api/v1/movies/{code}/run` and on the film page, over an archive the sync filled from the
/// simulator for 2023-10-01…2024-03-15 (sample data: comparables open in 2023 or later), long enough for first runs
/// to end inside it.
@Suite("천만 전망: the run's outlook from the archive alone, API and page", .serialized)
struct TenMillionOutlookWebTests {
    static let archived = DateRange(start: CalendarDate("2023-10-01")!, end: CalendarDate("2024-03-15")!)

    static func withLongArchive(_ body: @Sendable (AppServices, any TestClientProtocol) async throws -> Void)
        async throws
    {
        let directory = try WebTestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now: @Sendable () -> Date = { WebTestSupport.fixedNow }
        let configuration = AppConfiguration(
            databaseURL: "sqlite://\(directory.path)/app.sqlite", workingDirectory: directory.path)
        let services = try await AppServices.start(
            configuration: configuration, logger: Logger(label: "outlook-web-test"),
            transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
        do {
            let report = try await services.syncEngine(options: SyncOptions(concurrency: 4)).run(
                SyncRequest(range: archived))
            #expect(report.isComplete)
            let app = try await buildApplication(services: services)
            try await app.test(.router) { client in try await body(services, client) }
        } catch {
            await services.shutdown()
            throw error
        }
        await services.shutdown()
    }

    /// The outlook the definition gives `film` over every archived film's run, read one film at a time.
    static func reference(
        of film: FilmRunReport, runs: [String: FilmRun], lastDays: [String: CalendarDate]
    ) throws -> TenMillionOutlook? {
        let run = film.run
        guard let day = run.pace.last?.day, let audience = run.pace.last?.audience else { return nil }
        var candidates: [TenMillionOutlook.Candidate] = []
        var others: [Int64] = []
        for (code, other) in runs where code != run.movieCode {
            guard let cumulative = other.audience(onDay: day), let last = lastDays[code] else { continue }
            others.append(cumulative)
            candidates.append(
                .init(
                    movieCode: code, title: other.title ?? code, openDate: other.openDate, audience: cumulative,
                    finalAudience: Int64(other.final?.audience.value ?? 0), lastDay: last))
        }
        return TenMillionOutlook(
            movieCode: run.movieCode, day: day, audience: audience, since: 2023, archiveEnd: archived.end,
            candidates: candidates, standing: .init(above: others.filter { $0 > audience }.count, films: others.count))
    }

    @Test("the API's outlook is the definition over every archived film, its JSON the domain's, with no KOBIS call")
    func apiOutlook() async throws {
        try await Self.withLongArchive { services, client in
            let usedBefore = try await services.ledger.usage().used
            let callsBefore = try await FilmRunAPITests.upstreamCalls(client)
            var lastDays: [String: CalendarDate] = [:]
            var latest: Chart?
            for day in Self.archived.days {
                let chart = try await services.charts.chart(.daily(day))
                for entry in chart.entries { lastDays[entry.movieCode] = day }
                latest = chart
            }
            var runs: [String: FilmRun] = [:]
            for code in lastDays.keys {
                runs[code] = try await services.filmRuns.report(FilmRunQuery.parsing(movieCode: code, versus: [])).run
            }
            let callsAfterReading = try await FilmRunAPITests.upstreamCalls(client)
            var withComparables = 0
            var present = 0
            for entry in try #require(latest).entries {
                let response = try await client.get("/api/v1/movies/\(entry.movieCode)/run")
                #expect(response.status == .ok)
                let report = try BoxOfficeJSON.decoder().decode(FilmRunReport.self, from: Data(response.text.utf8))
                let expected = try Self.reference(of: report, runs: runs, lastDays: lastDays)
                #expect(report.outlook == expected, "\(entry.movieCode)")
                // The body is the domain's JSON, byte for byte (what `boxoffice run --format json` prints).
                #expect(response.text == String(decoding: try BoxOfficeJSON.encoder().encode(report), as: UTF8.self))
                guard let outlook = report.outlook else { continue }
                present += 1
                #expect(outlook.audience == entry.audienceTotal)
                #expect(outlook.since == 2023)
                #expect(outlook.comparables.count <= TenMillionOutlook.maximumComparables)
                #expect(outlook.percentages == (outlook.comparables.count >= 10))
                if !outlook.comparables.isEmpty { withComparables += 1 }
            }
            #expect(present > 0, "films of 2024-03-15 in their first run have an outlook")
            #expect(withComparables > 0, "some film of 2024-03-15 has films to compare with")
            // A film whose first run ended long ago has none.
            let finished = try #require(lastDays.first { $0.value < Self.archived.end.adding(days: -40) }?.key)
            let old = try await client.get("/api/v1/movies/\(finished)/run").jsonObject
            #expect(old?["run"] != nil)
            #expect(old?["outlook"] == nil)

            #expect(try await services.ledger.usage().used == usedBefore)
            #expect(try await FilmRunAPITests.upstreamCalls(client) == callsBefore)
            #expect(callsAfterReading == callsBefore)
        }
    }

    @Test("the film page says how many of n reached each milestone, lists them with ≥ totals, ranks the film")
    func pageOutlook() async throws {
        try await Self.withLongArchive { services, client in
            let chart = try await services.charts.chart(.daily(Self.archived.end))
            var checked = 0
            var englishTitles = 0
            for entry in chart.entries {
                let report = try await services.filmRuns.report(
                    FilmRunQuery.parsing(movieCode: entry.movieCode, versus: []))
                guard let outlook = report.outlook else { continue }
                let korean = try await client.get("/movies/\(entry.movieCode)").text
                let english = try await client.get("/movies/\(entry.movieCode)?lang=en").text
                #expect(korean.contains("천만 전망"))
                #expect(english.contains("Outlook for 10 million"))
                #expect(!english.contains("천만 전망"))
                let rank = "\(outlook.rankedFilms)편 중 \(outlook.rank)위"
                #expect(korean.contains(rank), "\(rank)")
                #expect(english.contains("#\(outlook.rank) of \(outlook.rankedFilms) films"))
                let n = outlook.comparables.count
                guard n > 0 else {
                    #expect(korean.contains("상영이 끝난 영화가 보관된 차트에 아직 없습니다"))
                    continue
                }
                checked += 1
                for milestone in outlook.milestones {
                    let label = "\(milestone.threshold / 10_000)만"
                    #expect(korean.contains("\(n)편 중 \(milestone.films)편이 \(label) 관객을 넘었습니다"))
                }
                // Percentages only with at least ten films.
                let percent = #/\(\d+(\.\d+)?%\)/#
                let milestoneLines = korean.split(separator: "\n").filter { $0.contains("run-outlook-milestone") }
                #expect(milestoneLines.contains { $0.contains(percent) } == (n >= 10 && !outlook.milestones.isEmpty))
                if n < 10 { #expect(korean.contains("비교할 영화가 10편이 안 되어 비율은 적지 않았습니다")) }
                // The comparables' table: one row each, totals marked as floors.
                #expect(korean.components(separatedBy: #"<table class="archive-table run-outlook-films">"#).count == 2)
                // Each comparable links its page; in English under the English title the archive keeps, if any,
                // the Korean one beside it.
                let titles = try await services.archive.englishTitles(of: outlook.comparables.map(\.movieCode))
                for film in outlook.comparables {
                    let number = NumberFormatting.koreanUnits(Int64(film.final.value), units: 3)
                    let final = "≥ " + number + (number.last.map { "만억조".contains($0) } == true ? " 명" : "명")
                    #expect(korean.contains(final), "\(film.movieCode) \(final)")
                    #expect(
                        korean.contains(
                            #"<th scope="row"><a href="/movies/\#(film.movieCode)">\#(film.title.htmlEscaped)</a>"#))
                    let name =
                        titles[film.movieCode].map {
                            "\($0.htmlEscaped) <span class=\"name-beside\" lang=\"ko\">\(film.title.htmlEscaped)</span>"
                        } ?? film.title.htmlEscaped
                    #expect(english.contains(#"<a href="/movies/\#(film.movieCode)?lang=en">\#(name)</a>"#))
                }
                englishTitles += titles.count
            }
            #expect(checked > 0)
            #expect(englishTitles > 0, "the archive keeps English titles of some comparables")
        }
    }
}
