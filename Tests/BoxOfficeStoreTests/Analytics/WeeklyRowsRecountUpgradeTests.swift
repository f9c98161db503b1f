import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A store whose records the code before `RecountFilmsWithWeeklyRows` kept from the films' daily and weekend rows
/// upgrades in place: every charted film is noted, and the next read gives the records a recomputation from every
/// row, weekly ones included, gives.
@Suite("Kept records: every film is recounted with its weekly rows in place")
struct WeeklyRowsRecountUpgradeTests {
    typealias Records = FilmRecordStoreTests

    /// Saves the whole week's, the weekend's and the weekdays' chart of every week that ``Records/days`` hold.
    static func saveEveryWeek(
        cast: [Records.Film], using random: inout SplitMix64, on database: BoxOfficeDatabase
    ) async throws {
        let charts = database.chartRepository(origin: Records.origin)
        guard let first = Records.days.first, let last = Records.days.last else { return }
        var monday = first.adding(days: (8 - first.isoWeekday) % 7)
        while monday.adding(days: 6) <= last {
            for (kind, from, to) in [(ChartKind.week, 0, 6), (.weekend, 4, 6), (.weekdays, 0, 3)] {
                try await charts.save(
                    Records.chart(
                        kind, DateRange(start: monday.adding(days: from), end: monday.adding(days: to)), cast: cast,
                        using: &random, fetchedAt: Fixtures.fetchedAt))
            }
            monday = monday.adding(days: 7)
        }
    }

    @Test(
        "records kept from daily and weekend rows are worked out again from every row after the upgrade",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added + QuotaKeeperSchemaTests.later
            let old = QuotaKeeperSchemaTests.migrator(all.filter { !($0 is RecountFilmsWithWeeklyRows) }, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()

            var random = SplitMix64(seed: backend == .sqlite ? 47 : 2_047)
            let cast = Records.cast(using: &random)
            try await Records.saveEveryDay(cast: cast, using: &random, on: database)
            try await Self.saveEveryWeek(cast: cast, using: &random, on: database)

            // The records as the earlier code kept them: from each film's daily and weekend rows alone.
            let sql = try database.database.requireSQL()
            let histories = try await database.filmRunRepository(origin: Records.origin)
                .filmHistories(movieCodes: Records.films, source: .kobis)
            let earlier = Records.films.compactMap { code -> FilmRecord? in
                guard var history = histories[code] else { return nil }
                history.weeks = []
                return FilmRecord(run: FilmRun(history: history))
            }
            for table in [FilmRecordRows.schema, FilmRecordRows.milestoneSchema] {
                try await sql.raw("DELETE FROM \(ident: table) WHERE origin = \(bind: Records.origin)").run()
            }
            try await FilmRecordRows.insert(earlier, origin: Records.origin, on: sql)
            let recomputed = try await Records.recomputed(database)
            // The weekly rows change something: a film's final, or a crossing only they place.
            #expect(earlier != recomputed)
            let earlierFinals = Dictionary(uniqueKeysWithValues: earlier.map { ($0.movieCode, $0.finalAudience) })
            #expect(
                recomputed.contains { record in
                    earlierFinals[record.movieCode].map { $0 < record.finalAudience } ?? true
                },
                "a film's largest total is in a weekly row")

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            let noted = try await sql.raw(
                "SELECT COUNT(*) AS noted FROM film_run_pending WHERE origin = \(bind: Records.origin)"
            ).first()
            #expect(try noted?.decode(column: "noted", as: Int.self) == histories.count)

            try await Records.expectKeptEqualsRecomputed(database, "caught up after the upgrade")
            let waiting = try await sql.raw("SELECT COUNT(*) AS waiting FROM film_run_pending").first()
            #expect(try waiting?.decode(column: "waiting", as: Int.self) == 0)
        }
    }
}
