import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A store whose kept crossings the code before `RecountMilestonesAtRunStart` worked out upgrades in place: the films
/// with an exact crossing are noted, and the next read gives the records a recomputation gives.
@Suite("Kept crossings: a store made by the previous schema is recounted in place")
struct MilestoneRecountUpgradeTests {
    typealias Records = FilmRecordStoreTests

    @Test(
        "an exact crossing the earlier rule invented is gone after the upgrade's catch-up", arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added + QuotaKeeperSchemaTests.later
            let old = QuotaKeeperSchemaTests.migrator(
                all.filter { !($0 is RecountMilestonesAtRunStart) }, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()

            var random = SplitMix64(seed: backend == .sqlite ? 31 : 2_031)
            let cast = Records.cast(using: &random)
            try await Records.saveEveryDay(cast: cast, using: &random, on: database)
            try await Records.expectKeptEqualsRecomputed(database, "before the upgrade")

            // As the earlier rule kept it: 1,000만 "reached" on a film's first day, by a film that never reached it.
            let sql = try database.database.requireSQL()
            let film = try #require(
                try await sql.raw(
                    """
                    SELECT movie_code, open_year FROM film_runs
                    WHERE origin = \(bind: Records.origin) AND final_audience < 10000000 ORDER BY movie_code
                    """
                ).first())
            let code = try film.decode(column: "movie_code", as: String.self)
            let day = Records.first.isoString
            try await sql.raw(
                """
                INSERT INTO film_run_milestones (origin, movie_code, threshold, earliest, latest, day_low, day_high,
                  open_year)
                VALUES (\(bind: Records.origin), \(bind: code), 10000000, \(bind: day), \(bind: day), 1, 1,
                  \(bind: try film.decode(column: "open_year", as: Int?.self)))
                """
            ).run()
            let invented = try await database.recordsRepository(origin: Records.origin).allRecords()
                .first { $0.movieCode == code }?.milestone(10_000_000)
            #expect(invented != nil)

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            let noted = try await sql.raw(
                "SELECT movie_code FROM film_run_pending WHERE origin = \(bind: Records.origin)"
            )
            .all().map { try $0.decode(column: "movie_code", as: String.self) }
            #expect(noted.contains(code))
            try await Records.expectKeptEqualsRecomputed(database, "caught up after the upgrade")
            let kept = try await database.recordsRepository(origin: Records.origin).allRecords()
            #expect(kept.first { $0.movieCode == code }?.milestone(10_000_000) == nil)
            let waiting = try await sql.raw("SELECT COUNT(*) AS waiting FROM film_run_pending").first()
            #expect(try waiting?.decode(column: "waiting", as: Int.self) == 0)
        }
    }
}
