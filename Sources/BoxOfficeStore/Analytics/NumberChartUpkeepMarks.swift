import FluentKit
import SQLKit

/// Makes `charts.upkeep_pending` a number each save left for the catch-up draws anew (0: nothing waits), so that a
/// catch-up clears exactly the marks it read and a chart saved again while it ran keeps its new mark: saves no longer
/// wait for a catch-up. The marks of an existing store (1) stay marks; only the partial index that holds the marked
/// charts changes. Plain SQL that SQLite and PostgreSQL both take.
struct NumberChartUpkeepMarks: AsyncMigration {
    var name: String { "BoxOfficeStore.NumberChartUpkeepMarks" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await sql.raw("DROP INDEX idx_charts_upkeep_pending").run()
        try await sql.raw("CREATE INDEX idx_charts_upkeep_marked ON charts (origin) WHERE upkeep_pending <> 0").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await sql.raw("DROP INDEX idx_charts_upkeep_marked").run()
        try await sql.raw("UPDATE charts SET upkeep_pending = 1 WHERE upkeep_pending <> 0").run()
        try await sql.raw("CREATE INDEX idx_charts_upkeep_pending ON charts (origin) WHERE upkeep_pending = 1").run()
    }
}
