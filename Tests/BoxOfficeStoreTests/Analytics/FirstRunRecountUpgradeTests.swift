import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A store made by the code before `RecountFilmsWithoutFirstRun` kept no record of a film whose archived days held no
/// first run; it upgrades in place, and the film is counted in the totals and #1 lists after the next read.
@Suite("Kept records: a film with archived days but no first run is recounted in place")
struct FirstRunRecountUpgradeTests {
    typealias Records = FilmRecordStoreTests

    @Test("a charted film the earlier code kept no record of has one after the upgrade", arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added + QuotaKeeperSchemaTests.later
            let old = QuotaKeeperSchemaTests.migrator(all.filter { !($0 is RecountFilmsWithoutFirstRun) }, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()

            var random = SplitMix64(seed: backend == .sqlite ? 41 : 2_041)
            let cast = Records.cast(using: &random)
            try await Records.saveEveryDay(cast: cast, using: &random, on: database)

            // KOBIS now gives one film an open date long after every day it charted (its latest row's, as on every
            // row), and the earlier code kept nothing of it: no record, crossings or pace. One below 1000만, so the
            // median line kept then is the one the earlier code would have made.
            let sql = try database.database.requireSQL()
            let film = try #require(
                try await sql.raw(
                    """
                    SELECT movie_code FROM film_runs
                    WHERE origin = \(bind: Records.origin) AND days_at_one > 0 AND final_audience < 10000000
                    ORDER BY movie_code
                    """
                ).first())
            let code = try film.decode(column: "movie_code", as: String.self)
            let late = Records.days.last.map { $0.adding(days: 90) }?.isoString
            try await sql.raw("UPDATE chart_entries SET open_date = \(bind: late) WHERE movie_code = \(bind: code)")
                .run()
            for table in [FilmRecordRows.schema, FilmRecordRows.milestoneSchema, "film_run_paces"] {
                try await sql.raw(
                    """
                    DELETE FROM \(ident: table) WHERE origin = \(bind: Records.origin) AND movie_code = \(bind: code)
                    """
                ).run()
            }
            let before = try await database.recordsRepository(origin: Records.origin).allRecords()
            #expect(!before.contains { $0.movieCode == code })

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            let noted = try await sql.raw(
                "SELECT movie_code FROM film_run_pending WHERE origin = \(bind: Records.origin)"
            )
            .all().map { try $0.decode(column: "movie_code", as: String.self) }
            #expect(noted == [code])

            try await Records.expectKeptEqualsRecomputed(database, "caught up after the upgrade")
            let repository = database.recordsRepository(origin: Records.origin)
            let kept = try #require(try await repository.allRecords().first { $0.movieCode == code })
            #expect(kept.reach == .noFirstRun)
            #expect(kept.daysAtNumberOne > 0 && kept.finalAudience > 0)
            let totals = try await repository.films(ordered: .audience, query: RecordsQuery(kind: .totals))
            #expect(totals.contains { $0.record.movieCode == code })
            let waiting = try await sql.raw("SELECT COUNT(*) AS waiting FROM film_run_pending").first()
            #expect(try waiting?.decode(column: "waiting", as: Int.self) == 0)
        }
    }
}

extension FirstRunRecountUpgradeTests {
    @Test("a reach kept by a newer version sharing the database is read, not refused", arguments: Backend.enabled)
    func laterReach(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            var random = SplitMix64(seed: backend == .sqlite ? 43 : 2_043)
            try await Records.saveEveryDay(cast: Records.cast(using: &random), using: &random, on: database)
            let sql = try database.database.requireSQL()
            try await sql.raw(
                """
                UPDATE film_runs SET reach = 'aReachOfLater' WHERE origin = \(bind: Records.origin)
                  AND movie_code = \(bind: Records.films[0])
                """
            ).run()
            let repository = database.recordsRepository(origin: Records.origin)
            let totals = try await repository.films(ordered: .audience, query: RecordsQuery(kind: .totals))
            let film = try #require(totals.first { $0.record.movieCode == Records.films[0] })
            #expect(film.record.reach == .noFirstRun && film.record.finalAudience > 0)
        }
    }
}
