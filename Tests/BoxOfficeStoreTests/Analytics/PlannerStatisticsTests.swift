import BoxOfficeCore
import BoxOfficeTestSupport
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A catch-up after many charts has PostgreSQL analyze `charts` (so connections plan its foreign-key checks again),
/// and not again until it changes by autovacuum's measure; SQLite has nothing to do.
@Suite("Planner statistics kept as charts grow")
struct PlannerStatisticsTests {
    /// What the server has counted of `charts`: manual analyses, rows inserted, and changes since the last analysis.
    struct Counts: Equatable {
        var analyses: Int
        var inserted: Int
        var changedSinceAnalysis: Int

        static func read(_ sql: any SQLDatabase) async throws -> Counts {
            let row = try await sql.raw(
                """
                SELECT analyze_count, n_tup_ins, n_mod_since_analyze FROM pg_stat_user_tables
                WHERE relid = 'charts'::regclass
                """
            ).first()
            return Counts(
                analyses: try row?.decode(column: "analyze_count", as: Int.self) ?? 0,
                inserted: try row?.decode(column: "n_tup_ins", as: Int.self) ?? 0,
                changedSinceAnalysis: try row?.decode(column: "n_mod_since_analyze", as: Int.self) ?? 0)
        }
    }

    @Test(
        "120 charts saved for later: charts analyzed once grown, not again unchanged; the catch-up gets there",
        arguments: Backend.enabled)
    func analyzedOnceGrown(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let sql = try database.database.requireSQL()
            guard backend == .postgres else {
                for offset in 0..<120 {
                    try await charts.saveDeferringUpkeep(Fixtures.dailyChart(Fixtures.day.adding(days: -offset)))
                }
                try await charts.catchUpUpkeep()
                await PlannerStatistics.analyzeChartsIfGrown(on: database.database)
                return
            }
            // Only this test analyzes: autovacuum's own analysis would reset the count of changes at any moment.
            try await sql.raw("ALTER TABLE charts SET (autovacuum_enabled = false)").run()
            // The upgrade's migrations analyze once (``CreateMarketDays``).
            let before = try await Counts.read(sql)
            for offset in 0..<120 {
                try await charts.saveDeferringUpkeep(Fixtures.dailyChart(Fixtures.day.adding(days: -offset)))
            }
            // Each connection reports its counts to the server a moment after its transactions end (at most every
            // second, when idle); a save inserts its chart in one transaction, so once all 120 inserts are counted,
            // nothing of the saves is left to report.
            try await Wait.until("the server counts the 120 saves") {
                try await Counts.read(sql).inserted >= before.inserted + 120
            }
            let grown = try await Counts.read(sql)
            #expect(grown.changedSinceAnalysis >= 120)
            await PlannerStatistics.analyzeChartsIfGrown(on: database.database)
            let analyzed = try await Counts.read(sql)
            #expect(analyzed.analyses == before.analyses + 1)
            #expect(analyzed.changedSinceAnalysis == 0)
            // Unchanged since: no second analysis.
            await PlannerStatistics.analyzeChartsIfGrown(on: database.database)
            #expect(try await Counts.read(sql).analyses == before.analyses + 1)

            // The catch-up asks after its transaction: it clears 120 charts' marks (changes of its own), and as
            // soon as the server has counted them, a catch-up analyzes again.
            try await charts.catchUpUpkeep()
            try await Wait.until("a catch-up analyzes the charts it changed") {
                try await charts.saveDeferringUpkeep(Fixtures.dailyChart(Fixtures.day))
                try await charts.catchUpUpkeep()
                return try await Counts.read(sql).analyses >= before.analyses + 2
            }
        }
    }
}
