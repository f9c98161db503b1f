import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A store whose charts the schema before numbered marks left marked 1 upgrades in place (`NumberChartUpkeepMarks`):
/// its marks stay marks and are caught up; reverting marks the waiting charts 1 again under the old index.
@Suite("Upkeep marks: a store marked by the previous schema upgrades in place")
struct UpkeepMarkUpgradeTests {
    typealias Records = FilmRecordStoreTests

    @Test(
        "charts marked 1 stay marked, are caught up and cleared; reverting marks the waiting ones 1 again",
        arguments: Backend.enabled)
    func upgrade(backend: Backend) async throws {
        try await TestStore.with(backend, migrate: false) { database, _ in
            let all =
                QuotaKeeperSchemaTests.previousSchema() + QuotaKeeperSchemaTests.added + QuotaKeeperSchemaTests.later
            let old = QuotaKeeperSchemaTests.migrator(all.filter { !($0 is NumberChartUpkeepMarks) }, on: database)
            try await old.setupIfNeeded().get()
            try await old.prepareBatch().get()
            #expect(try await Self.index("idx_charts_upkeep_pending", on: database))

            var random = SplitMix64(seed: backend == .sqlite ? 13 : 2_013)
            let cast = Records.cast(using: &random)
            let charts = database.chartRepository(origin: Records.origin)
            try await Self.save(Records.days.prefix(60), cast: cast, using: &random, on: charts)
            try await charts.catchUpUpkeep()
            // Ten more days left for the catch-up, marked as the code of that schema marked them.
            try await Self.save(Records.days.suffix(10), cast: cast, using: &random, on: charts)
            let sql = try database.database.requireSQL()
            try await sql.raw("UPDATE charts SET upkeep_pending = 1 WHERE upkeep_pending <> 0").run()
            #expect(try await Records.markedCharts(database) == 10)

            try await database.migrate()
            #expect(try await database.rowCount(of: "_fluent_migrations") == DatabaseLifecycleTests.migrationCount)
            #expect(try await Self.index("idx_charts_upkeep_marked", on: database))
            #expect(try await !Self.index("idx_charts_upkeep_pending", on: database))
            #expect(try await Records.markedCharts(database) == 10)
            try await Records.expectKeptEqualsRecomputed(database, "caught up after the upgrade")
            #expect(try await Records.markedCharts(database) == 0)

            // Saved for later with numbered marks, then reverted: marked 1 under the old index, and caught up again.
            let again = Records.days.suffix(5).map { day in
                Records.chart(
                    .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                    fetchedAt: Fixtures.fetchedAt.addingTimeInterval(10_000))
            }
            for chart in again { try await charts.saveDeferringUpkeep(chart) }
            try await QuotaKeeperSchemaTests.migrator(all, on: database).revertLastBatch().get()
            #expect(try await Self.index("idx_charts_upkeep_pending", on: database))
            let ones = try await sql.raw("SELECT COUNT(*) AS marked FROM charts WHERE upkeep_pending = 1").first()
            #expect(try ones?.decode(column: "marked", as: Int.self) == 5)
            try await database.migrate()
            try await Records.expectKeptEqualsRecomputed(database, "migrated again")
            #expect(try await Records.markedCharts(database) == 0)
        }
    }

    static func save(
        _ days: ArraySlice<CalendarDate>, cast: [Records.Film], using random: inout SplitMix64,
        on charts: any ChartRepository
    ) async throws {
        for day in days {
            try await charts.saveDeferringUpkeep(
                Records.chart(
                    .daily, DateRange(start: day, end: day), cast: cast, using: &random,
                    fetchedAt: Fixtures.fetchedAt.addingTimeInterval(Double(Records.first.days(to: day)))))
        }
    }

    /// Whether the store has an index named `name`.
    static func index(_ name: String, on database: BoxOfficeDatabase) async throws -> Bool {
        let sql = try database.database.requireSQL()
        let query: SQLQueryString =
            sql.dialect.name == "postgresql"
            ? "SELECT indexname AS name FROM pg_indexes WHERE indexname = \(bind: name)"
            : "SELECT name FROM sqlite_master WHERE type = 'index' AND name = \(bind: name)"
        return try await sql.raw(query).first() != nil
    }
}
