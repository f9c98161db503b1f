import BoxOfficeApp
import BoxOfficeCore
import BoxOfficeTestSupport
import Foundation
import KOBIS
import KOBISSimulator
import Logging
import Testing

/// The keeper's morning runs over a month of the simulator's charts, through the app's own sync engine (the one the
/// keeper drives) and the real store: the alerts stored are exactly those the rules derive, morning by morning, each
/// once; re-deriving a day and backfilling older history add nothing; two instances racing each morning on one
/// PostgreSQL database store each alert once.
@Suite("Alerts from the keeper's mornings over a month", .serialized)
struct KeeperAlertTests {
    /// 10:00 in Seoul on `day`, after the keeper's morning hour.
    static func morning(_ day: CalendarDate) -> Date {
        day.startInstant(in: BoxOfficeCalendar.seoul).addingTimeInterval(10 * 3600)
    }

    static func day(_ text: String) -> CalendarDate { CalendarDate(text)! }

    static let march = DateRange(start: day("2024-03-01"), end: day("2024-03-30"))

    static func start(_ databaseURL: String, directory: URL, clock: Locked<Date>) async throws -> AppServices {
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        return try await AppServices.start(
            configuration: DiaryWebTestSupport.configuration(databaseURL: databaseURL, directory: directory),
            logger: DiaryWebTestSupport.quietLogger,
            transport: SimulatorTransport(simulator: KOBISSimulator(now: now)), now: now)
    }

    /// One morning's run of `services`: yesterday's chart, as the keeper fetches it.
    static func sync(_ day: CalendarDate, on services: AppServices) async throws {
        expectNoFailures(
            try await services.syncEngine(options: SyncOptions(concurrency: 2)).run(
                SyncRequest(range: DateRange(start: day, end: day))))
    }

    /// Films of March's charts that open between the 8th and the 28th: listed before they open.
    static func openers(directory: URL) async throws -> [String] {
        let clock = Locked(morning(day("2024-04-02")))
        let scout = try await start("sqlite://\(directory.path)/scout.sqlite", directory: directory, clock: clock)
        do {
            try await sync(march.end, on: scout)
            var codes: [String] = []
            for day in stride(from: 0, through: 20, by: 4).map({ Self.day("2024-03-08").adding(days: $0) }) {
                let chart = try await scout.upstream.fetchChart(.daily(day.adding(days: 2)))
                for entry in chart.entries
                where entry.openDate.map({ $0 >= Self.day("2024-03-08") && $0 <= Self.day("2024-03-28") }) == true
                    && !codes.contains(entry.movieCode)
                {
                    codes.append(entry.movieCode)
                }
            }
            await scout.shutdown()
            return Array(codes.prefix(4))
        } catch {
            await scout.shutdown()
            throw error
        }
    }

    @Test(
        "each alert once, exactly as derived morning by morning; re-deriving and backfilling add nothing",
        .timeLimit(.minutes(10)), arguments: DiaryWebBackend.enabled)
    func month(backend: DiaryWebBackend) async throws {
        try await DiaryWebTestSupport.withDatabase(backend) { databaseURL, directory in
            let openers = try await Self.openers(directory: directory)
            #expect(!openers.isEmpty, "the simulator opens films in March")
            let clock = Locked(Self.morning(Self.march.start))
            let first = try await Self.start(databaseURL, directory: directory, clock: clock)
            // A second instance on the same PostgreSQL database; on SQLite one instance keeps the archive.
            let second =
                backend == .postgres ? try await Self.start(databaseURL, directory: directory, clock: clock) : nil
            do {
                try await Self.run(first: first, second: second, clock: clock, openers: openers)
            } catch {
                await second?.shutdown()
                await first.shutdown()
                throw error
            }
            await second?.shutdown()
            await first.shutdown()
        }
    }

    static func run(first: AppServices, second: AppServices?, clock: Locked<Date>, openers: [String]) async throws {
        let minji = try await first.diaryAccounts.signUp(username: "minji", password: "correct horse battery")
        let junho = try await first.diaryAccounts.signUp(username: "junho", password: "correct horse battery")
        // February's last chart is stored before anyone lists a film: it alerts nobody.
        try await sync(day("2024-02-29"), on: first)
        let charts = first.database.chartRepository(origin: first.configuration.upstreamOrigin)
        let february = try #require(try await charts.storedChart(for: .daily(day("2024-02-29"))))
        for code in february.entries.prefix(10).map(\.movieCode) + openers {
            _ = try await first.watchlist.add(movieCode: code, userID: minji.id)
        }
        // Junho's list came from a file: February's top three, listed since New Year, so only the rule against
        // history older than a week keeps the backfill below from alerting him.
        let early = february.entries.prefix(3).map {
            WatchlistEntry(
                movieCode: $0.movieCode, title: $0.title, openDate: $0.openDate,
                addedAt: day("2024-01-01").startInstant(in: BoxOfficeCalendar.seoul))
        }
        _ = try await first.database.watchlistRepository().addEntries(early, userID: junho.id)

        let watchlist = first.database.watchlistRepository()
        var expected: [String: CalendarDate] = [:]
        func key(_ user: UUID, _ code: String, _ kind: AlertKind) -> String { "\(user) \(code) \(kind.rawValue)" }

        for offset in 0..<march.count {
            let day = march.start.adding(days: offset)
            clock.withLock { $0 = morning(day.adding(days: 1)) }
            if day == Self.day("2024-03-10") {
                // Junho lists the 9th's 6th to 10th on the 10th: from the 10th on, they can alert him.
                let ninth = try #require(try await charts.storedChart(for: .daily(Self.day("2024-03-09"))))
                for entry in ninth.entries where (6...10).contains(entry.rank) {
                    _ = try await first.watchlist.add(movieCode: entry.movieCode, userID: junho.id)
                }
            }
            // Both instances run the morning at once (the keeper's lease aside, the alerts must hold by themselves).
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await sync(day, on: first) }
                if let second { group.addTask { try await sync(day, on: second) } }
                try await group.waitForAll()
            }

            // The rules, applied to what the store holds: the oracle of this morning.
            let chart = try #require(try await charts.storedChart(for: .daily(day)))
            let previous = try await charts.storedChart(for: .daily(day.adding(days: -1)))
            var codes = Set(chart.entries.map(\.movieCode))
            for row in previous?.entries ?? [] where row.rank <= 10 { codes.insert(row.movieCode) }
            let watchers = try await watchlist.watchers(movieCodes: codes, openingOn: day)
            for event in AlertDerivation.events(
                chart: chart, previous: previous, watchers: watchers, today: day.adding(days: 1))
            where expected[key(event.userID, event.movieCode, event.kind)] == nil {
                expected[key(event.userID, event.movieCode, event.kind)] = event.date
            }

            // Deriving the stored day again, on either instance, stores nothing new.
            #expect(try await first.alerts.chartStored(chart).isEmpty, "\(day) derived twice")
            if let second { #expect(try await second.alerts.chartStored(chart).isEmpty, "\(day) derived twice") }
        }

        // Backfilling history older than a week stores charts and alerts nobody.
        clock.withLock { $0 = morning(Self.day("2024-03-31")) }
        let backfill = try await first.syncEngine(options: SyncOptions(concurrency: 2)).run(
            SyncRequest(range: DateRange(start: Self.day("2024-02-01"), end: Self.day("2024-02-20"))))
        expectNoFailures(backfill)
        let backfilled = try await charts.dailyCharts(
            in: DateRange(start: Self.day("2024-02-01"), end: Self.day("2024-02-20")))
        #expect(backfilled.count == 20)
        #expect(
            backfilled.contains { chart in
                chart.entries.contains { $0.rank <= 10 && early.map(\.movieCode).contains($0.movieCode) }
            }, "junho's films were in the backfilled top 10s")

        var stored: [String: CalendarDate] = [:]
        var count = 0
        for user in [minji, junho] {
            for alert in try await first.notifications.alerts(userID: user.id, unreadOnly: false, limit: 10_000) {
                count += 1
                stored[key(alert.userID, alert.movieCode, alert.kind)] = alert.date
            }
        }
        #expect(count == stored.count, "an alert stored twice")
        #expect(stored == expected)
        let kinds = Set(stored.keys.compactMap { $0.split(separator: " ").last.map(String.init) })
        #expect(kinds.isSuperset(of: ["top10", "left", "opened"]), "\(kinds)")
        #expect(stored.keys.contains { $0.hasPrefix(junho.id.uuidString) }, "junho's films alerted him")
        #expect(stored.values.allSatisfy { $0 >= march.start }, "nothing from before the films were listed")
    }
}

/// A sync report without failures.
private func expectNoFailures(_ report: SyncReport, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(report.failures.isEmpty, "\(report.failures)", sourceLocation: sourceLocation)
}
