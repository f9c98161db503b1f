import BoxOfficeCore
import BoxOfficeStore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import KOBISSimulator
import SQLKit
import Testing

@testable import BoxOfficeApp
@testable import BoxOfficeWeb

/// What deriving a day's alerts costs: the SQL statements the store runs and the time, with many people watching
/// many films over a month of sample charts. The suite checks that the statements per day do not grow with the
/// people or the films (a set-based derivation, no query per watcher); `Benchmarks/alerts.sh` runs it at full scale
/// (`BOXOFFICE_ALERT_BENCH=1`: 1,000 people, 10,000 films) and prints the figures.
@Suite("Alert derivation cost", .serialized)
struct AlertDerivationCostTests {
    struct Scale: Sendable, CustomTestStringConvertible {
        var people: Int
        var films: Int
        var perPerson: Int
        var days: Int
        var testDescription: String { "\(people) people × \(perPerson) of \(films) films, \(days) days" }
    }

    struct DayFigure: Sendable {
        var day: CalendarDate
        var seconds: Double
        var statements: Int
        var stored: Int
    }

    /// The month of sample charts the derivation runs over, ending before the web suite's fixed instant.
    static func days(_ count: Int) -> [CalendarDate] {
        let last = CalendarDate("2024-03-16")!
        return (0..<count).map { last.adding(days: $0 - count + 1) }
    }

    /// Builds the store (the month's sample charts, `scale.people` people with `scale.perPerson` films each out of
    /// `scale.films`, a few of them charted) and derives each day as the morning after it; returns each day's cost.
    static func run(_ backend: DiaryWebBackend, scale: Scale) async throws -> [DayFigure] {
        let collected = Locked<[DayFigure]>([])
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            var figures: [DayFigure] = []
            let configuration = DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory)
            let seedNow: @Sendable () -> Date = { WebTestSupport.fixedNow }
            let services = try await AppServices.start(
                configuration: configuration, logger: DiaryWebTestSupport.quietLogger,
                transport: SimulatorTransport(simulator: KOBISSimulator(now: seedNow)), now: seedNow)
            let counter = QueryCounter(counting: false)
            let location = try DatabaseLocation(databaseURL: databaseURL, workingDirectory: directory.path)
            let measured = try BoxOfficeDatabase(location: location, logger: counter.logger)
            do {
                let days = Self.days(scale.days)
                // The month's charts (and the day before it), stored before anyone watches anything.
                var charted: [String] = []
                for day in [days[0].adding(days: -1)] + days {
                    let chart = try await services.charts.chart(.daily(day))
                    for entry in chart.entries where !charted.contains(entry.movieCode) {
                        charted.append(entry.movieCode)
                    }
                }
                try await seed(services, scale: scale, charted: charted, days: days)

                let clock = Locked(WebTestSupport.fixedNow)
                let origin = configuration.upstreamOrigin
                let alerts = AlertService(
                    watchlist: measured.watchlistRepository(), notifications: measured.alertRepository(),
                    charts: measured.chartRepository(origin: origin),
                    calendar: BoxOfficeCalendar(now: { clock.withLock { $0 } }))
                let stored = measured.chartRepository(origin: origin)
                var charts: [Chart] = []
                for day in days { charts.append(try #require(try await stored.storedChart(for: .daily(day)))) }
                // Timed, without counting; then counted, the alerts deleted first so each day stores them again.
                for (day, chart) in zip(days, charts) {
                    clock.withLock { $0 = day.adding(days: 1).startInstant(in: BoxOfficeCalendar.seoul) + 10 * 3600 }
                    let start = ContinuousClock.now
                    let new = try await alerts.chartStored(chart)
                    let elapsed = ContinuousClock.now - start
                    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    figures.append(DayFigure(day: day, seconds: seconds, statements: 0, stored: new.count))
                }
                let sql = try #require(measured.database as? any SQLDatabase)
                try await sql.raw("DELETE FROM watchlist_alerts").run()
                for (index, (day, chart)) in zip(days, charts).enumerated() {
                    clock.withLock { $0 = day.adding(days: 1).startInstant(in: BoxOfficeCalendar.seoul) + 10 * 3600 }
                    counter.reset()
                    counter.isCounting = true
                    _ = try await alerts.chartStored(chart)
                    counter.isCounting = false
                    figures[index].statements = counter.queries
                }
            } catch {
                await measured.shutdown()
                await services.shutdown()
                throw error
            }
            await measured.shutdown()
            await services.shutdown()
            collected.withLock { $0 = figures }
        }
        return collected.withLock { $0 }
    }

    /// `scale.people` accounts, each watching `scale.perPerson` films: five of the month's charted films, the rest
    /// out of `scale.films` codes no chart names (a tenth of them opening during the month), added before it began.
    static func seed(_ services: AppServices, scale: Scale, charted: [String], days: [CalendarDate]) async throws {
        let watchlist = services.database.watchlistRepository()
        let others = (0..<max(0, scale.films - charted.count)).map { String(format: "B%07d", $0) }
        let addedAt = days[0].adding(days: -30).startInstant(in: BoxOfficeCalendar.seoul)
        for person in 0..<scale.people {
            let user = try await services.diaryAccounts.signUp(
                username: "watcher\(person)", password: "correct horse battery")
            // Spread evenly, the same every run: five charted films a person, then the others in strides.
            var codes = Set(
                (0..<min(5, scale.perPerson, charted.count)).map { charted[(person * 3 + $0) % charted.count] })
            var next = person * 7919
            while codes.count < scale.perPerson, codes.count < charted.count + others.count, !others.isEmpty {
                codes.insert(others[next % others.count])
                next += 104_729
            }
            let entries = codes.map { code in
                let number = Int(code.dropFirst()) ?? 0
                let openDate = code.hasPrefix("B") && number % 10 == 0 ? days[number / 10 % days.count] : nil
                return WatchlistEntry(movieCode: code, title: "영화 \(code)", openDate: openDate, addedAt: addedAt)
            }
            _ = try await watchlist.addEntries(entries, userID: user.id)
        }
    }

    static func describe(_ figures: [DayFigure]) -> String {
        let times = figures.map(\.seconds).sorted()
        let median = times[times.count / 2]
        let p99 = times[min(times.count - 1, Int((Double(times.count) * 0.99).rounded(.up)) - 1)]
        let statements = figures.map(\.statements)
        return String(
            format: "day_ms_median=%.1f day_ms_p99=%.1f month_ms=%.0f statements_per_day=%d..%d alerts_stored=%d",
            median * 1000, p99 * 1000, times.reduce(0, +) * 1000, statements.min() ?? 0, statements.max() ?? 0,
            figures.map(\.stored).reduce(0, +))
    }

    @Test(
        "the statements run to derive a day do not grow with the people or the films watched",
        arguments: DiaryWebBackend.enabled)
    func constantStatements(backend: DiaryWebBackend) async throws {
        let small = try await Self.run(backend, scale: Scale(people: 8, films: 60, perPerson: 12, days: 3))
        let large = try await Self.run(backend, scale: Scale(people: 40, films: 400, perPerson: 30, days: 3))
        #expect(large.map(\.stored).reduce(0, +) > small.map(\.stored).reduce(0, +), "more watchers, more alerts")
        // The day before, the watchers of the day's films, and one INSERT of all the day's alerts.
        #expect(small.map(\.statements) == large.map(\.statements), "\(small.map(\.statements))")
        #expect(large.allSatisfy { $0.statements <= 3 }, "\(large.map(\.statements))")
    }

    @Test(
        "the full-scale figures (BOXOFFICE_ALERT_BENCH=1): 1,000 people, 10,000 films, a month of charts",
        .enabled(if: ProcessInfo.processInfo.environment["BOXOFFICE_ALERT_BENCH"] == "1"),
        arguments: DiaryWebBackend.enabled)
    func fullScale(backend: DiaryWebBackend) async throws {
        let environment = ProcessInfo.processInfo.environment
        let scale = Scale(
            people: Int(environment["BOXOFFICE_ALERT_BENCH_PEOPLE"] ?? "") ?? 1000,
            films: Int(environment["BOXOFFICE_ALERT_BENCH_FILMS"] ?? "") ?? 10_000,
            perPerson: Int(environment["BOXOFFICE_ALERT_BENCH_PER_PERSON"] ?? "") ?? 100,
            days: Int(environment["BOXOFFICE_ALERT_BENCH_DAYS"] ?? "") ?? 31)
        let figures = try await Self.run(backend, scale: scale)
        print(
            "alert-bench backend=\(backend.rawValue) people=\(scale.people) films=\(scale.films)"
                + " per_person=\(scale.perPerson) days=\(scale.days) " + Self.describe(figures))
        for figure in figures {
            print(
                "alert-bench-day backend=\(backend.rawValue) day=\(figure.day.isoString)"
                    + String(format: " ms=%.1f", figure.seconds * 1000)
                    + " statements=\(figure.statements) stored=\(figure.stored)")
        }
        #expect(figures.count == scale.days)
    }
}
