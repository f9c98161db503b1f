import BoxOfficeCore
import FluentKit
import Foundation
import SQLKit
import Testing

@testable import BoxOfficeStore

/// A catch-up after many charts has PostgreSQL analyze `charts` (so connections plan its foreign-key checks again),
/// and not again until it changes by autovacuum's measure; SQLite has nothing to do.
@Suite("Planner statistics kept as charts grow")
struct PlannerStatisticsTests {
    @Test(
        "120 charts saved for later: the catch-up analyzes charts once; the next one does not",
        arguments: Backend.enabled)
    func analyzedOnceGrown(backend: Backend) async throws {
        try await TestStore.with(backend) { database, _ in
            let charts = database.chartRepository(origin: "sample")
            let sql = try database.database.requireSQL()
            for offset in 0..<120 {
                try await charts.saveDeferringUpkeep(Fixtures.dailyChart(Fixtures.day.adding(days: -offset)))
            }
            guard backend == .postgres else {
                try await charts.catchUpUpkeep()
                return
            }
            let analyses = {
                try await sql.raw("SELECT analyze_count FROM pg_stat_user_tables WHERE relid = 'charts'::regclass")
                    .first().map { try $0.decode(column: "analyze_count", as: Int.self) } ?? 0
            }
            // The upgrade's migrations analyze once (``CreateMarketDays``).
            let before = try await analyses()
            try await charts.catchUpUpkeep()
            // The server counts the saves' changes a moment after their transactions end (its statistics are
            // flushed at most every second, by each connection when idle): until it does, a catch-up sees nothing
            // to analyze, so this waits for the count, by polling with a deadline.
            let deadline = ContinuousClock.now + .seconds(60)
            while try await analyses() == before, ContinuousClock.now < deadline {
                try await charts.saveDeferringUpkeep(Fixtures.dailyChart(Fixtures.day))
                try await charts.catchUpUpkeep()
            }
            #expect(try await analyses() == before + 1)
            // Analyzed, the table has changed by a few rows since: no second analysis.
            try await charts.saveDeferringUpkeep(Fixtures.dailyChart(Fixtures.day))
            try await charts.catchUpUpkeep()
            #expect(try await analyses() == before + 1)
        }
    }
}
