import FluentKit
import SQLKit

/// Adds `charts.upkeep_pending`: set on a chart saved with its market and films' records left for the catch-up
/// (``FilmRecordRows/catchUp(origin:on:)``), so that such a save writes no row of its own for them; a partial index
/// holds only the marked charts. Every chart of an existing store starts unmarked (their kept rows are up to date),
/// so the upgrade has nothing to compute. Plain SQL that SQLite and PostgreSQL both take.
struct AddChartUpkeepMark: AsyncMigration {
    var name: String { "BoxOfficeStore.AddChartUpkeepMark" }

    func prepare(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await sql.raw("ALTER TABLE charts ADD COLUMN upkeep_pending INTEGER NOT NULL DEFAULT 0").run()
        try await sql.raw("CREATE INDEX idx_charts_upkeep_pending ON charts (origin) WHERE upkeep_pending = 1").run()
    }

    func revert(on database: any Database) async throws {
        let sql = try database.requireSQL()
        try await sql.raw("DROP INDEX idx_charts_upkeep_pending").run()
        try await sql.raw("ALTER TABLE charts DROP COLUMN upkeep_pending").run()
    }
}
